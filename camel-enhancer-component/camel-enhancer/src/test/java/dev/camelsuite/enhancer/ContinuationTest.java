package dev.camelsuite.enhancer;

import java.time.Instant;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentItemJson;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** An item that carries metadata of its chain resumes where it stopped (Stanbol's continuation). */
class ContinuationTest extends CamelTestSupport {

    private final Chain chain = Chain.list("resumable", "first", "second", "third");
    private final RecordingEngine first = new RecordingEngine("first");
    private final RecordingEngine second = new RecordingEngine("second");
    private final RecordingEngine third = new RecordingEngine("third");

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent().addChain(chain)
                .addChain(Chain.list("other", "first"));
        enhancer.addEngine(first).addEngine(second).addEngine(third);
        context.addComponent("enhancer", enhancer);
        return context;
    }

    /** An item as a worker left it when it died: first completed, second in progress, third scheduled. */
    private ContentItem interruptedItem() {
        ContentItem item = ContentItem.ofText("resume me");
        ExecutionMetadata md = ExecutionMetadata.create(chain.createPlan(n -> 0), item, false);
        Instant then = Instant.parse("2026-01-11T12:13:14.156Z");
        md.getChainExecution().start(then);
        md.getEngineExecution("first").start(then);
        md.getEngineExecution("first").complete(then.plusMillis(90), null);
        md.getEngineExecution("second").start(then.plusMillis(91));
        item.setExecutionMetadata(md);
        return item;
    }

    @Test
    void completedNodesAreNotRunAgainAndInProgressOnesRestart() {
        ContentItem item = interruptedItem();
        ContentItem result = template.requestBody("enhancer:resumable", item, ContentItem.class);
        assertThat(result).isSameAs(item);
        assertThat(first.calls).hasValue(0);
        assertThat(second.calls).hasValue(1);
        assertThat(third.calls).hasValue(1);
        ExecutionMetadata md = result.getExecutionMetadata();
        assertThat(md.getChainExecution().getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        assertThat(md.getEngineExecution("first").getCompleted()).isEqualTo(Instant.parse("2026-01-11T12:13:14.246Z"));
        assertThat(md.getEngineExecution("second").getStarted()).isAfter(Instant.parse("2026-01-11T12:13:15Z"));
    }

    @Test
    void continuationWorksAcrossTheWireForm() {
        // what a worker would receive: the item serialized with its metadata
        ContentItem received = ContentItemJson.fromJson(ContentItemJson.toJson(interruptedItem()));
        assertThat(received.getExecutionMetadata().getEngineExecution("second").getStatus())
                .isEqualTo(ExecutionStatus.IN_PROGRESS);
        ContentItem result = template.requestBody("enhancer:resumable", received, ContentItem.class);
        assertThat(first.calls).hasValue(0);
        assertThat(third.calls).hasValue(1);
        assertThat(result.getExecutionMetadata().getChainExecution().getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
    }

    @Test
    void anItemCarryingAnotherChainsMetadataIsRefused() {
        ContentItem item = interruptedItem();
        assertThatThrownBy(() -> template.requestBody("enhancer:other", item))
                .isInstanceOf(CamelExecutionException.class)
                .cause().isInstanceOf(EnhancementException.class)
                .hasMessage("Content item " + item.getUri() + " carries execution metadata of chain 'resumable'"
                            + " and cannot be continued by chain 'other'");
        assertThat(first.calls).hasValue(0);
    }

    @Test
    void aCompletedItemPassesThroughItsChainAgainWithoutRunningAnything() {
        ContentItem item = template.requestBody("enhancer:resumable", "once", ContentItem.class);
        template.requestBody("enhancer:resumable", item);
        assertThat(first.calls).hasValue(1);
        assertThat(third.calls).hasValue(1);
    }
}
