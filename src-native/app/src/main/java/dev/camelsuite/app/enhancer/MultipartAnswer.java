package dev.camelsuite.app.enhancer;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Stanbol's answer when the request asks for the content too ({@code outputContent}): a {@code multipart/form-data}
 * body whose {@code metadata} part holds the RDF and whose {@code content} part holds the content.
 */
final class MultipartAnswer {

    private final String boundary = "contentItem-" + UUID.randomUUID();
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();

    String mediaType() {
        return "multipart/form-data; boundary=" + boundary;
    }

    MultipartAnswer part(String name, String fileName, String mediaType, byte[] data) {
        try {
            write("--" + boundary + "\r\n");
            write("Content-Disposition: form-data; name=\"" + name + "\"; filename=\"" + fileName + "\"\r\n");
            write("Content-Type: " + mediaType + "\r\n\r\n");
            body.write(data);
            write("\r\n");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    void writeTo(OutputStream out) throws IOException {
        body.writeTo(out);
        out.write(("--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
    }

    private void write(String text) throws IOException {
        body.write(text.getBytes(StandardCharsets.UTF_8));
    }
}
