package dev.camelsuite.enhancer.content;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;

/**
 * The JSON form of a content item (schema in {@code docs/enhancer-component.adoc}), written and read with Jackson's
 * streaming API: no reflection, so it works the same in a native image. Reading rejects malformed input with an
 * {@link IllegalArgumentException} saying what is wrong; unknown fields are skipped.
 */
public final class ContentItemJson {

    /**
     * What a reader of items takes: objects and arrays nested at most 64 deep (an item nests a few levels). The
     * wire's text and binary readers take the same.
     */
    public static final StreamReadConstraints READ_CONSTRAINTS = StreamReadConstraints.builder().maxNestingDepth(64)
            .build();

    private static final JsonFactory FACTORY = JsonFactory.builder().streamReadConstraints(READ_CONSTRAINTS).build();

    private ContentItemJson() {
    }

    public static String toJson(ContentItem item) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            ContentItemJsonWriter.write(item, g, false, null);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /**
     * Writes the item for the wire: as {@link #toJson(ContentItem)} writes it, with a factory of Jackson's streaming
     * API (Smile's for the compact binary form of the same schema), but an id that is
     * still to be computed from the content (and the {@code enhances} of metadata bound to it) is left out, so no
     * side hashes the content unless somebody asks for the id; the reader derives it again.
     */
    public static void writeForWire(ContentItem item, OutputStream out, JsonFactory factory) throws IOException {
        writeForWire(item, out, factory, null);
    }

    /**
     * Writes an item for the wire leaving out the content its reader holds (see {@link HeldContent}); fields
     * {@code requestText} and {@code requestParts} say what was left out, and
     * {@link #read(byte[], int, int, JsonFactory, HeldContent)} puts it back. With null it writes the whole item.
     */
    public static void writeForWire(ContentItem item, OutputStream out, JsonFactory factory, HeldContent held)
            throws IOException {
        try (JsonGenerator g = factory.createGenerator(out, JsonEncoding.UTF8)) {
            ContentItemJsonWriter.write(item, g, true, held);
        }
    }

    /** Reads an item written with {@link #write(ContentItem, OutputStream, JsonFactory)} and the same factory. */
    public static ContentItem read(byte[] data, JsonFactory factory) {
        return read(data, 0, data.length, factory, null);
    }

    /**
     * Reads {@code length} bytes of {@code data} at {@code offset}; the content the writer left out (see
     * {@link #writeForWire(ContentItem, OutputStream, JsonFactory, HeldContent)}) is taken from {@code held}.
     */
    public static ContentItem read(byte[] data, int offset, int length, JsonFactory factory, HeldContent held) {
        try (JsonParser p = factory.createParser(data, offset, length)) {
            return ContentItemJsonReader.read(p, held);
        } catch (IOException e) {
            throw new IllegalArgumentException("Malformed content item: " + e.getMessage(), e);
        }
    }

    public static ContentItem fromJson(String json) {
        try (JsonParser p = FACTORY.createParser(json)) {
            return ContentItemJsonReader.read(p, null);
        } catch (IOException e) {
            throw new IllegalArgumentException("Malformed content item JSON: " + e.getMessage(), e);
        }
    }

    public static ContentItem fromJson(InputStream json) {
        try (JsonParser p = FACTORY.createParser(json)) {
            return ContentItemJsonReader.read(p, null);
        } catch (IOException e) {
            throw new IllegalArgumentException("Malformed content item JSON: " + e.getMessage(), e);
        }
    }
}
