package dev.camelsuite.app.enhancer;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * Stanbol's answer when the request asks for more than the enhancements ({@code outputContent},
 * {@code outputContentPart}): a {@code multipart/form-data} body whose {@code metadata} part holds the RDF, whose
 * {@code content} part holds the content, and one part per content part asked for, named by its URI. Each part is
 * written when the answer is, straight to the client, so a large part is never held whole.
 */
final class MultipartAnswer {

    /** Writes a part's body. */
    @FunctionalInterface
    interface PartBody {
        void writeTo(OutputStream out) throws IOException;
    }

    private record Part(String name, String fileName, String mediaType, PartBody body) {
    }

    private final String boundary;
    private final List<Part> parts = new ArrayList<>();

    /** @param boundary the parts' boundary: the same when one answer is written twice */
    MultipartAnswer(String boundary) {
        this.boundary = boundary;
    }

    /** A boundary no content holds. */
    static String newBoundary() {
        return "contentItem-" + UUID.randomUUID();
    }

    String mediaType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    MultipartAnswer part(String name, String fileName, String mediaType, PartBody body) {
        parts.add(new Part(name, fileName, mediaType, body));
        return this;
    }

    void writeTo(OutputStream out) throws IOException {
        for (Part part : parts) {
            write(out, "--" + boundary + "\r\n");
            write(out, "Content-Disposition: form-data; name=\"" + part.name() + "\"; filename=\"" + part.fileName()
                       + "\"\r\n");
            write(out, "Content-Type: " + part.mediaType() + "\r\n\r\n");
            part.body().writeTo(out);
            write(out, "\r\n");
        }
        write(out, "--" + boundary + "--\r\n");
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }
}
