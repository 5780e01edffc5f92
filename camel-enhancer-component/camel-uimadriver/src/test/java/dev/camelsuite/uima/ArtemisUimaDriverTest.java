package dev.camelsuite.uima;

import dev.camelsuite.testbrokers.BrokerProcess;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The uimadriver client and a served route on ActiveMQ Artemis 2.40.0, clients on its OpenWire acceptor; also with a
 * broker that checks users.
 */
class ArtemisUimaDriverTest extends UimaDriverOnOtherBrokerTests {

    @RegisterExtension
    static final BrokerProcess BROKER = BrokerProcess.artemis();

    @RegisterExtension
    static final BrokerProcess WITH_USER = BrokerProcess.artemisWithUser("uima", "s3cret");

    @Override
    protected BrokerProcess broker() {
        return BROKER;
    }

    @Test
    void aServedRouteAndItsClientSignInWithTheirCredentialsAndAWrongPasswordIsRefusedClearly() throws Exception {
        String service = "uimadriver:" + WITH_USER.url() + "?queue=SecureRooms&userName=uima";
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from(service + "&password=RAW(s3cret)&descriptor=" + ServedRouteStockClientTest.ROOM_NUMBERS)
                            .routeId("served").log("${body}");
                }
            });
            context.start();
            ProducerTemplate template = context.createProducerTemplate();
            AnalysisResult result = template.requestBody(service + "&password=RAW(s3cret)&getMetaTimeout=10000"
                                                         + "&timeout=10000", "Room 20-001", AnalysisResult.class);
            assertThat(result.xmi()).contains("Room 20-001");
            // Artemis's words, where ActiveMQ Classic says "User name [uima] or password is invalid"
            assertThatThrownBy(() -> template.requestBody(service + "&password=wrong&getMetaTimeout=10000", "x"))
                    .hasStackTraceContaining("Unable to validate user").hasStackTraceContaining("Username: uima");
        }
    }
}
