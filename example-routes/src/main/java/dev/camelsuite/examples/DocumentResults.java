package dev.camelsuite.examples;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EntityAnnotation;
import dev.camelsuite.enhancer.job.EnhancementJob;
import dev.camelsuite.workflow.WorkflowConstants;
import org.apache.camel.Exchange;
import org.apache.camel.Message;

/** What the main job's robots learned about each document, and the engines' timings the workers reported. */
public final class DocumentResults {

    /** One document: its language, the entities found, the chain's outcome, the worker, and the desk chosen. */
    public record Document(String objectId, String language, List<String> entities, String chain, String worker,
                           String desk) {
        Document withDesk(String chosen) {
            return new Document(objectId, language, entities, chain, worker, chosen);
        }
    }

    private final Map<String, Document> documents = new ConcurrentSkipListMap<>();
    private final Map<String, AtomicLong[]> engineMillis = new ConcurrentHashMap<>();

    /** A document came back from the workers enhanced. */
    public void enhanced(Exchange exchange) {
        Message in = exchange.getMessage();
        ContentItem item = in.getBody(ContentItem.class);
        String objectId = in.getHeader(WorkflowConstants.OBJECT_ID, String.class);
        List<String> entities = item.getEntities().stream().map(EntityAnnotation::getLabel).distinct().toList();
        // engines without a model for the text's language decline it and the chain goes on: say which
        List<String> declined = item.getExecutionMetadata().getEngineExecutions().stream()
                .filter(e -> e.getStatusMessage() != null && e.getStatusMessage().startsWith(EnhancementJob.CANNOT_ENHANCE))
                .map(e -> e.getEngine()).toList();
        String chain = declined.isEmpty() ? "completed" : "completed, declined by " + String.join(", ", declined);
        if ("failed".equals(in.getHeader(EnhancerConstants.CHAIN_STATUS))) {
            List<String> failed = item.getExecutionMetadata().getFailedEngines();
            String engine = failed.isEmpty() ? "?" : failed.get(0);
            chain = "failed: " + engine + ": " + item.getExecutionMetadata().getEngineExecution(engine).getStatusMessage();
        }
        documents.put(objectId, new Document(objectId, String.valueOf(item.getLanguage()), entities, chain,
                in.getHeader(EnhancerConstants.INSTANCE_ID, String.class), null));
        @SuppressWarnings("unchecked")
        Map<String, Long> timings = in.getHeader(EnhancerConstants.ENGINE_TIMINGS, Map.class);
        if (timings != null) {
            timings.forEach((engine, ms) -> {
                AtomicLong[] acc = engineMillis.computeIfAbsent(engine, k -> new AtomicLong[] { new AtomicLong(),
                        new AtomicLong() });
                acc[0].incrementAndGet();
                acc[1].addAndGet(ms);
            });
        }
    }

    public Document get(String objectId) {
        return documents.get(objectId);
    }

    public void desk(String objectId, String desk) {
        documents.computeIfPresent(objectId, (id, d) -> d.withDesk(desk));
    }

    public Map<String, Document> documents() {
        return documents;
    }

    /** Per engine: {runs, total milliseconds}. */
    public Map<String, long[]> engineTimings() {
        Map<String, long[]> copy = new ConcurrentSkipListMap<>();
        engineMillis.forEach((engine, acc) -> copy.put(engine, new long[] { acc[0].get(), acc[1].get() }));
        return copy;
    }
}
