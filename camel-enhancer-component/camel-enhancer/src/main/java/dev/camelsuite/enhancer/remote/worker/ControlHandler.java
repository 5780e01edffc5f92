package dev.camelsuite.enhancer.remote.worker;

import java.util.ArrayList;
import java.util.List;

import dev.camelsuite.enhancer.job.ChainRunner;
import dev.camelsuite.enhancer.remote.wire.Controls;
import dev.camelsuite.enhancer.remote.wire.WorkerMetadata;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's answers on the queue's control topic, on a session of its own so that a busy worker still answers:
 * its metadata (UIMA AS's GetMeta) and collection process complete, which every engine of the chain finishes.
 */
final class ControlHandler {

    private static final Logger LOG = LoggerFactory.getLogger(ControlHandler.class);

    private final String queue;
    private final String chain;
    private final String instanceId;
    private final ChainRunner runner;
    private final WorkerStatistics statistics;

    ControlHandler(String queue, String chain, String instanceId, ChainRunner runner, WorkerStatistics statistics) {
        this.queue = queue;
        this.chain = chain;
        this.instanceId = instanceId;
        this.runner = runner;
        this.statistics = statistics;
    }

    /** Answers a metadata request, or runs collection process complete on every engine of the chain. */
    void onControl(Session session, MessageProducer replies, Message command) {
        try {
            String type = Controls.typeOf(command);
            Destination replyTo = command.getJMSReplyTo();
            if (replyTo == null) {
                LOG.warn("Dropped a control message without a reply address on {}: nobody to answer", queue);
                return;
            }
            TextMessage reply;
            if (Controls.isMetadata(type)) {
                try {
                    reply = Controls.metadataReply(session, command, instanceId, metadata().toJson());
                    statistics.metadataRequest(false);
                } catch (RuntimeException e) {
                    statistics.metadataRequest(true);
                    throw e;
                }
            } else if (Controls.isCollectionProcessComplete(type)) {
                Exception failure = collectionProcessComplete();
                reply = Controls.collectionProcessCompleteReply(session, command, instanceId, failure);
                statistics.collectionProcessComplete(failure != null);
            } else {
                LOG.warn("Dropped a control message of type {} on {}", type, queue);
                return;
            }
            replies.send(replyTo, reply, DeliveryMode.NON_PERSISTENT, Message.DEFAULT_PRIORITY, 0);
        } catch (Exception e) {
            LOG.error("Worker on queue {} could not answer a control message", queue, e);
        }
    }

    private WorkerMetadata metadata() {
        var prepared = runner.getPrepared();
        List<WorkerMetadata.Engine> engines = new ArrayList<>();
        for (int i = 0; i < prepared.plan().size(); i++) {
            var node = prepared.plan().getNode(i);
            var engine = prepared.engines()[i];
            engines.add(new WorkerMetadata.Engine(node.getEngine(), engine == null ? 0 : engine.getOrder(),
                    node.isOptional()));
        }
        return new WorkerMetadata(instanceId, chain, engines, List.of("json", "binary"));
    }

    /** Every engine of the chain finishes its collection; the first failure is answered (null for none), the others still run. */
    private Exception collectionProcessComplete() {
        Exception first = null;
        for (var engine : runner.getPrepared().engines()) {
            if (engine == null) {
                continue;
            }
            try {
                engine.collectionProcessComplete();
            } catch (Exception e) {
                LOG.error("Engine {} failed collection process complete on {}", engine.getName(),
                        queue, e);
                if (first == null) {
                    first = e;
                }
            }
        }
        return first;
    }
}
