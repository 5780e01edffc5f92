package dev.camelsuite.app;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.engines.tika.SampleDocuments;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged application's log after its first document conversions, as a new user sees it: the PDF and Office
 * parsers (PDFBox, POI) log through Log4j's API, which reaches the application's log; nothing is an ERROR.
 */
class DocumentLogIT {

    private static final List<String> PARAGRAPHS = List.of("Angela Merkel travelled from Berlin to Paris.",
            "She met the mayor there.");

    @TempDir
    Path work;

    @Test
    void theFirstPdfAndDocxLeaveNoErrorInTheLog() throws Exception {
        try (PackagedApplication app = new PackagedApplication(work, Map.of())) {
            app.start().awaitReady(120);
            HttpClient http = HttpClient.newHttpClient();
            for (Map.Entry<String, byte[]> document : Map.of(
                    "application/pdf", SampleDocuments.pdf("A trip", "Ann Author", PARAGRAPHS),
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                    SampleDocuments.docx("A trip", "Ann Author", PARAGRAPHS)).entrySet()) {
                HttpResponse<String> answer = http.send(HttpRequest.newBuilder(
                                URI.create("http://localhost:" + app.port() + "/enhancer"))
                        .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                                ("admin:" + PackagedApplication.PASSWORD).getBytes(StandardCharsets.UTF_8)))
                        .header("Content-Type", document.getKey()).header("Accept", "application/n-triples")
                        .POST(HttpRequest.BodyPublishers.ofByteArray(document.getValue())).build(),
                        HttpResponse.BodyHandlers.ofString());
                assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
                assertThat(answer.body()).as(document.getKey()).contains("berlin");
                assertThat(answer.headers().firstValue("Warning")).isEmpty();
            }
            assertThat(app.logLines()).as(app.log())
                    .noneMatch(line -> line.contains("ERROR"))
                    .noneMatch(line -> line.contains("could not find a logging provider"));
        }
    }
}
