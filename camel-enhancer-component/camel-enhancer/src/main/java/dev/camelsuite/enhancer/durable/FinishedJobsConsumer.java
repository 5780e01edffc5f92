package dev.camelsuite.enhancer.durable;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;

import dev.camelsuite.enhancer.EnhancementResults;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.EnhancerEndpoint;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.remote.wire.WireFormat;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.support.ScheduledBatchPollingConsumer;
import org.apache.camel.support.SynchronizationAdapter;

/**
 * {@code from("enhancer:jobs?state=…")}: each finished job once to the route, at least once: a job is deleted when
 * its exchange completed, and given again (to this or another context's consumer) {@code jobLease} after an exchange
 * that failed, or a context that died holding it.
 */
public class FinishedJobsConsumer extends ScheduledBatchPollingConsumer {

    private final EnhancerEndpoint endpoint;
    private final List<JobState> states;
    private DurableJobs jobs;

    public FinishedJobsConsumer(EnhancerEndpoint endpoint, Processor processor, List<JobState> states) {
        super(endpoint, processor);
        this.endpoint = endpoint;
        this.states = states;
        setMaxMessagesPerPoll(100);
    }

    @Override
    protected void doStart() throws Exception {
        jobs = endpoint.getComponent().durableJobs();
        setDelay(jobs.getSettings().pollInterval());
        super.doStart();
    }

    @Override
    protected int poll() throws Exception {
        Queue<Object> exchanges = new ArrayDeque<>();
        for (StoredJob job : jobs.deliver(states, getMaxMessagesPerPoll())) {
            exchanges.add(exchange(job));
        }
        return exchanges.isEmpty() ? 0 : processBatch(exchanges);
    }

    private Exchange exchange(StoredJob job) {
        Exchange exchange = createExchange(false);
        Message message = exchange.getMessage();
        ContentItem item = WireFormat.BINARY.read(job.result() != null ? job.result() : job.content());
        EnhancementResults.apply(message, item);
        message.setHeader(EnhancerConstants.CHAIN, job.chain());
        message.setHeader(EnhancerConstants.JOB_ID, job.id());
        message.setHeader(EnhancerConstants.JOB_STATE, job.state().label());
        if (job.error() != null) {
            message.setHeader(EnhancerConstants.JOB_ERROR, job.error());
        }
        String id = job.id();
        exchange.getExchangeExtension().addOnCompletion(new SynchronizationAdapter() {
            @Override
            public void onComplete(Exchange done) {
                try {
                    jobs.taken(id);
                } catch (Exception e) {
                    getExceptionHandler().handleException("Enhancer job " + id + " was taken but is not deleted: it"
                                                          + " is given again once jobLease ends", done, e);
                }
            }
        });
        return exchange;
    }

    @Override
    public int processBatch(Queue<Object> exchanges) throws Exception {
        int total = exchanges.size();
        for (int index = 0; index < total && isBatchAllowed(); index++) {
            Exchange exchange = (Exchange) exchanges.poll();
            exchange.setProperty(Exchange.BATCH_INDEX, index);
            exchange.setProperty(Exchange.BATCH_SIZE, total);
            exchange.setProperty(Exchange.BATCH_COMPLETE, index == total - 1);
            pendingExchanges = total - index - 1;
            try {
                getProcessor().process(exchange);
            } catch (Exception e) {
                exchange.setException(e);
            }
            if (exchange.getException() != null) {
                getExceptionHandler().handleException("Enhancer job " + exchange.getMessage().getHeader(
                        EnhancerConstants.JOB_ID) + " failed in its route: it is given again once jobLease ends",
                        exchange, exchange.getException());
            }
        }
        return total;
    }
}
