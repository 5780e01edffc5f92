package dev.camelsuite.enhancer;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;

import javax.sql.DataSource;

import dev.camelsuite.correlation.Tracing;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.chain.ChainDefinition;
import dev.camelsuite.enhancer.chain.InvalidChainException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.durable.DurableJobs;
import dev.camelsuite.enhancer.durable.JobSettings;
import dev.camelsuite.enhancer.job.EnhancementJobManager;
import org.apache.camel.Endpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.support.HealthCheckComponent;
import org.apache.camel.support.service.ServiceHelper;

/**
 * The {@code enhancer:} component: holds the chains and engines it knows, the default options of its endpoints and
 * the job manager that runs chains in this JVM.
 */
@org.apache.camel.spi.annotations.Component("enhancer")
public class EnhancerComponent extends HealthCheckComponent {

    @Metadata(description = "Default options of the endpoints")
    private EnhancerConfiguration configuration = new EnhancerConfiguration();

    @Metadata(label = "advanced",
              description = "Chains defined in configuration, by name: each has a type (list, weighted or graph) and"
                            + " its engines, one element per entry in Stanbol's line syntax")
    private Map<String, ChainDefinition> chains = new LinkedHashMap<>();

    @Metadata(label = "advanced",
              description = "The thread pool engines that become ready together run on. By default a pool of Camel's"
                            + " default thread pool profile.")
    private ExecutorService executorService;

    @Metadata(label = "advanced", defaultValue = "false",
              description = "OpenTelemetry spans: each chain and each engine (with its outcome), the remote producer's"
                            + " send and the worker's receive, with the W3C trace context in the JMS message, so that"
                            + " one document's way through caller, broker and workers is one trace. Uses the"
                            + " OpenTelemetry bean in the registry, else the global one. Off, nothing is recorded.")
    private boolean tracing;

    @Metadata(label = "jobs", autowired = true,
              description = "The database of jobs (job=true, enhancer:jobs): their table camel_enhancer.job is made"
                            + " when first used (H2 or PostgreSQL). Camel contexts sharing it share the jobs. By"
                            + " default the only DataSource in the registry.")
    private DataSource dataSource;

    @Metadata(label = "jobs", defaultValue = "2",
              description = "Jobs this Camel context runs at once, while it has a job endpoint (job=true or"
                            + " enhancer:jobs): each runner thread sends a job to its endpoint and waits for it.")
    private int jobRunners = 2;

    @Metadata(label = "jobs", defaultValue = "60000",
              description = "Milliseconds a job stays its runner's beyond its timeout before another runner may take it"
                            + " (its context died), and a finished job the consumer's before it is given again (its"
                            + " exchange failed).")
    private long jobLease = 60_000;

    @Metadata(label = "jobs", defaultValue = "86400000",
              description = "Milliseconds a finished job that no enhancer:jobs route took is kept before it is deleted.")
    private long jobRetention = 86_400_000;

    @Metadata(label = "jobs", defaultValue = "3",
              description = "How often a job is started (its runner died or stopped holding it) before it fails for"
                            + " that alone.")
    private int jobMaxAttempts = 3;

    @Metadata(label = "jobs", defaultValue = "10000",
              description = "Jobs that may wait or run at once; a submission beyond fails with"
                            + " RejectedExecutionException naming this option.")
    private int maxQueuedJobs = 10_000;

    @Metadata(label = "jobs", defaultValue = "500",
              description = "Milliseconds between two looks at the database for work when there was none: for jobs"
                            + " submitted by another Camel context (this one's wake its runners at once), and for"
                            + " enhancer:jobs.")
    private long jobPollInterval = 500;

    private final Map<String, Chain> javaChains = new ConcurrentHashMap<>();
    private Tracing spans = Tracing.OFF;
    private final Map<String, EnhancementEngine> engines = new ConcurrentHashMap<>();
    private EnhancementJobManager jobManager;
    private DurableJobs durableJobs;

    /** The instrumentation scope of the spans. */
    static final String TRACING_SCOPE = "dev.camelsuite.enhancer";

    public EnhancerComponent() {
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (remaining == null || remaining.isBlank()) {
            throw new IllegalArgumentException("The enhancer endpoint needs a chain name: enhancer:chainName");
        }
        EnhancerConfiguration conf = configuration.copy();
        EnhancerEndpoint endpoint = new EnhancerEndpoint(uri, this, remaining, conf);
        setProperties(endpoint, parameters);
        conf.validate();
        conf.validateRemote();
        endpoint.validateJobs();
        return endpoint;
    }

    @Override
    protected void doInit() throws Exception {
        super.doInit();
        configuration.validate();
        jobSettings();
        // configuration errors surface when the context starts, before any route
        for (Map.Entry<String, ChainDefinition> e : chains.entrySet()) {
            e.getValue().toChain(e.getKey());
        }
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        if (jobManager == null) {
            jobManager = new EnhancementJobManager(getCamelContext(), executorService);
        }
        spans = Tracing.of(getCamelContext(), tracing, TRACING_SCOPE);
        jobManager.setTracing(spans);
        ServiceHelper.startService(jobManager);
    }

    @Override
    protected void doStop() throws Exception {
        synchronized (this) {
            ServiceHelper.stopService(durableJobs);
            durableJobs = null;
        }
        ServiceHelper.stopService(jobManager);
        super.doStop();
    }

