package dev.camelsuite.app;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Batches whose clients send them slowly, a line at a time: each holds a database connection while it arrives, so
 * they take at most camelsuite.enhancer.jobs.max-batches-at-once places (one more is answered 503) and their
 * deadline (408), and a bystander's job is answered meanwhile. Before these bounds, 16 such batches took every
 * connection of the pool, and a job submitted beside them was answered 503 after 5 s.
 */
@QuarkusTest
@TestProfile(SlowBatchesTest.ShortDeadline.class)
class SlowBatchesTest {

    /** A batch must arrive within 3 s; a database of its own. */
    public static class ShortDeadline implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.jdbc.url", "jdbc:h2:mem:slow-batches;DB_CLOSE_DELAY=-1",
                    "camelsuite.enhancer.jobs.batch-read-timeout", "3s");
        }
    }

    @TestHTTPResource("/")
    URL base;

    /** A writer's batch sent a line every 300 ms, until the server answers or ends it. */
    private final class SlowBatch implements AutoCloseable {

        private final Socket socket;
        private final Thread sender;

        SlowBatch(int n) throws IOException {
            socket = new Socket(base.getHost(), base.getPort());
            socket.setSoTimeout(15_000);
            OutputStream out = socket.getOutputStream();
            String auth = Base64.getEncoder().encodeToString((SignedIn.WRITER + ":" + SignedIn.WRITER_PASSWORD)
                    .getBytes(StandardCharsets.UTF_8));
            out.write(("POST /enhancer/batches HTTP/1.1\r\nHost: localhost\r\nAuthorization: Basic " + auth
                       + "\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            sender = new Thread(() -> {
                try {
                    // until the answer comes: a write after the server closed would reset the connection, and
                    // with it the answer still unread
                    for (int line = 0; line < 1000 && socket.getInputStream().available() == 0; line++) {
                        byte[] doc = ("{\"id\": \"slow-" + n + "-" + line + "\", \"text\": \"Paris.\"}\n")
                                .getBytes(StandardCharsets.UTF_8);
                        out.write((Integer.toHexString(doc.length) + "\r\n").getBytes(StandardCharsets.US_ASCII));
                        out.write(doc);
                        out.write("\r\n".getBytes(StandardCharsets.US_ASCII));
                        out.flush();
                        Thread.sleep(300);
                    }
                } catch (IOException | InterruptedException e) {
                    // answered and closed by the server, or the test is over
                }
            });
            sender.setDaemon(true);
            sender.start();
        }

        /** The status line, headers and body of the answer, read until the server closes the connection. */
        String answer() throws IOException {
            java.io.InputStream in = socket.getInputStream();
            java.io.ByteArrayOutputStream answer = new java.io.ByteArrayOutputStream();
            int b;
            while ((b = in.read()) >= 0) {
                answer.write(b);
            }
            return answer.toString(StandardCharsets.UTF_8);
        }

        @Override
        public void close() throws IOException {
            sender.interrupt();
            socket.close();
        }
    }

    @Test
    void sixSlowBatchesTakeTheirPlacesAndTheirDeadlineAndABystanderIsAnswered() throws Exception {
        List<SlowBatch> batches = new ArrayList<>();
        try {
            for (int i = 0; i < 6; i++) {
                batches.add(new SlowBatch(i));
            }
            Thread.sleep(500);
            long asked = System.nanoTime();
            given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD).contentType("text/plain")
                    .header("Prefer", "respond-async").body("Paris is a city.").when().post("/enhancer")
                    .then().statusCode(202);
            assertThat((System.nanoTime() - asked) / 1_000_000).as("the bystander's answer, in ms").isLessThan(2000);

            List<String> answers = new ArrayList<>();
            for (SlowBatch batch : batches) {
                answers.add(batch.answer());
            }
            assertThat(answers).filteredOn(a -> a.startsWith("HTTP/1.1 408")).hasSize(4)
                    .allMatch(a -> a.contains("camelsuite.enhancer.jobs.batch-read-timeout"));
            assertThat(answers).filteredOn(a -> a.startsWith("HTTP/1.1 503")).hasSize(2)
                    .allMatch(a -> a.contains("camelsuite.enhancer.jobs.max-batches-at-once")
                                   && a.toLowerCase().contains("retry-after: 5"));
        } finally {
            for (SlowBatch batch : batches) {
                batch.close();
            }
        }
        // their places are free again, and nothing of them was kept
        given().auth().preemptive().basic(SignedIn.WRITER, SignedIn.WRITER_PASSWORD)
                .contentType("application/x-ndjson")
                .body("{\"id\": \"a\", \"text\": \"Paris.\"}\n".getBytes(StandardCharsets.UTF_8))
                .when().post("/enhancer/batches").then().statusCode(202);
    }
}
