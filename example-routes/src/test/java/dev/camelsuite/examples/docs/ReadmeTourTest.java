package dev.camelsuite.examples.docs;

import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.camel.RoutesBuilder;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.apache.camel.util.FileUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The README's short tour runs: a file from the inbox through the chain, to the German branch. */
class ReadmeTourTest extends CamelTestSupport {

    @Override
    protected RoutesBuilder[] createRouteBuilders() {
        return new RoutesBuilder[] { new ReadmeTour(), new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:german").to("mock:german");
                from("direct:others").to("mock:others");
                from("direct:links").log("links of ${body.uri}");
            }
        } };
    }

    @AfterEach
    void removeInbox() {
        FileUtil.removeDir(Path.of("inbox").toFile());
    }

    @Test
    void aFileInTheInboxTakesTheGermanBranch() throws Exception {
        MockEndpoint german = getMockEndpoint("mock:german");
        german.expectedMessageCount(1);
        getMockEndpoint("mock:others").expectedMessageCount(0);
        Files.createDirectories(Path.of("inbox"));
        Files.writeString(Path.of("inbox", "letter.txt"), "Angela Merkel besuchte Paris.");
        MockEndpoint.assertIsSatisfied(context);
    }
}
