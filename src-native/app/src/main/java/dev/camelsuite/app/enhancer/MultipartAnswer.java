package dev.camelsuite.app.enhancer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A multipart body written as Stanbol writes its multipart answers: each part with its {@code Content-Disposition}
 * ({@code form-data}, its name, a file name where it has one), {@code Content-Type} and
 * {@code Content-Transfer-Encoding} ({@code 8bit} for text Stanbol writes, {@code binary} for contents as they are);
 * a part may itself be multipart ({@code multipart/alternate} of a content's versions). Each part is written when the
 * answer is, straight to the client, so a large part is never held whole.
 */
final class MultipartAnswer {

    /** Writes a part's body. */
    @FunctionalInterface
    interface PartBody {
        void writeTo(OutputStream out) throws IOException;
    }

    private record Part(String name, String fileName, String mediaType, String transferEncoding, PartBody body) {
    }

    private final String type;
    private final String boundary;
    private final List<Part> parts = new ArrayList<>();

    /**
     * @param type     the multipart type, e.g. {@code multipart/form-data}
     * @param boundary the parts' boundary: the same when one answer is written twice
     */
    MultipartAnswer(String type, String boundary) {
        this.type = type;
        this.boundary = boundary;
    }

    /** The answer's media type: as Stanbol writes it, with the charset of its text parts. */
    String mediaType() {
        return type + "; charset=UTF-8; boundary=" + boundary;
    }

    /** The media type of this multipart as a part of another. */
    String partType() {
        return type + "; boundary=" + boundary;
    }

    boolean isEmpty() {
        return parts.isEmpty();
    }

    /** A part of text this server writes (RDF, JSON). */
    MultipartAnswer text(String name, String fileName, String mediaType, PartBody body) {
        parts.add(new Part(name, fileName, mediaType, "8bit", body));
        return this;
    }

    /** A part of bytes as they are (a content). */
    MultipartAnswer binary(String name, String mediaType, PartBody body) {
        parts.add(new Part(name, null, mediaType, "binary", body));
        return this;
    }

    /** A part that is itself multipart. */
    MultipartAnswer nested(String name, MultipartAnswer inner) {
        parts.add(new Part(name, null, inner.partType(), "8bit", inner::writeTo));
        return this;
    }

    void writeTo(OutputStream out) throws IOException {
        for (Part part : parts) {
            write(out, "--" + boundary + "\r\n");
            write(out, "Content-Disposition: form-data; name=\"" + quoted(part.name()) + "\""
                       + (part.fileName() == null ? "" : "; filename=\"" + quoted(part.fileName()) + "\"") + "\r\n");
            write(out, "Content-Type: " + part.mediaType() + "\r\n");
            write(out, "Content-Transfer-Encoding: " + part.transferEncoding() + "\r\n\r\n");
            part.body().writeTo(out);
            write(out, "\r\n");
        }
        write(out, "--" + boundary + "--\r\n");
    }

    /** A name in a quoted header parameter: its quotes and backslashes escaped, no line breaks. */
    private static String quoted(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\r", "").replace("\n", "");
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }
}
