package dev.camelsuite.app;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.activemq.broker.BrokerService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The packaged application serving its default chain to the stock UIMA AS 2.10.3 client (its own JVM, the
 * {@code uima-as-test-service} module's class path), configured as quarkus-app.adoc says: the chain's findings come
 * back as annotations of its type system.
 */
class ServedChainIT {

    @TempDir
    Path work;

    @Test
    void theStockClientGetsTheDefaultChainsFindings() throws Exception {
        BrokerService broker = new BrokerService();
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.addConnector("tcp://localhost:0");
        broker.start();
        String url = broker.getTransportConnectors().get(0).getConnectUri().toString();
        try (PackagedApplication app = new PackagedApplication(work, Map.of("CAMELSUITE_UIMA_CHAINS", "default",
                "CAMELSUITE_UIMA_BROKER_URL", url))) {
            app.start().awaitReady(120);
            Path answers = work.resolve("answers.txt");
            List<String> protocol = stockClient(url, "uima.default", answers);
            assertThat(protocol).as(app.log()).contains("META EnhancerChain dev.camelsuite.enhancer.uima.Entity,"
                                                        + "dev.camelsuite.enhancer.uima.Sentence,"
                                                        + "dev.camelsuite.enhancer.uima.Token", "CPC", "DONE 20 0");
            List<String> lines = Files.readAllLines(answers, StandardCharsets.UTF_8);
            assertThat(lines).hasSize(20).allSatisfy(line -> assertThat(line)
                    .contains(" language=en ")
                    .contains("dev.camelsuite.enhancer.uima.Sentence[0,")
                    .contains("dev.camelsuite.enhancer.uima.Token[0,8]\"Document\""));
        } finally {
            broker.stop();
        }
    }

    /** The stock client's run: 20 documents, CasPoolSize 4, XMI; its protocol lines. */
    private static List<String> stockClient(String broker, String queue, Path answers) throws Exception {
        Path classpath = Path.of("../../uima-as-test-service/target/service-classpath.txt").toAbsolutePath();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx256m"));
        for (String open : List.of("java.base/java.util", "java.base/java.lang", "java.base/java.lang.reflect",
                "java.base/java.text", "java.base/java.io", "java.base/java.util.concurrent", "java.base/java.net",
                "java.base/javax.security.auth", "java.desktop/java.awt.font")) {
            command.add("--add-opens=" + open + "=ALL-UNNAMED"); // what UIMA AS 2.x needs on Java 17
        }
        command.addAll(List.of("-cp", Files.readString(classpath).trim(),
                "dev.camelsuite.uima.testservice.StockClientReplies", broker, queue, "4", "xmi", "20",
                answers.toString()));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> protocol = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .toList();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as("the stock client's exit status; %s", protocol).isZero();
        return protocol;
    }
}
