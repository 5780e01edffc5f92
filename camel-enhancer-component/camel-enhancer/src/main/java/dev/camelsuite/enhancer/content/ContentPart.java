package dev.camelsuite.enhancer.content;

/**
 * A binary part of a content item, such as the original document a text was extracted from.
 *
 * @param name      the part's name, unique within its item
 * @param mediaType its media type, e.g. {@code application/pdf}
 * @param data      the bytes; not copied, so do not change them after handing them over
 */
public record ContentPart(String name, String mediaType, byte[] data) {

    public ContentPart {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("A content part needs a name");
        }
        if (mediaType == null || mediaType.isBlank()) {
            throw new IllegalArgumentException("Content part '" + name + "' needs a media type");
        }
        if (data == null) {
            throw new IllegalArgumentException("Content part '" + name + "' needs data");
        }
    }
}
