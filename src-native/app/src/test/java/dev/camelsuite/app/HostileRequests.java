package dev.camelsuite.app;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.Predicate;

import dev.camelsuite.enhancer.engines.tika.SampleDocuments;

/**
 * What an attacker sends to the surfaces added since the first probe — the SPARQL endpoint, multipart content items,
 * document conversion, enhancement jobs — each as the lowest role that reaches it, with what it must be answered and by when: the
 * surface's deadline (5 s for SPARQL, 60 s for an enhancement) and a second.
 */
final class HostileRequests {

    static final String READER = "reader";
    static final String READER_PASSWORD = "reader-hostile-1";
    static final String WRITER = "writer";
    static final String WRITER_PASSWORD = "writer-hostile-1";
    static final String ADMIN = "admin";
    static final Duration SPARQL_DEADLINE = Duration.ofSeconds(5);
    static final Duration ENHANCER_DEADLINE = Duration.ofSeconds(60);

    /** One hostile request: how to make it, by when it must be answered, and how. */
    record Case(String name, HttpRequest.Builder request, Duration deadline, IntPredicate status,
                Predicate<String> body) {
    }

    private static final String PATTERNS = "?s0 ?p0 ?o0 . ?s1 ?p1 ?o1 . ?s2 ?p2 ?o2 . ?s3 ?p3 ?o3 . ?s4 ?p4 ?o4";
    private static final String DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

    private HostileRequests() {
    }

    static List<Case> all(int port) {
        String base = "http://localhost:" + port;
        List<Case> all = new java.util.ArrayList<>(sparqlCases(base));
        all.addAll(enhancerCases(base));
        all.addAll(repairCases(base));
        // last: the jobs they leave run while the application is checked
        all.addAll(jobCases(base));
        return all;
    }

    /**
     * Bulk repairs of workflow steps: an administrator's (the lowest role that reaches them) of up to 10,000 steps, and
     * a dry run matching an error text of 10,000 characters; a writer's, refused.
     */
    private static List<Case> repairCases(String base) {
        return List.of(
                new Case("a bulk repair of up to 10,000 steps in error",
                        as(ADMIN, base + "/workflow_repairs?workflow=accessionWF&to=queued&limit=10000")
                                .POST(HttpRequest.BodyPublishers.noBody()), ENHANCER_DEADLINE, s -> s == 200,
                        b -> b.contains("\"dryRun\":false")),
                new Case("a repair's dry run matching an error text of 10,000 characters",
                        as(ADMIN, base + "/workflow_repairs?workflow=accessionWF&to=queued&error=" + "%25_".repeat(5000))
                                .GET(), ENHANCER_DEADLINE, s -> s == 200, b -> b.contains("\"matched\":0")),
                new Case("a writer's bulk repair",
                        as(WRITER, base + "/workflow_repairs?workflow=accessionWF&to=queued")
                                .POST(HttpRequest.BodyPublishers.noBody()), ENHANCER_DEADLINE, s -> s == 403,
                        b -> true));
    }

