package dev.camelsuite.enhancer.remote;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentItemJson;
import dev.camelsuite.enhancer.content.ContentItemJson.RequestContent;

/**
 * How content items travel between producers and workers: the JSON schema of {@link ContentItemJson}, as text
 * ({@code json}) or as Smile, Jackson's compact binary encoding of the same schema ({@code binary}).
 */
public enum WireFormat {
    JSON("json", JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build()).build()),
    BINARY("binary", SmileFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build()).build());

    /** The version of the wire protocol this code writes and reads. */
    public static final int VERSION = 1;

    private final String label;
    private final JsonFactory factory;

    WireFormat(String label, JsonFactory factory) {
        this.label = label;
        this.factory = factory;
    }

    public String label() {
        return label;
    }

    public byte[] write(ContentItem item) {
        return write(item, null);
    }

    /** The item, leaving out the content of the request it answers (null: the whole item). */
    public byte[] write(ContentItem item, RequestContent request) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(512);
        try {
            ContentItemJson.writeForWire(item, out, factory, request);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * @throws IllegalArgumentException when the bytes are not an item in this format
     */
    public ContentItem read(byte[] data) {
        return ContentItemJson.read(data, factory);
    }

    /** Reads a reply against the content of the request it answers. */
    public ContentItem read(byte[] data, RequestContent request) {
        return ContentItemJson.read(data, factory, request);
    }

    /** The format of a label ({@code json}, {@code binary}). */
    public static WireFormat of(String label) {
        for (WireFormat f : values()) {
            if (f.label.equals(label)) {
                return f;
            }
        }
        throw new IllegalArgumentException("Unknown wire format '" + label + "' (known: json, binary)");
    }
}
