package dev.camelsuite.app.enhancer.jobs;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.List;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

/**
 * A batch's results as NDJSON, one line a document in the order they were sent: its id, its job, its state and, once
 * it has finished, its answer's status, type and the answer itself (JSON answers as JSON, others as a string). A page
 * holds at most {@value #MAX_DOCUMENTS} documents and, past its first, {@value #MAX_BYTES} bytes of answers; a
 * {@code Link: <…?from=N>; rel="next"} header names the next. Answers are read from the database one at a time as
 * the page is written, never all at once.
 */
final class BatchResults {

    static final int MAX_DOCUMENTS = 1000;
    static final long MAX_BYTES = 16L * 1024 * 1024;
    private static final JsonFactory JSON = new JsonFactory();

    private BatchResults() {
    }

    static Response page(BatchStore batches, JobStore jobs, String batchId, int from, String publicUrl)
            throws SQLException {
        return page(batches, jobs, batchId, from, publicUrl, null);
    }

    /**
     * A page of the results as one RDF graph in {@code graph}'s format (Turtle or N-Triples, which one writes as the
     * documents' graphs one after the other): the statements of every document done, whose answer is RDF; each
     * document's blank nodes its own.
     */
    static Response page(BatchStore batches, JobStore jobs, String batchId, int from, String publicUrl,
                         RdfFormat graph) throws SQLException {
        List<BatchStore.Entry> entries = batches.entries(batchId, from, MAX_DOCUMENTS + 1);
        int shown = 0;
        long bytes = 0;
        while (shown < Math.min(entries.size(), MAX_DOCUMENTS)
               && (shown == 0 || bytes + entries.get(shown).answerSize() <= MAX_BYTES)) {
            bytes += entries.get(shown).answerSize();
            shown++;
        }
        List<BatchStore.Entry> page = entries.subList(0, shown);
        Response.ResponseBuilder answer = graph == null
                ? Response.ok((StreamingOutput) out -> write(out, page, jobs, publicUrl), EnhancementBatches.NDJSON)
                : Response.ok((StreamingOutput) out -> writeGraph(out, page, jobs, graph), graph.mediaType());
        if (shown < entries.size()) {
            answer.header("Link", "<" + BatchJson.location(publicUrl, batchId) + "/results?from="
                                  + entries.get(shown).index() + ">; rel=\"next\"");
        }
        return answer.build();
    }

    private static void write(OutputStream out, List<BatchStore.Entry> page, JobStore jobs, String publicUrl)
            throws IOException {
        for (BatchStore.Entry entry : page) {
            try (JsonGenerator line = JSON.createGenerator(new NotClosing(out), JsonEncoding.UTF8)) {
                line.writeStartObject();
                line.writeStringField("id", entry.item());
                line.writeStringField("job", JobJson.location(publicUrl, entry.job()));
                line.writeStringField("state", entry.state().label());
                if (entry.state() == JobState.DONE || entry.state() == JobState.FAILED) {
                    writeAnswer(line, jobs, entry);
                }
                line.writeEndObject();
            }
            out.write('\n');
        }
    }

    private static void writeGraph(OutputStream out, List<BatchStore.Entry> page, JobStore jobs, RdfFormat graph)
            throws IOException {
        for (BatchStore.Entry entry : page) {
            StoredAnswer answer = entry.state() == JobState.DONE ? stored(jobs, entry) : null;
            RdfFormat format = answer == null || answer.status() != 200 ? null : rdf(answer.type());
            if (format != null) {
                EnhancementRdf.write(EnhancementRdf.parse(new java.io.ByteArrayInputStream(answer.body()), format),
                        graph, new NotClosing(out));
                out.write('\n');
            }
        }
    }

    /** The RDF format of an answer's type; null for an answer that is not RDF (the content alone, a multipart). */
    private static RdfFormat rdf(String type) {
        if (type == null || type.toLowerCase().startsWith("text/plain")) {
            return null;
        }
        try {
            return RdfFormat.of(type);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static StoredAnswer stored(JobStore jobs, BatchStore.Entry entry) throws IOException {
        try {
            return jobs.answer(entry.job());
        } catch (SQLException e) {
            throw new IOException("The answer of job " + entry.job() + " could not be read", e);
        }
    }

    private static void writeAnswer(JsonGenerator line, JobStore jobs, BatchStore.Entry entry) throws IOException {
        StoredAnswer answer = stored(jobs, entry);
        if (answer == null) {
            // deleted since the page was listed
            return;
        }
        line.writeNumberField("status", answer.status());
        line.writeStringField("type", answer.type());
        line.writeFieldName("result");
        if (answer.type() != null && answer.type().toLowerCase().contains("json")) {
            // compacted onto the line, token by token
            try (JsonParser json = JSON.createParser(answer.body())) {
                json.nextToken();
                line.copyCurrentStructure(json);
            }
        } else {
            line.writeString(new String(answer.body(), StandardCharsets.UTF_8));
        }
    }

    /** The response's stream, left open when a line's writer closes. */
    private static final class NotClosing extends java.io.FilterOutputStream {
        NotClosing(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