    /** Queries of {@code /enhancer/sparql}: a reader's by GET, a writer's by a form. */
    private static List<Case> sparqlCases(String base) {
        return List.of(
                new Case("a join of five patterns sharing no variable (6.4 million rows)",
                        sparql(base, "SELECT ?s0 WHERE { " + PATTERNS + " }"), SPARQL_DEADLINE, s -> s == 422,
                        b -> b.contains("camelsuite.enhancer.sparql.max-")),
                new Case("the same, sorted and grouped",
                        sparql(base, "SELECT (GROUP_CONCAT(STR(?o0)) AS ?all) WHERE { " + PATTERNS + " } GROUP BY ?s4"),
                        SPARQL_DEADLINE, s -> s == 422, b -> b.contains("camelsuite.enhancer.sparql.max-")),
                new Case("a backtracking regular expression",
                        sparql(base, "SELECT ?s WHERE { ?s ?p ?o FILTER(REGEX(CONCAT(\"" + "a".repeat(26)
                                     + "!\", STR(?s)), \"^((a+)\\\\2?)+$\")) }"), SPARQL_DEADLINE, s -> s == 503,
                        b -> b.contains("camelsuite.enhancer.sparql.timeout")),
                new Case("1,900 nested parentheses in a filter",
                        sparql(base, "SELECT ?s WHERE { ?s ?p ?o FILTER(" + "(".repeat(1900) + "1" + ")".repeat(1900)
                                     + ") }"), SPARQL_DEADLINE, s -> s == 400,
                        b -> b.contains("camelsuite.enhancer.sparql.max-nesting")),
                new Case("a query of 9,900 characters by GET",
                        sparql(base, "SELECT ?s WHERE { ?s ?p ?o } LIMIT 1 #" + "x".repeat(9860)), SPARQL_DEADLINE,
                        s -> s == 200, b -> b.contains("<sparql")),
                new Case("a query of 2,100 bytes in a form",
                        as(WRITER, base + "/enhancer/sparql").header("Content-Type", "application/x-www-form-urlencoded")
                                .POST(HttpRequest.BodyPublishers.ofString("query=" + encode(
                                        "SELECT ?s WHERE { ?s ?p ?o } LIMIT 1 #" + "x".repeat(2100)))),
                        SPARQL_DEADLINE, s -> s == 200, b -> b.contains("<sparql")));
    }

    /** Enhancements: multipart content items, documents to convert, text, each a writer's. */
    private static List<Case> enhancerCases(String base) {
        return List.of(
                new Case("eight RDF/XML parts whose entities expand to 36 million characters each",
                        multipart(base, entityBomb(), "application/rdf+xml", 7, null), ENHANCER_DEADLINE,
                        s -> s == 422, b -> b.contains("camelsuite.enhancer.max-rdf-characters")),
                new Case("JSON-LD metadata nested 3,000 deep",
                        multipart(base, "{\"@id\": \"urn:doc\", \"urn:p\": " + "[".repeat(3000) + "]".repeat(3000) + "}",
                                "application/ld+json", 0, null), ENHANCER_DEADLINE, s -> s == 422,
                        b -> b.contains("nests more than")),
                new Case("JSON-LD metadata naming a remote context",
                        multipart(base, "{\"@context\": \"http://127.0.0.1:9/context.jsonld\", \"@id\": \"urn:doc\"}",
                                "application/ld+json", 0, null), ENHANCER_DEADLINE, s -> s == 400,
                        b -> b.contains("a remote JSON-LD context is not loaded") && !b.contains("WHITELIST")),
                new Case("a request property of 2,000 digits",
                        multipart(base, "<urn:doc> <urn:p> \"x\" .", "text/turtle", 0, null,
                                "{\"n\": " + "9".repeat(2000) + "}"),
                        ENHANCER_DEADLINE, s -> s == 400,
                        b -> b.contains("more than 1000 digits") && !b.contains("StreamReadConstraints")),
                new Case("an id with U+202E from the metadata part's file name",
                        multipart(base, "<urn:doc> <urn:p> \"x\" .", "text/turtle", 0, "urn:a\u202Eb"),
                        ENHANCER_DEADLINE, s -> s == 400, b -> b.contains("U+202E")),
                new Case("a 320 KB Word document of 300 MB of text",
                        enhance(base + "/enhancer?executionmetadata=true", DOCX, SampleDocuments.docxBomb(300, false)),
                        ENHANCER_DEADLINE, s -> s == 200, HostileRequests::refusedByTika),
                new Case("a 900 KB Word document of 600 MB of empty paragraphs",
                        enhance(base + "/enhancer?executionmetadata=true", DOCX, SampleDocuments.docxBomb(600, true)),
                        ENHANCER_DEADLINE, s -> s == 200, HostileRequests::refusedByTika),
                new Case("one word of 400,000 letters",
                        enhance(base + "/enhancer", "text/plain",
                                ("Paris " + "a".repeat(400_000) + " Berlin.").getBytes(StandardCharsets.UTF_8)),
                        ENHANCER_DEADLINE, s -> s == 200, b -> b.contains("Berlin")),
                new Case("an XML document whose 50,000-character entity is used 15 times",
                        enhance(base + "/enhancer", "application/xml", ("<?xml version=\"1.0\"?><!DOCTYPE d [<!ENTITY e \""
                                + "b".repeat(50_000) + "\">]><d><p>Paris " + "&e;".repeat(15) + " Berlin.</p></d>")
                                .getBytes(StandardCharsets.UTF_8)), ENHANCER_DEADLINE, s -> s == 200, b -> true),
                new Case("an HTML title of control characters, answered in RDF/XML",
                        enhance(base + "/enhancer", "text/html", ("<html><head><title>A\u0001\u000b\u001fB</title></head>"
                                + "<body><p>Angela Merkel travelled to Paris.</p></body></html>")
                                .getBytes(StandardCharsets.UTF_8)).header("Accept", "application/rdf+xml"),
                        ENHANCER_DEADLINE, s -> s == 200, HostileRequests::isXml));
    }

