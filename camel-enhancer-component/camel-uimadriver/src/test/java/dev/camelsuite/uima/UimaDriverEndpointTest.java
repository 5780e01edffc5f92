package dev.camelsuite.uima;

import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** URIs of the old driver, our options, and the errors a bad URI gets when the endpoint is created. */
class UimaDriverEndpointTest extends CamelTestSupport {

    private UimaDriverEndpoint endpoint(String uri) {
        return context.getEndpoint(uri, UimaDriverEndpoint.class);
    }

    @Test
    void theSeedsUrisWorkAsWritten() {
        UimaDriverEndpoint e = endpoint("uimadriver:tcp://localhost:61616?queue=TextAnalysisQueue");
        assertThat(e.getBrokerURL()).isEqualTo("tcp://localhost:61616");
        assertThat(e.getQueue()).isEqualTo("TextAnalysisQueue");
        assertThat(e.getCasPoolSize()).isEqualTo(1);
        // nothing waits for ever by default: a lost reply ends its exchange after a minute
        assertThat(e.getTimeout()).isEqualTo(60_000);
        assertThat(e.getCpcTimeout()).isEqualTo(60_000);
        assertThat(e.getMaxWaiting()).isEqualTo(1000);
        assertThat(e.getGetMetaTimeout()).isEqualTo(60_000);

        UimaDriverEndpoint seed = endpoint("uimadriver:tcp://localhost:61616?queue=Q&CasPoolSize=4&Timeout=2500");
        assertThat(seed.getCasPoolSize()).isEqualTo(4);
        assertThat(seed.getTimeout()).isEqualTo(2500);
    }

    @Test
    void camelCaseOptions() {
        UimaDriverEndpoint e = endpoint("uimadriver:tcp://localhost:61616?queue=Q&casPoolSize=8&timeout=100"
                                        + "&getMetaTimeout=5000&cpcTimeout=7000&targetServiceId=10.0.0.1:4242"
                                        + "&childAnnotations=true&userName=u&password=p");
        assertThat(e.getCasPoolSize()).isEqualTo(8);
        assertThat(e.getTimeout()).isEqualTo(100);
        assertThat(e.getGetMetaTimeout()).isEqualTo(5000);
        assertThat(e.getCpcTimeout()).isEqualTo(7000);
        assertThat(e.getTargetServiceId()).isEqualTo("10.0.0.1:4242");
        assertThat(e.isChildAnnotations()).isTrue();
        assertThat(e.getUserName()).isEqualTo("u");
    }

    @Test
    void aFailoverUrlWithItsOwnOptions() {
        UimaDriverEndpoint e = endpoint("uimadriver:failover:(tcp://a:61616,tcp://b:61616)?queue=Q&randomize=false"
                                        + "&maxReconnectAttempts=3&CasPoolSize=2");
        assertThat(e.getBrokerURL()).isEqualTo("failover:(tcp://a:61616,tcp://b:61616)");
        assertThat(e.getConnectionURL())
                .isEqualTo("failover:(tcp://a:61616,tcp://b:61616)?maxReconnectAttempts=3&randomize=false");
        assertThat(e.getCasPoolSize()).isEqualTo(2);
        UimaDriverEndpoint jms = endpoint("uimadriver:tcp://localhost:61616?queue=Q&jms.useAsyncSend=true");
        assertThat(jms.getConnectionURL()).isEqualTo("tcp://localhost:61616?jms.useAsyncSend=true");
    }

    @Test
    void badValuesNameTheirOption() {
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&CasPoolSize=0",
                "Option casPoolSize (CasPoolSize) must be an integer larger than zero, not 0");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&CasPoolSize=many",
                "Option casPoolSize (CasPoolSize) must be a whole number larger than zero, not many");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&Timeout=soon",
                "Option timeout (Timeout) must be a whole number of milliseconds, not soon");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&Timeout=-1",
                "Option timeout (Timeout) must be zero (no limit) or more milliseconds, not -1");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&getMetaTimeout=0", "Option getMetaTimeout");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&cpcTimeout=-5", "Option cpcTimeout");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&maxWaiting=-1",
                "Option maxWaiting must be zero or more, not -1");
        assertRejected("uimadriver:tcp://localhost:61616", "Option queue is required");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&Timeot=5", "Unknown option Timeot");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&CasPoolSize=2&casPoolSize=3",
                "Option casPoolSize is given twice");
        assertRejected("uimadriver:failover:(tcp://a:61616)?queue=Q&randomise=false", "randomise");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&jms.noSuchThing=1", "noSuchThing");
    }

    private void assertRejected(String uri, String message) {
        assertThatThrownBy(() -> context.getEndpoint(uri)).isInstanceOf(ResolveEndpointFailedException.class)
                .rootCause().hasMessageContaining(message);
    }

    @Test
    void aConsumerNeedsADescriptorAndSaneNumbers() {
        UimaDriverEndpoint e = endpoint("uimadriver:tcp://localhost:61616?queue=Q");
        assertThatThrownBy(() -> e.createConsumer(exchange -> {
        })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Option descriptor is required");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&concurrentConsumers=0",
                "Option concurrentConsumers must be an integer larger than zero, not 0");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&concurrentConsumers=many",
                "Option concurrentConsumers must be a whole number larger than zero, not many");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&prefetch=-1", "Option prefetch must be zero or more");
        assertRejected("uimadriver:tcp://localhost:61616?queue=Q&maxCasSize=0", "Option maxCasSize must be more than zero");
    }

    @Test
    void aDescriptorThatCannotBeReadFailsTheStartNamingTheOption() throws Exception {
        context.addRoutes(new org.apache.camel.builder.RouteBuilder() {
            @Override
            public void configure() {
                from("uimadriver:tcp://localhost:61616?queue=Q&descriptor=classpath:no/such/Descriptor.xml")
                        .routeId("missing").autoStartup(false).log("never");
            }
        });
        assertThatThrownBy(() -> context.getRouteController().startRoute("missing"))
                .hasStackTraceContaining("Option descriptor: cannot read the descriptor classpath:no/such/Descriptor.xml");
    }
}
