package dev.camelsuite.enhancer.remote.wire;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentItemJson;
import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;

/**
 * How content items travel between producers and workers: the JSON schema of {@link ContentItemJson}, as text
 * ({@code json}) or as Smile, Jackson's compact binary encoding of the same schema ({@code binary}).
 */
public enum WireFormat {
    JSON("json", JsonFactory.builder().streamReadConstraints(ContentItemJson.READ_CONSTRAINTS).build()),
    BINARY("binary", SmileFactory.builder().streamReadConstraints(ContentItemJson.READ_CONSTRAINTS).build());

    /** The version of the wire protocol this code writes and reads, in {@link WireProtocol#VERSION_PROPERTY}. */
    public static final int PROTOCOL_VERSION = 1;

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
        ByteArrayOutputStream out = new ByteArrayOutputStream(sizeHint(item, request));
        try {
            ContentItemJson.writeForWire(item, out, factory, request);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /**
     * Writes the item straight into a message's body, leaving out the content of the request it answers (null: the
     * whole item): no buffer of its own and no copy of it (the generator's own buffer is recycled).
     */
    void writeTo(BytesMessage message, ContentItem item, RequestContent request) throws JMSException {
        try {
            ContentItemJson.writeForWire(item, new BodyOutput(message), factory, request);
        } catch (IOException e) {
            if (e.getCause() instanceof JMSException refused) {
                throw refused;
            }
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Room for the item's text and a little metadata, so that the buffer of a request is seldom grown (each growth
     * copies it); the text is left out of a reply that answers its request.
     */
    private static int sizeHint(ContentItem item, RequestContent request) {
        String text = item.getText();
        return request != null || text == null ? 512 : Math.min(text.length() + text.length() / 8 + 512, 1 << 20);
    }

    /**
     * @throws IllegalArgumentException when the bytes are not an item in this format
     */
    public ContentItem read(byte[] data) {
        return ContentItemJson.read(data, factory);
    }

    /** Reads a reply against the content of the request it answers. */
    public ContentItem read(byte[] data, RequestContent request) {
        return ContentItemJson.read(data, 0, data.length, factory, request);
    }

    /** Reads {@code length} bytes at {@code offset}, against the content of the request they answer (or null). */
    ContentItem read(byte[] data, int offset, int length, RequestContent request) {
        return ContentItemJson.read(data, offset, length, factory, request);
    }

    /** A message's body as the generator's output (a refusal of the message travels as the cause of an IOException). */
    private static final class BodyOutput extends OutputStream {

        private final BytesMessage message;

        BodyOutput(BytesMessage message) {
            this.message = message;
        }

        @Override
        public void write(int b) throws IOException {
            try {
                message.writeByte((byte) b);
            } catch (JMSException e) {
                throw new IOException(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                message.writeBytes(b, off, len);
            } catch (JMSException e) {
                throw new IOException(e);
            }
        }
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
