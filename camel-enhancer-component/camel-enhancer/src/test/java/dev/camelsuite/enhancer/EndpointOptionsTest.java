package dev.camelsuite.enhancer;

import org.apache.camel.CamelContext;
import org.apache.camel.ResolveEndpointFailedException;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Wrong options fail when the endpoint is created, with a message naming the option. */
class EndpointOptionsTest {

    @Test
    void optionsAreBoundThroughTheGeneratedConfigurer() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            EnhancerEndpoint endpoint = context.getEndpoint("enhancer:demo?timeout=2500&throwOnFailure=false",
                    EnhancerEndpoint.class);
            assertThat(endpoint.getChainName()).isEqualTo("demo");
            assertThat(endpoint.getConfiguration().getTimeout()).isEqualTo(2500);
            assertThat(endpoint.getConfiguration().isThrowOnFailure()).isFalse();
        }
    }

    @Test
    void componentDefaultsAreCopiedToEachEndpoint() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            EnhancerComponent component = new EnhancerComponent();
            component.getConfiguration().setTimeout(700);
            context.addComponent("enhancer", component);
            EnhancerEndpoint a = context.getEndpoint("enhancer:a", EnhancerEndpoint.class);
            EnhancerEndpoint b = context.getEndpoint("enhancer:b?timeout=5", EnhancerEndpoint.class);
            assertThat(a.getConfiguration().getTimeout()).isEqualTo(700);
            assertThat(b.getConfiguration().getTimeout()).isEqualTo(5);
            assertThat(component.getConfiguration().getTimeout()).isEqualTo(700);
        }
    }

    @Test
    void aNegativeTimeoutIsNamed() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            assertThatThrownBy(() -> context.getEndpoint("enhancer:demo?timeout=-1"))
                    .isInstanceOf(ResolveEndpointFailedException.class)
                    .rootCause().hasMessageContaining("Option timeout must be >= 0");
        }
    }

    @Test
    void workerErrorThresholdOptions() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            EnhancerEndpoint endpoint = context.getEndpoint("enhancer:demo?thresholdCount=3&thresholdWindow=20"
                                                            + "&thresholdAction=disable", EnhancerEndpoint.class);
            assertThat(endpoint.getConfiguration().getThresholdCount()).isEqualTo(3);
            assertThat(endpoint.getConfiguration().getThresholdWindow()).isEqualTo(20);
            assertThat(endpoint.getConfiguration().getThresholdAction()).isEqualTo("disable");
            assertThat(context.getEndpoint("enhancer:other", EnhancerEndpoint.class).getConfiguration()
                    .getThresholdAction()).isEqualTo("terminate");
            assertThatThrownBy(() -> context.getEndpoint("enhancer:demo?thresholdAction=explode"))
                    .rootCause().hasMessage("Option thresholdAction must be disable or terminate but was 'explode'");
            assertThatThrownBy(() -> context.getEndpoint("enhancer:demo?thresholdCount=-2"))
                    .rootCause().hasMessageContaining("Option thresholdCount must be >= 0");
            assertThatThrownBy(() -> context.getEndpoint("enhancer:demo?thresholdWindow=-2"))
                    .rootCause().hasMessageContaining("Option thresholdWindow must be >= 0");
            assertThatThrownBy(() -> context.getEndpoint("enhancer:demo?getMetaTimeout=-1"))
                    .rootCause().hasMessageContaining("Option getMetaTimeout must be >= 0");
            assertThatThrownBy(() -> context.getEndpoint("enhancer:demo?cpcTimeout=-1"))
                    .rootCause().hasMessageContaining("Option cpcTimeout must be >= 0");
        }
    }

    @Test
    void anUnknownOptionIsNamed() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            assertThatThrownBy(() -> context.getEndpoint("enhancer:demo?timout=5"))
                    .isInstanceOf(ResolveEndpointFailedException.class)
                    .hasMessageContaining("timout");
        }
    }

    @Test
    void aMissingChainNameIsAnError() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            assertThatThrownBy(() -> context.getEndpoint("enhancer://?timeout=5"))
                    .rootCause().hasMessageContaining("needs a chain name");
        }
    }

    @Test
    void theLocalEndpointHasNoConsumer() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            EnhancerEndpoint endpoint = context.getEndpoint("enhancer:demo", EnhancerEndpoint.class);
            assertThatThrownBy(() -> endpoint.createConsumer(ex -> {
            })).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has no queue option");
        }
    }

    @Test
    void jobOptionsAreNamed() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            assertThatThrownBy(() -> context.getEndpoint("enhancer:demo?job=true"))
                    .rootCause().hasMessage("Option job=true needs a database for the jobs: set the enhancer"
                                            + " component's dataSource, or bind one DataSource in the registry");
        }
        try (CamelContext context = new DefaultCamelContext()) {
            // the only DataSource in the registry is the component's
            context.getRegistry().bind("jobs", new org.h2.jdbcx.JdbcDataSource());
            assertThat(context.getEndpoint("enhancer:demo?job=true", EnhancerEndpoint.class).isJob()).isTrue();
            assertThatThrownBy(() -> context.getEndpoint("enhancer:demo?job=true&timeout=0"))
                    .rootCause().hasMessageStartingWith("Option timeout must be > 0 with job=true");
            assertThatThrownBy(() -> context.getEndpoint("enhancer:jobs?state=ready"))
                    .rootCause().hasMessage("Option state must be done, failed or finished but was 'ready'");
            assertThat(context.getEndpoint("enhancer:jobs", EnhancerEndpoint.class).getState()).isEqualTo("finished");
        }
    }

    @Test
    void jobOptionsOfTheComponentAreNamedWhenTheContextStarts() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            EnhancerComponent enhancer = new EnhancerComponent();
            enhancer.setJobRunners(0);
            assertThatThrownBy(() -> {
                context.addComponent("enhancer", enhancer);
                context.getEndpoint("enhancer:demo");
            }).hasMessageContaining("Option jobRunners of the enhancer component must be > 0 but was 0");
        }
    }

    @Test
    void theJobsConsumerWithoutADatabaseFailsItsRouteNamingIt() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.addRoutes(new org.apache.camel.builder.RouteBuilder() {
                @Override
                public void configure() {
                    from("enhancer:jobs").log("${body}");
                }
            });
            assertThatThrownBy(context::start)
                    .hasMessageContaining("Enhancer jobs need a database: set the enhancer component's dataSource, or bind one"
                                + " DataSource in the registry");
        }
    }
}
