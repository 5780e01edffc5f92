package dev.camelsuite.app;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import jakarta.jms.TextMessage;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerService;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged application (-Xmx512m) serving its default chain to the stock UIMA AS 2.10.3 client (its own JVM, the
 * {@code uima-as-test-service} module's class path), configured as quarkus-app.adoc says: the chain's findings come
 * back as annotations of its type system; and whoever may write the queue, six at once with the largest CAS it takes
 * and with larger ones, leaves a bystander answered.
 */
class ServedChainIT {

    @TempDir
    static Path work;

    private static BrokerService broker;
    private static String url;
    private static PackagedApplication app;

    @BeforeAll
    static void start() throws Exception {
        broker = new BrokerService();
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.addConnector("tcp://localhost:0");
        broker.start();
        url = broker.getTransportConnectors().get(0).getConnectUri().toString();
        app = new PackagedApplication(work, Map.of("CAMELSUITE_UIMA_CHAINS", "default",
                "CAMELSUITE_UIMA_BROKER_URL", url)).start();
        app.awaitReady(120);
    }

    @AfterAll
    static void stop() throws Exception {
        if (app != null) {
            app.close();
        }
        if (broker != null) {
            broker.stop();
        }
    }

    @Test
    void theStockClientGetsTheDefaultChainsFindings() throws Exception {
        Path answers = Files.createTempFile(work, "answers", ".txt");
        List<String> protocol = stockClient(answers);
        assertThat(protocol).as(app.log()).contains("META EnhancerChain dev.camelsuite.enhancer.uima.Entity,"
                                                    + "dev.camelsuite.enhancer.uima.Sentence,"
                                                    + "dev.camelsuite.enhancer.uima.Token", "CPC", "DONE 20 0");
        List<String> lines = Files.readAllLines(answers, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(20).allSatisfy(line -> assertThat(line)
                .contains(" language=en ")
                .contains("dev.camelsuite.enhancer.uima.Sentence[0,")
                .contains("dev.camelsuite.enhancer.uima.Token[0,8]\"Document\""));
    }

    @Test
    void sixClientsAtOnceWithTheLargestCasesLeaveABystanderAnswered() throws Exception {
        List<CompletableFuture<String>> hostile = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            int size = i % 2 == 0 ? 1_000_000 : 5_000_000; // just under camelsuite.uima.max-cas-size, and over it
            hostile.add(CompletableFuture.supplyAsync(() -> rawRequest(size)));
        }
        Path answers = Files.createTempFile(work, "bystander", ".txt");
        List<String> protocol = stockClient(answers); // meanwhile
        assertThat(protocol).as(app.log()).contains("DONE 20 0");
        for (int i = 0; i < 6; i++) {
            String answer = hostile.get(i).get(3, TimeUnit.MINUTES);
            if (i % 2 == 0) {
                assertThat(answer).as("answer %d", i).startsWith("CAS ").contains("<uima:Sentence ");
            } else {
                assertThat(answer).as("answer %d", i).startsWith("ERROR ").contains("characters of XMI")
                        .contains("reads at most 1100000");
            }
        }
        assertThat(app.get("/q/health/ready").statusCode()).isEqualTo(200);
    }

    /** A Process request of an XMI CAS with a text of {@code characters}, written by hand; its reply's gist. */
    private static String rawRequest(int characters) {
        try {
            Connection connection = new ActiveMQConnectionFactory(url).createConnection();
            try {
                connection.start();
                Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                TemporaryQueue replies = session.createTemporaryQueue();
                MessageConsumer consumer = session.createConsumer(replies);
                StringBuilder text = new StringBuilder(characters);
                while (text.length() < characters - 100) {
                    text.append("Paris is the capital of France. Angela Merkel visited Berlin. ");
                }
                TextMessage request = session.createTextMessage("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                        + "<xmi:XMI xmlns:xmi=\"http://www.omg.org/XMI\" xmlns:cas=\"http:///uima/cas.ecore\""
                        + " xmi:version=\"2.0\"><cas:NULL xmi:id=\"0\"/><cas:Sofa xmi:id=\"1\" sofaNum=\"1\""
                        + " sofaID=\"_InitialView\" mimeType=\"text\" sofaString=\"" + text + "\"/>"
                        + "<cas:View sofa=\"1\" members=\"\"/></xmi:XMI>");
                request.setIntProperty("MessageType", 3000);
                request.setIntProperty("Command", 2000);
                request.setIntProperty("Payload", 1000);
                request.setStringProperty("CasReference", "hostile-" + characters + "-" + System.nanoTime());
                request.setJMSReplyTo(replies);
                session.createProducer(session.createQueue("uima.default")).send(request);
                long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
                while (System.nanoTime() < deadline) {
                    Message reply = consumer.receive(1000);
                    if (reply == null || reply.getIntProperty("Command") != 2000) {
                        continue; // ServiceInfo first
                    }
                    String body = ((TextMessage) reply).getText();
                    return reply.getIntProperty("Payload") == 1003 ? "ERROR " + body
                            : "CAS " + body.substring(0, Math.min(body.length(), 2000));
                }
                return "NO REPLY";
            } finally {
                connection.close();
            }
        } catch (Exception e) {
            return "FAILED " + e;
        }
    }

    /** The stock client's run against the served default chain: 20 documents, CasPoolSize 4, XMI; its protocol. */
    private static List<String> stockClient(Path answers) throws Exception {
        Path classpath = Path.of("../../uima-as-test-service/target/service-classpath.txt").toAbsolutePath();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx256m"));
        for (String open : List.of("java.base/java.util", "java.base/java.lang", "java.base/java.lang.reflect",
                "java.base/java.text", "java.base/java.io", "java.base/java.util.concurrent", "java.base/java.net",
                "java.base/javax.security.auth", "java.desktop/java.awt.font")) {
            command.add("--add-opens=" + open + "=ALL-UNNAMED"); // what UIMA AS 2.x needs on Java 17
        }
        command.addAll(List.of("-cp", Files.readString(classpath).trim(),
                "dev.camelsuite.uima.testservice.StockClientReplies", url, "uima.default", "4", "xmi", "20",
                answers.toString()));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> protocol = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .toList();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as("the stock client's exit status; %s", protocol).isZero();
        return protocol;
    }
}