    /**
     * Enhancement jobs: a writer's document bomb kept to run later, a text whose answer (80 MB of JSON-LD) passes what
     * a job keeps, batches past their documents and their bytes (sent in chunks, so only reading them finds out), a
     * body of 60 MB to an API that takes 64 KB (bodies are read as they arrive, never held whole), a reader asking for
     * someone else's job.
     */
    private static List<Case> jobCases(String base) {
        return List.of(
                new Case("a 900 KB Word document of 600 MB of empty paragraphs, as a job",
                        enhance(base + "/enhancer?executionmetadata=true", DOCX, SampleDocuments.docxBomb(600, true))
                                .header("Prefer", "respond-async"), ENHANCER_DEADLINE, s -> s == 202,
                        b -> b.contains("\"state\":\"queued\"")),
                new Case("900 KB of entity mentions as a job, its answer asked for in JSON-LD",
                        enhance(base + "/enhancer", "text/plain", AnswerBoundTest.mentions(900_000)
                                .getBytes(StandardCharsets.UTF_8)).header("Accept", "application/ld+json")
                                .header("Prefer", "respond-async"), ENHANCER_DEADLINE, s -> s == 202,
                        b -> b.contains("\"state\":\"queued\"")),
                new Case("a batch of 10,001 short documents",
                        enhance(base + "/enhancer/batches", "application/x-ndjson",
                                EnhancementBatchesApiTest.ndjson(10_001)), ENHANCER_DEADLINE, HostileRequests::batchRefused,
                        b -> b.contains("camelsuite.enhancer.jobs.max-batch-documents") || busy(b)),
                new Case("a batch of 700 documents of 100 KB (70 MB), sent in chunks",
                        as(WRITER, base + "/enhancer/batches").header("Content-Type", "application/x-ndjson")
                                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> lines(700, i -> "{\"id\": \"d"
                                        + i + "\", \"text\": \"" + "Paris ".repeat(100_000 / 6) + "\"}\n"))),
                        ENHANCER_DEADLINE, HostileRequests::batchRefused,
                        b -> b.contains("at most 67108864 bytes") || busy(b)),
                new Case("a workflow of 60 MB sent in chunks",
                        as(WRITER, base + "/objects/druid:hostile/workflows/accessionWF?version=1")
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> lines(600, i -> i == 0
                                        ? "{\"context\": {\"a\": \"" : "x".repeat(100_000)))),
                        ENHANCER_DEADLINE, s -> s == 413, b -> b.contains("at most 65536 bytes")),
                new Case("a job that is not the reader's",
                        as(READER, base + "/enhancer/jobs/" + java.util.UUID.randomUUID()).GET(), ENHANCER_DEADLINE,
                        s -> s == 404, b -> b.contains("No job")));
    }

    /** A batch's refusal: 413 for what it is, or, six at once, 503 for the ones beyond max-batches-at-once. */
    private static boolean batchRefused(int status) {
        return status == 413 || status == 503;
    }

    private static boolean busy(String answer) {
        return answer.contains("camelsuite.enhancer.jobs.max-batches-at-once");
    }

    private static boolean refusedByTika(String answer) {
        return answer.contains("Zip bomb detected") || answer.contains("passes 1000000 characters");
    }

    private static boolean isXml(String answer) {
        try {
            javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new ByteArrayInputStream(answer.getBytes(StandardCharsets.UTF_8)));
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** {@code count} lines, made one at a time as they are read: a long body that the test never holds. */
    private static java.io.InputStream lines(int count, java.util.function.IntFunction<String> line) {
        return new java.io.InputStream() {
            private int next;
            private byte[] current = new byte[0];
            private int at;

            @Override
            public int read() {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] into, int offset, int length) {
                while (at == current.length) {
                    if (next == count) {
                        return -1;
                    }
                    current = line.apply(next++).getBytes(StandardCharsets.UTF_8);
                    at = 0;
                }
                int n = Math.min(length, current.length - at);
                System.arraycopy(current, at, into, offset, n);
                at += n;
                return n;
            }
        };
    }

    static HttpRequest.Builder as(String user, String url) {
        String password = user.equals(READER) ? READER_PASSWORD
                : user.equals(ADMIN) ? PackagedApplication.PASSWORD : WRITER_PASSWORD;
        return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(90)).header("Authorization",
                "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }

    private static HttpRequest.Builder sparql(String base, String query) {
        return as(READER, base + "/enhancer/sparql?query=" + encode(query)).GET();
    }

    private static HttpRequest.Builder enhance(String url, String type, byte[] body) {
        return as(WRITER, url).header("Content-Type", type).POST(HttpRequest.BodyPublishers.ofByteArray(body));
    }

    /** Metadata of the given type, the content, and {@code graphs} more parts of the same metadata. */
    private static HttpRequest.Builder multipart(String base, String metadata, String type, int graphs,
                                                 String fileName) {
        return multipart(base, metadata, type, graphs, fileName, null);
    }

    /** …and a properties part of that JSON after the content, when not null. */
    private static HttpRequest.Builder multipart(String base, String metadata, String type, int graphs,
                                                 String fileName, String properties) {
        String boundary = "hostile-boundary";
        StringBuilder body = new StringBuilder();
        body.append(part(boundary, "metadata", fileName == null ? "urn:doc" : fileName, type, metadata));
        body.append(part(boundary, "content", null, "text/plain", "Angela Merkel travelled to Paris."));
        if (properties != null) {
            body.append(part(boundary, "properties", null, "application/json", properties));
        }
        for (int i = 0; i < graphs; i++) {
            body.append(part(boundary, "urn:graph:" + i, null, type, metadata));
        }
        body.append("--").append(boundary).append("--\r\n");
        return as(WRITER, base + "/enhancer").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
    }

    private static String part(String boundary, String name, String fileName, String type, String data) {
        return "--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + name + "\""
               + (fileName == null ? "" : "; filename=\"" + fileName + "\"") + "\r\nContent-Type: " + type
               + "\r\n\r\n" + data + "\r\n";
    }

    /** Within the XML parser's own limits (64,000 expansions), 36 million characters once expanded. */
    private static String entityBomb() {
        return "<?xml version=\"1.0\"?><!DOCTYPE rdf:RDF [<!ENTITY a \"" + "A".repeat(9000) + "\">"
               + "<!ENTITY b \"" + "&a;".repeat(100) + "\">]>"
               + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns:dc=\"urn:dc:\">"
               + "<rdf:Description rdf:about=\"urn:doc\"><dc:title>" + "&b;".repeat(40)
               + "</dc:title></rdf:Description></rdf:RDF>";
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
