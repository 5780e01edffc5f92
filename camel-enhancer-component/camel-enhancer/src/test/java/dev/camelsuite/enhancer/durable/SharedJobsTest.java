package dev.camelsuite.enhancer.durable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import javax.sql.DataSource;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Two Camel contexts on one database of jobs: one stops while it runs a job, the other runs every job once. */
class SharedJobsTest {

    private final DataSource database = JobsDatabase.newH2();

    /** A context whose chain "slow" holds each document until {@code release} opens (null: at once). */
    private CamelContext context(CountDownLatch running, CountDownLatch release, int maxQueued) throws Exception {
        CamelContext context = new DefaultCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.setDataSource(database);
        enhancer.setJobRunners(1);
        enhancer.setJobPollInterval(50);
        enhancer.setMaxQueuedJobs(maxQueued);
        enhancer.addEngine(EnhancementEngine.of("hold", EngineOrder.DEFAULT, item -> {
            running.countDown();
            try {
                if (release != null && !release.await(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("never released");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted: the context stops");
            }
        }));
        enhancer.addChain(Chain.list("slow", "hold"));
        context.addComponent("enhancer", enhancer);
        context.addRoutes(new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:submit").to("enhancer:slow?job=true&timeout=30000");
                from("enhancer:jobs").to("mock:finished");
            }
        });
        return context;
    }

    @Test
    void aContextThatStopsGivesItsJobsToTheOther() throws Exception {
        CountDownLatch running = new CountDownLatch(1);
        List<String> ids = new ArrayList<>();
        try (CamelContext first = context(running, new CountDownLatch(1), 100)) {
            first.start();
            ProducerTemplate submit = first.createProducerTemplate();
            for (int i = 0; i < 3; i++) {
                ids.add(submit.requestBody("direct:submit", "Document " + i, String.class));
            }
            assertThat(running.await(10, TimeUnit.SECONDS)).as("the first context runs a job").isTrue();
        }
        // stopped while it held a job: the job waits again, as if never started
        try (CamelContext second = context(new CountDownLatch(1), null, 100)) {
            MockEndpoint finished = second.getEndpoint("mock:finished", MockEndpoint.class);
            finished.expectedMessageCount(3);
            second.start();
            finished.assertIsSatisfied(10_000);
            Set<String> received = new HashSet<>();
            for (Exchange e : finished.getReceivedExchanges()) {
                received.add(e.getMessage().getHeader(EnhancerConstants.JOB_ID, String.class));
                assertThat(e.getMessage().getHeader(EnhancerConstants.JOB_STATE)).isEqualTo("done");
            }
            assertThat(received).containsExactlyInAnyOrderElementsOf(ids);
            finished.assertIsSatisfied(300);
        }
    }

    @Test
    void aSubmissionBeyondMaxQueuedJobsIsRefusedNamingIt() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        try (CamelContext context = context(new CountDownLatch(1), release, 2)) {
            context.start();
            ProducerTemplate submit = context.createProducerTemplate();
            submit.requestBody("direct:submit", "one");
            submit.requestBody("direct:submit", "two");
            assertThatThrownBy(() -> submit.requestBody("direct:submit", "three"))
                    .isInstanceOf(CamelExecutionException.class).cause()
                    .isInstanceOf(RejectedExecutionException.class)
                    .hasMessageContaining("as many as maxQueuedJobs=2 allows");
            MockEndpoint finished = context.getEndpoint("mock:finished", MockEndpoint.class);
            finished.expectedMessageCount(2);
            release.countDown();
            finished.assertIsSatisfied(10_000);
            submit.requestBody("direct:submit", "three, once the others finished");
        }
    }
}