    /**
     * The jobs of this component, started at the first job endpoint that starts: from then on this context runs jobs.
     *
     * @throws IllegalArgumentException when there is no dataSource, or a job option is out of range
     */
    public synchronized DurableJobs durableJobs() {
        if (durableJobs == null) {
            if (dataSource == null) {
                throw new IllegalArgumentException("Enhancer jobs need a database: set the enhancer component's"
                                                   + " dataSource, or bind one DataSource in the registry");
            }
            DurableJobs jobs = new DurableJobs(getCamelContext(), dataSource, jobSettings());
            ServiceHelper.startService(jobs);
            durableJobs = jobs;
        }
        return durableJobs;
    }

    private JobSettings jobSettings() {
        return new JobSettings(jobRunners, jobLease, jobRetention, jobMaxAttempts, maxQueuedJobs, jobPollInterval);
    }

    /** Adds a chain built in Java; it wins over one of the same name from configuration or the registry. */
    public EnhancerComponent addChain(Chain chain) {
        javaChains.put(chain.getName(), chain);
        return this;
    }

    /** Adds an engine; it wins over a bean of the same name in the registry. */
    public EnhancerComponent addEngine(EnhancementEngine engine) {
        engines.put(engine.getName(), engine);
        return this;
    }

    /**
     * The chain of this name: one added in Java, else one from configuration, else a {@link Chain} or
     * {@link ChainDefinition} bean of that name in the registry.
     *
     * @throws InvalidChainException when there is none, or its definition is invalid
     */
    public Chain resolveChain(String name) {
        Chain chain = javaChains.get(name);
        if (chain != null) {
            return chain;
        }
        ChainDefinition definition = chains.get(name);
        if (definition != null) {
            return definition.toChain(name);
        }
        Object bean = getCamelContext().getRegistry().lookupByName(name);
        if (bean instanceof Chain c) {
            return c;
        }
        if (bean instanceof ChainDefinition d) {
            // a definition bean, e.g. declared in a YAML DSL file
            return d.toChain(name);
        }
        throw new InvalidChainException(name, null, "No chain named '" + name + "': add it to the enhancer"
                                                    + " component, define camel.component.enhancer.chains[" + name
                                                    + "], or bind a Chain bean of that name");
    }

    /** The names of every chain this component can resolve: added in Java, from configuration, or bound as beans. */
    public SortedSet<String> getChainNames() {
        SortedSet<String> names = new TreeSet<>(javaChains.keySet());
        names.addAll(chains.keySet());
        names.addAll(getCamelContext().getRegistry().findByTypeWithName(Chain.class).keySet());
        names.addAll(getCamelContext().getRegistry().findByTypeWithName(ChainDefinition.class).keySet());
        return names;
    }

    /** The names of every engine this component can find: added to it, or bound as beans (by their engine name). */
    public SortedSet<String> getEngineNames() {
        SortedSet<String> names = new TreeSet<>(engines.keySet());
        for (EnhancementEngine engine : getCamelContext().getRegistry().findByType(EnhancementEngine.class)) {
            names.add(engine.getName());
        }
        return names;
    }

    /**
     * The engine of this name: one added to the component, else a bean of that name, else the only bean whose
     * {@link EnhancementEngine#getName()} is that name; null when there is none.
     */
    public EnhancementEngine lookupEngine(String name) {
        EnhancementEngine engine = engines.get(name);
        if (engine != null) {
            return engine;
        }
        engine = getCamelContext().getRegistry().lookupByNameAndType(name, EnhancementEngine.class);
        if (engine != null) {
            return engine;
        }
        Set<EnhancementEngine> all = getCamelContext().getRegistry().findByType(EnhancementEngine.class);
        for (EnhancementEngine candidate : all) {
            if (name.equals(candidate.getName())) {
                return candidate;
            }
        }
        return null;
    }

    public boolean isTracing() {
        return tracing;
    }

    public void setTracing(boolean tracing) {
        this.tracing = tracing;
    }

    /** The spans of this component's chains, producers and workers: {@link Tracing#OFF} unless {@code tracing}. */
    public Tracing getSpans() {
        return spans;
    }

    public EnhancementJobManager getJobManager() {
        return jobManager;
    }

    public EnhancerConfiguration getConfiguration() {
        return configuration;
    }

    public void setConfiguration(EnhancerConfiguration configuration) {
        this.configuration = configuration;
    }

    public Map<String, ChainDefinition> getChains() {
        return chains;
    }

    public void setChains(Map<String, ChainDefinition> chains) {
        this.chains = chains;
    }

    public DataSource getDataSource() {
        return dataSource;
    }

    public void setDataSource(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public int getJobRunners() {
        return jobRunners;
    }

    public void setJobRunners(int jobRunners) {
        this.jobRunners = jobRunners;
    }

    public long getJobLease() {
        return jobLease;
    }

    public void setJobLease(long jobLease) {
        this.jobLease = jobLease;
    }

    public long getJobRetention() {
        return jobRetention;
    }

    public void setJobRetention(long jobRetention) {
        this.jobRetention = jobRetention;
    }

    public int getJobMaxAttempts() {
        return jobMaxAttempts;
    }

    public void setJobMaxAttempts(int jobMaxAttempts) {
        this.jobMaxAttempts = jobMaxAttempts;
    }

    public int getMaxQueuedJobs() {
        return maxQueuedJobs;
    }

    public void setMaxQueuedJobs(int maxQueuedJobs) {
        this.maxQueuedJobs = maxQueuedJobs;
    }

    public long getJobPollInterval() {
        return jobPollInterval;
    }

    public void setJobPollInterval(long jobPollInterval) {
        this.jobPollInterval = jobPollInterval;
    }

    public ExecutorService getExecutorService() {
        return executorService;
    }

    public void setExecutorService(ExecutorService executorService) {
        this.executorService = executorService;
    }
}
