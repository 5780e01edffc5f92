package dev.camelsuite.enhancer.remote.producer;

import dev.camelsuite.correlation.Correlator;
import dev.camelsuite.correlation.ExchangeResult;
import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancementResults;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.remote.wire.Controls;
import dev.camelsuite.enhancer.remote.wire.Replies;
import dev.camelsuite.enhancer.remote.wire.WireMessages;
import dev.camelsuite.enhancer.remote.wire.WorkerException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything that comes back on a producer's reply queue, as camel-jms's reply manager handles its replies: metadata
 * answers go to the {@link WorkerDirectory}, answers to collection process complete to its fan-out, and a reply to a
 * request completes its exchange. The connection's thread only finds the request a reply is for; the reply is read on
 * a continuation thread, where the route then goes on (see {@link Correlator#continueWith}). A reply for a reference id
 * that is no longer registered (it timed out or completed) is logged and dropped.
 */
final class ReplyDispatcher {

    private static final Logger LOG = LoggerFactory.getLogger(ReplyDispatcher.class);

    private final String endpointUri;
    private final String chain;
    private final boolean throwOnFailure;
    private final Correlator<RemoteRequest, Object> requests;
    private final WorkerDirectory directory;
    private final CollectionProcessCompleteFanOut fanOut;
    private final ProducerStatistics statistics;

    ReplyDispatcher(String endpointUri, String chain, boolean throwOnFailure, Correlator<RemoteRequest, Object> requests,
                    WorkerDirectory directory, CollectionProcessCompleteFanOut fanOut, ProducerStatistics statistics) {
        this.endpointUri = endpointUri;
        this.chain = chain;
        this.throwOnFailure = throwOnFailure;
        this.requests = requests;
        this.directory = directory;
        this.fanOut = fanOut;
        this.statistics = statistics;
    }

    /** The reply queue's listener, on the connection's thread. */
    void onMessage(Message message) {
        String referenceId = null;
        try {
            String type = Controls.typeOf(message);
            if (Controls.isMetadataReply(type)) {
                directory.answered((TextMessage) message);
                return;
            }
            if (Controls.isCollectionProcessCompleteReply(type)) {
                fanOut.answered(message);
                return;
            }
            String foreign = Replies.whyNotAReply(message);
            referenceId = Replies.referenceIdOf(message);
            RemoteRequest request = requests.take(referenceId);
            if (foreign != null) {
                if (request != null) {
                    requests.complete(request, new IllegalStateException("Malformed reply to request " + referenceId
                                                                         + ": " + foreign), null);
                } else {
                    LOG.warn("Dropped a foreign message on the reply queue of {}: {}", endpointUri, foreign);
                }
                return;
            }
            if (request == null) {
                LOG.warn("Dropped a late reply to request {} on {}: it had already timed out or completed",
                        referenceId, endpointUri);
                return;
            }
            requests.continueWith(request, owned -> read(owned, message));
        } catch (Exception e) {
            LOG.warn("Could not read a reply on {} (request {}): {}", endpointUri, referenceId, e.getMessage(), e);
            RemoteRequest owned = requests.take(referenceId);
            if (owned != null) {
                requests.complete(owned, e, null);
            }
        }
    }

    /** Reads the reply of an owned request and completes it on this thread. */
    private void read(RemoteRequest request, Message message) {
        String referenceId = request.getKey();
        try {
            ContentItem item;
            try {
                item = WireMessages.itemOf(message, request.content);
            } catch (RuntimeException e) {
                requests.completeHere(request, new IllegalStateException("Malformed reply to request " + referenceId
                                                                         + ": " + e.getMessage(), e), null);
                return;
            }
            request.getExchange().getMessage().setHeader(EnhancerConstants.INSTANCE_ID, Replies.instanceOf(message));
            statistics.reply(System.nanoTime() - request.getSentNanos(), !Replies.isCompleted(message));
            requests.completeHere(request, failureOf(referenceId, item, message), result(request, item));
        } catch (Exception e) {
            LOG.warn("Could not read a reply on {} (request {}): {}", endpointUri, referenceId, e.getMessage(), e);
            requests.completeHere(request, e, null);
        }
    }

    /**
     * What the exchange fails with: nothing for a completed chain; the chain's failure for a failed one (when the
     * endpoint throws on failure); the worker's error for anything else.
     */
    private Exception failureOf(String referenceId, ContentItem item, Message message) throws Exception {
        if (Replies.isCompleted(message) && item != null) {
            return null;
        }
        WorkerException error = WireMessages.errorOf(message);
        if (Replies.isChainFailed(message) && item != null && item.getExecutionMetadata() != null) {
            return throwOnFailure ? EnhancementResults.failure(item.getExecutionMetadata(),
                    Replies.failedEngineOf(message), error) : null;
        }
        String what = error != null ? error.getMessage() : "reply with status " + Replies.statusOf(message);
        return new EnhancementException("The worker failed on request " + referenceId + ": " + what, chain, null, null,
                item == null ? null : item.getExecutionMetadata(), error);
    }

    /** The enhanced item of a reply as the exchange's result, under the reference id the exchange sent. */
    private static ExchangeResultOfItem result(RemoteRequest request, ContentItem item) {
        return item == null ? null : new ExchangeResultOfItem(request.getKey(), item);
    }

    /** Puts an enhanced item on the exchange as the enhancer producer's result. */
    private record ExchangeResultOfItem(String referenceId, ContentItem item) implements ExchangeResult {

        @Override
        public void applyTo(Exchange exchange) {
            item.setReferenceId(referenceId);
            EnhancementResults.apply(exchange.getMessage(), item);
        }
    }
}
