package dev.camelsuite.app.enhancer.jobs;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import dev.camelsuite.app.enhancer.MultipartBody;
import dev.camelsuite.app.problem.Problem;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.WebApplicationException;

/**
 * The documents of a {@code multipart/form-data} batch: each part a document, its id the part's file name (else its
 * name), its type the part's {@code Content-Type} (recognised by its bytes when there is none), its language the
 * part's {@code Content-Language}. Read part after part from the body as it arrives: memory holds one part, of at
 * most the enhancer's body limit.
 */
final class MultipartDocuments {

    private static final int MAX_HEAD = 8192;

    private final InputStream body;
    private final byte[] delimiter;
    private final int maxPart;

    private MultipartDocuments(InputStream body, String boundary, int maxPart) {
        this.body = new BufferedInputStream(body, 64 * 1024);
        this.delimiter = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        this.maxPart = maxPart;
    }

    /**
     * Reads every part of {@code body} into {@code sink} as a document.
     *
     * @param mediaType the body's {@code Content-Type}, which names the boundary
     * @param maxPart   the most bytes a part's content may have
     */
    static void read(InputStream body, String mediaType, int maxPart, BatchDocument.Sink sink)
            throws IOException, SQLException {
        String boundary = MultipartBody.parameter(mediaType, "boundary");
        if (boundary == null || boundary.isEmpty()) {
            throw new BadRequestException("A multipart batch's Content-Type needs its boundary");
        }
        new MultipartDocuments(body, boundary, maxPart).readAll(sink);
    }

    private void readAll(BatchDocument.Sink sink) throws IOException, SQLException {
        // the first delimiter may open the body: as if a line ended before it
        upToDelimiter(new Growing(MAX_HEAD, "the text before the first part"), true);
        int part = 0;
        while (true) {
            int first = body.read();
            int second = body.read();
            if (first == '-' && second == '-') {
                return;
            }
            if (first != '\r' || second != '\n') {
                throw new BadRequestException("The batch's multipart body is malformed after part " + part
                                              + ": a delimiter is followed by a line end or by --");
            }
            part++;
            Map<String, String> headers = headers(part);
            Growing content = new Growing(maxPart, "part " + part);
            upToDelimiter(content, false);
            sink.accept(document(part, headers, content.bytes()));
        }
    }

    private static BatchDocument document(int part, Map<String, String> headers, byte[] content) {
        String disposition = headers.get("content-disposition");
        String id = MultipartBody.parameter(disposition, "filename");
        if (id == null || id.isEmpty()) {
            id = MultipartBody.parameter(disposition, "name");
        }
        if (id == null || id.isEmpty()) {
            throw new BadRequestException("Part " + part + " of the batch has neither a file name nor a name to be"
                                          + " its document's id");
        }
        return new BatchDocument(id, content, headers.get("content-type"), headers.get("content-language"));
    }

    private Map<String, String> headers(int part) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        byte[] end = { '\r', '\n', '\r', '\n' };
        // a part without headers starts with its blank line
        head.write('\r');
        head.write('\n');
        matched = 2;
        while (matched < end.length) {
            int b = body.read();
            if (b < 0) {
                throw new BadRequestException("The batch's multipart body ends in the headers of part " + part);
            }
            head.write(b);
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
            if (head.size() > MAX_HEAD) {
                throw new BadRequestException("The headers of part " + part + " take more than " + MAX_HEAD + " bytes");
            }
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line : head.toString(StandardCharsets.UTF_8).split("\r\n")) {
            int colon = line.indexOf(':');
            if (colon > 0) {
                headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
            }
        }
        return headers;
    }

    /** Reads into {@code into} up to the next delimiter, which is read and left out. */
    private void upToDelimiter(Growing into, boolean atStart) throws IOException {
        if (atStart) {
            into.write('\r');
            into.write('\n');
        }
        while (!into.endsWith(delimiter)) {
            int b = body.read();
            if (b < 0) {
                throw new BadRequestException("The batch's multipart body ends before its closing delimiter");
            }
            into.write(b);
        }
        into.drop(delimiter.length);
    }

    /** A part's bytes, refused once they pass their limit (and the delimiter that may end them). */
    private final class Growing extends ByteArrayOutputStream {

        private final int limit;
        private final String what;

        Growing(int limit, String what) {
            super(8192);
            this.limit = limit;
            this.what = what;
        }

        @Override
        public void write(int b) {
            if (count >= limit + delimiter.length) {
                throw new WebApplicationException(Problem.of(413, "The content of " + what + " of the batch takes"
                                                                  + " more than " + limit + " bytes, the most a"
                                                                  + " document may have"
                                                                  + " (camelsuite.enhancer.max-body-size)"));
            }
            super.write(b);
        }

        boolean endsWith(byte[] end) {
            // the last byte first: most bytes are not a delimiter's last
            if (count < end.length || buf[count - 1] != end[end.length - 1]) {
                return false;
            }
            return Arrays.equals(buf, count - end.length, count, end, 0, end.length);
        }

        void drop(int n) {
            count -= n;
        }

        byte[] bytes() {
            return toByteArray();
        }
    }
}
