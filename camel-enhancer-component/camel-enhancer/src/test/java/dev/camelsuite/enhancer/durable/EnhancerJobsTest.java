package dev.camelsuite.enhancer.durable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Jobs from routes against a real database (H2 here, PostgreSQL in the subclass): a producer with job=true answers
 * the job's id at once, the chain runs on a runner, and enhancer:jobs receives each outcome once.
 */
class EnhancerJobsTest extends CamelTestSupport {

    static final EnhancementEngine LANGID = EnhancementEngine.of("langid", EngineOrder.LANGUAGE_DETECTION,
            item -> item.addLanguage(item.getText().contains(" und ") ? "de" : "en", 0.9, "langid"));
    static final EnhancementEngine BROKEN = EnhancementEngine.of("gazetteer", EngineOrder.NER, item -> {
        throw new IllegalStateException("the gazetteer has no entries");
    });

    private final AtomicInteger refusals = new AtomicInteger();
    protected DataSource database;

    protected DataSource database() throws Exception {
        return JobsDatabase.newH2();
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        database = database();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.setDataSource(database);
        enhancer.setJobPollInterval(50);
        enhancer.setJobLease(1000);
        enhancer.addEngine(LANGID).addEngine(BROKEN);
        enhancer.addChain(Chain.list("default", "langid"));
        enhancer.addChain(Chain.list("broken", "langid", "gazetteer"));
        context.addComponent("enhancer", enhancer);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:submit").to("enhancer:default?job=true").to("mock:submitted");
                from("direct:broken").to("enhancer:broken?job=true");
                from("enhancer:jobs?state=done")
                        .process(e -> {
                            // the route fails the first time it sees this document: the job comes again
                            if (e.getMessage().getBody(ContentItem.class).getText().startsWith("refuse once")
                                && refusals.getAndIncrement() == 0) {
                                throw new IllegalStateException("not now");
                            }
                        })
                        .to("mock:done");
                from("enhancer:jobs?state=failed").to("mock:failed");
            }
        };
    }

    @Test
    void aJobAnswersItsIdAtOnceAndEachOutcomeReachesTheRouteOnce() throws Exception {
        MockEndpoint done = getMockEndpoint("mock:done");
        done.expectedMessageCount(20);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            Exchange submitted = template.request("direct:submit", e -> e.getIn().setBody("Document number und so"));
            String id = submitted.getMessage().getBody(String.class);
            assertThat(submitted.getMessage().getHeader(EnhancerConstants.JOB_ID)).isEqualTo(id);
            assertThat(submitted.getMessage().getHeader(EnhancerConstants.JOB_STATE)).isEqualTo("queued");
            ids.add(id);
        }
        done.assertIsSatisfied();
        Set<String> received = new HashSet<>();
        for (Exchange e : done.getReceivedExchanges()) {
            received.add(e.getMessage().getHeader(EnhancerConstants.JOB_ID, String.class));
            assertThat(e.getMessage().getHeader(EnhancerConstants.JOB_STATE)).isEqualTo("done");
            assertThat(e.getMessage().getHeader(EnhancerConstants.CHAIN_STATUS)).isEqualTo("completed");
            assertThat(e.getMessage().getHeader(EnhancerConstants.LANGUAGE)).isEqualTo("de");
            assertThat(e.getMessage().getBody(ContentItem.class).getExecutionMetadata().getChain())
                    .isEqualTo("default");
        }
        assertThat(received).containsExactlyInAnyOrderElementsOf(ids);
        // taken jobs are deleted
        long until = System.currentTimeMillis() + 5000;
        while (JobsDatabase.count(database) > 0 && System.currentTimeMillis() < until) {
            Thread.sleep(20);
        }
        assertThat(JobsDatabase.count(database)).isZero();
        done.assertIsSatisfied(300);
    }

    @Test
    void aJobWhoseChainFailsReachesTheFailedRouteWithWhy() throws Exception {
        MockEndpoint failed = getMockEndpoint("mock:failed");
        failed.expectedMessageCount(1);
        String id = template.requestBody("direct:broken", "A text", String.class);
        failed.assertIsSatisfied();
        Exchange e = failed.getReceivedExchanges().get(0);
        assertThat(e.getMessage().getHeader(EnhancerConstants.JOB_ID)).isEqualTo(id);
        assertThat(e.getMessage().getHeader(EnhancerConstants.JOB_STATE)).isEqualTo("failed");
        assertThat(e.getMessage().getHeader(EnhancerConstants.JOB_ERROR, String.class))
                .contains("the gazetteer has no entries");
        assertThat(e.getMessage().getHeader(EnhancerConstants.CHAIN_STATUS)).isEqualTo("failed");
        assertThat(e.getMessage().getHeader(EnhancerConstants.FAILED_ENGINES)).isEqualTo(List.of("gazetteer"));
        getMockEndpoint("mock:done").expectedMessageCount(0);
        getMockEndpoint("mock:done").assertIsSatisfied(200);
    }

    @Test
    void aJobWhoseRouteFailedComesAgainAfterTheLease() throws Exception {
        MockEndpoint done = getMockEndpoint("mock:done");
        done.expectedMessageCount(1);
        template.sendBody("direct:submit", "refuse once, then take");
        done.setResultWaitTime(10_000);
        done.assertIsSatisfied();
        assertThat(done.getReceivedExchanges().get(0).getMessage().getBody(ContentItem.class).getText())
                .isEqualTo("refuse once, then take");
        assertThat(refusals).hasValue(2);
    }

    @Test
    void aJobWhoseRunnerDiedIsRunAgainAndOneStartedTooOftenFails() throws Exception {
        MockEndpoint done = getMockEndpoint("mock:done");
        MockEndpoint failed = getMockEndpoint("mock:failed");
        done.expectedHeaderReceived(EnhancerConstants.JOB_ID, "died-once");
        failed.expectedHeaderReceived(EnhancerConstants.JOB_ID, "died-thrice");
        JobsDatabase.leftRunning(database, "died-once", "enhancer://default", "Its runner died", 1);
        JobsDatabase.leftRunning(database, "died-thrice", "enhancer://default", "Its runners died", 3);
        done.assertIsSatisfied();
        failed.assertIsSatisfied();
        assertThat(failed.getReceivedExchanges().get(0).getMessage().getHeader(EnhancerConstants.JOB_ERROR,
                String.class)).startsWith("The job was started 3 times without finishing (jobMaxAttempts)");
        // the failed one comes with the item it was submitted with
        assertThat(failed.getReceivedExchanges().get(0).getMessage().getBody(ContentItem.class).getText())
                .isEqualTo("Its runners died");
    }

    @Test
    void aJobOfAnEndpointThisContextCannotMakeFailsSaying() throws Exception {
        MockEndpoint failed = getMockEndpoint("mock:failed");
        failed.expectedMessageCount(1);
        JobsDatabase.leftRunning(database, "no-chain", "enhancer://nowhere", "A text", 0);
        failed.assertIsSatisfied();
        assertThat(failed.getReceivedExchanges().get(0).getMessage().getHeader(EnhancerConstants.JOB_ERROR,
                String.class)).contains("No chain named 'nowhere'");
    }

    @Test
    void aJobKeepsTheExchangesTimeoutAndLeavesSecretsOut() throws Exception {
        JobSubmitProducer producer = (JobSubmitProducer) context.getEndpoint(
                "enhancer:default?job=true&timeout=4000&userName=ann&password=secret").createProducer();
        assertThat(producer.runUri(4000)).isEqualTo("enhancer://default?timeout=4000");
        assertThat(producer.runUri(250)).isEqualTo("enhancer://default?timeout=250");
    }
}
