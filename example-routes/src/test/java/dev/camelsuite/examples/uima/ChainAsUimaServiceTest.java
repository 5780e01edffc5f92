package dev.camelsuite.examples.uima;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import org.apache.activemq.broker.BrokerService;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The default chain served to the stock UIMA AS 2.10.3 client (in its own JVM: uimaj 2 and 3 cannot share a class
 * loader), which initialises from the route's GetMeta and reads the chain's findings from the CASes it gets back.
 */
class ChainAsUimaServiceTest extends CamelTestSupport {

    private static final List<String> ADD_OPENS = List.of("java.base/java.util", "java.base/java.lang",
            "java.base/java.lang.reflect", "java.base/java.text", "java.base/java.io", "java.base/java.util.concurrent",
            "java.base/java.net", "java.base/javax.security.auth", "java.desktop/java.awt.font");
    private static BrokerService broker;
    private static String url;

    @TempDir
    static Path work;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = new BrokerService();
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.addConnector("tcp://localhost:0");
        broker.start();
        url = broker.getTransportConnectors().get(0).getConnectUri().toString();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.stop();
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        DefaultChain.bind(context.getRegistry(), Vocabulary.sample());
        context.getPropertiesComponent().addInitialProperty("uima.broker", url);
        context.getPropertiesComponent().addInitialProperty("uima.queue", "EnhancerChainQueue");
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new ChainAsUimaService();
    }

    @ParameterizedTest
    @ValueSource(strings = { "xmi", "binary" })
    void stockClientsGetTheChainsFindingsAsAnnotations(String serialization) throws Exception {
        Path texts = work.resolve("texts.txt");
        Files.write(texts, List.of("Marie Curie and Albert Einstein met in Brussels.",
                "The trains from Paris to Berlin are fast. They leave every hour."), StandardCharsets.UTF_8);
        Path answers = work.resolve("answers-" + serialization + ".txt");
        List<String> protocol = stockClient(serialization, 20, answers, texts);

        assertThat(protocol).contains("META EnhancerChain dev.camelsuite.enhancer.uima.Entity,"
                                      + "dev.camelsuite.enhancer.uima.Sentence,dev.camelsuite.enhancer.uima.Token",
                "CPC", "DONE 20 0");
        List<String> lines = Files.readAllLines(answers, StandardCharsets.UTF_8);
        assertThat(lines).hasSize(20);
        // "Document 1. " comes first, so offsets are those of the text the client sent
        assertThat(lines.get(1)).startsWith("1 language=en ")
                .contains("dev.camelsuite.enhancer.uima.Sentence[12,53]\"The trains from Paris to Berlin are fast.\"")
                .contains("dev.camelsuite.enhancer.uima.Token[28,33]\"Paris\"")
                .containsPattern("dev\\.camelsuite\\.enhancer\\.uima\\.Entity\\[28,33]\"Paris\" reference=\\S+paris"
                                 + " label=Paris entityType=http://dbpedia.org/ontology/\\w+ confidence=");
        assertThat(lines.get(0)).contains("\"Marie Curie\" reference=").contains("\"Albert Einstein\" reference=");
    }

    /** Runs the stock client of module uima-as-test-service; its protocol lines. */
    private static List<String> stockClient(String serialization, int documents, Path answers, Path texts)
            throws Exception {
        Path classpath = Path.of("../uima-as-test-service/target/service-classpath.txt").toAbsolutePath().normalize();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        ADD_OPENS.forEach(open -> command.add("--add-opens=" + open + "=ALL-UNNAMED"));
        command.addAll(List.of("-cp", Files.readString(classpath).trim(),
                "dev.camelsuite.uima.testservice.StockClientReplies", url, "EnhancerChainQueue", "2", serialization,
                String.valueOf(documents), answers.toString(), "0", texts.toString()));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        List<String> protocol = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines()
                .toList();
        assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as("stock client exit status; protocol %s", protocol).isZero();
        return protocol;
    }
}
