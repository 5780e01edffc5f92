package dev.camelsuite.enhancer;

import dev.camelsuite.enhancer.durable.FinishedJobsConsumer;
import dev.camelsuite.enhancer.durable.JobStates;
import dev.camelsuite.enhancer.durable.JobSubmitProducer;
import dev.camelsuite.enhancer.remote.producer.RemoteEnhancerProducer;
import dev.camelsuite.enhancer.remote.worker.EnhancerWorkerConsumer;
import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultEndpoint;

/**
 * Runs an enhancement chain over the message body: body in, enhanced content item out, with headers to branch on;
 * in this JVM, or scaled out over a broker queue to workers (the same URI with a queue on both sides).
 */
@UriEndpoint(firstVersion = "1.0.0", scheme = "enhancer", title = "Enhancer", syntax = "enhancer:chainName",
             category = { Category.AI, Category.MESSAGING }, headersClass = EnhancerConstants.class)
public class EnhancerEndpoint extends DefaultEndpoint {

    /** The path of the consumer of finished jobs. */
    public static final String JOBS = "jobs";

    @UriPath(description = "The name of the chain to run")
    @Metadata(required = true)
    private final String chainName;

    @UriParam
    private final EnhancerConfiguration configuration;

    @UriParam(label = "producer", defaultValue = "false",
              description = "Submit the body as a job instead of running the chain while the exchange waits: the job is"
                            + " stored in the enhancer component's dataSource and the exchange goes on at once with the"
                            + " job's id as its body (header CamelEnhancerJobId). The chain runs later on a job runner of"
                            + " any Camel context that shares the database, with this endpoint's options; the consumer"
                            + " enhancer:jobs receives the outcome.")
    private boolean job;

    @UriParam(label = "consumer", defaultValue = "finished", enums = "done,failed,finished",
              description = "The consumer enhancer:jobs: which finished jobs it receives, done (the endpoint answered),"
                            + " failed (it threw, or the job was started jobMaxAttempts times) or finished (both).")
    @Metadata(defaultValue = "finished")
    private String state = "finished";

    public EnhancerEndpoint(String uri, EnhancerComponent component, String chainName,
                            EnhancerConfiguration configuration) {
        super(uri, component);
        this.chainName = chainName;
        this.configuration = configuration;
    }

    @Override
    public EnhancerComponent getComponent() {
        return (EnhancerComponent) super.getComponent();
    }

    /**
     * With job=true a producer that stores a job; else in remote mode (with a queue) a producer that sends to the
     * workers, else one that runs the chain here.
     */
    @Override
    public Producer createProducer() {
        if (job) {
            return new JobSubmitProducer(this);
        }
        return configuration.isRemote() ? new RemoteEnhancerProducer(this) : new EnhancerProducer(this);
    }

    /** A worker on the endpoint's queue; without a queue, {@code enhancer:jobs} receives finished jobs. */
    @Override
    public Consumer createConsumer(Processor processor) throws Exception {
        if (!configuration.isRemote() && JOBS.equals(chainName)) {
            Consumer consumer = new FinishedJobsConsumer(this, processor, JobStates.of(state));
            configureConsumer(consumer);
            return consumer;
        }
        if (!configuration.isRemote()) {
            throw new IllegalArgumentException("The enhancer endpoint " + getEndpointUri() + " has no queue option:"
                                               + " a consumer is a worker taking requests from a queue, or"
                                               + " enhancer:jobs, which receives finished jobs");
        }
        Consumer consumer = new EnhancerWorkerConsumer(this, processor);
        configureConsumer(consumer);
        return consumer;
    }

    /** Checks the job options, naming the one at fault. */
    void validateJobs() {
        JobStates.of(state);
        if (job && configuration.getTimeout() == 0) {
            throw new IllegalArgumentException("Option timeout must be > 0 with job=true: a job's runner holds it for"
                                               + " its timeout, then another runner may take it");
        }
        if (job && getComponent().getDataSource() == null) {
            throw new IllegalArgumentException("Option job=true needs a database for the jobs: set the enhancer"
                                               + " component's dataSource, or bind one DataSource in the registry");
        }
    }

    public boolean isJob() {
        return job;
    }

    public void setJob(boolean job) {
        this.job = job;
    }

    public String getState() {
        return state;
    }

    public void setState(String state) {
        this.state = state;
    }

    public String getChainName() {
        return chainName;
    }

    public EnhancerConfiguration getConfiguration() {
        return configuration;
    }
}
