package dev.camelsuite.workflow;

import java.io.IOException;
import java.io.InputStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.camelsuite.workflow.store.Unreachable;
import dev.camelsuite.workflow.store.WorkflowStore;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import dev.camelsuite.workflow.template.WorkflowTemplateParser;
import dev.camelsuite.workflow.template.WorkflowTemplates;
import javax.sql.DataSource;
import org.apache.camel.Endpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.support.HealthCheckComponent;
import org.apache.camel.support.ResourceHelper;
import org.h2.jdbcx.JdbcDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code workflow:} component: the workflow store (a database), the templates, and the defaults of its endpoints.
 */
@org.apache.camel.spi.annotations.Component("workflow")
public class WorkflowComponent extends HealthCheckComponent {

    private static final Logger LOG = LoggerFactory.getLogger(WorkflowComponent.class);

    @Metadata(autowired = true,
              description = "The database of workflow state. When none is set or bound, an embedded H2 database in the file"
                            + " named by defaultDatabaseFile.")
    private DataSource dataSource;

    @Metadata(defaultValue = "./workflow-data/workflow",
              description = "The file (without extension) of the embedded H2 database used when no dataSource is set.")
    private String defaultDatabaseFile = "./workflow-data/workflow";

    @Metadata(description = "Workflow template files, comma separated, as Camel resources (classpath:…, file:…); a file:"
                           + " folder stands for every .xml file in it.")
    private String templates;

    @Metadata(description = "An endpoint every status change is sent to as JSON {eventId, objectId, workflow, process,"
                            + " version, lane, oldStatus, newStatus, at}, e.g. a JMS topic; robots in other JVMs can"
                            + " wake up on it (their wakeUpFrom option). Through the outbox unless outbox=false.")
    private String events;

    @Metadata(defaultValue = "true",
              description = "With events set: each change writes its event in the change's own transaction (table"
                            + " workflow_event), and a relay sends them to events in order per object, at least once,"
                            + " each with a stable event id (header CamelWorkflowEventId), deleting what it sent. One"
                            + " relay of all the JVMs on the database sends at a time. Every component on one database"
                            + " must say the same. false: each event is sent after its commit, best effort (lost when"
                            + " the endpoint fails or the process dies in between).")
    private boolean outbox = true;

    @Metadata(defaultValue = "10000",
              description = "Milliseconds the outbox's relay holds its lease without renewing it: when the JVM whose"
                            + " relay sends dies, another JVM's relay goes on after this.")
    private long outboxLease = 10_000;

    @Metadata(defaultValue = "200",
              description = "Milliseconds between the relay's looks for events it was not told of (changes made by"
                            + " other JVMs, or by this one while another relay held the lease); this JVM's own changes"
                            + " are sent at once.")
    private long outboxPollInterval = 200;

    @Metadata(defaultValue = "true",
              description = "On an H2 database: whether each transaction is written to the database file before the"
                            + " operation answers (H2's WRITE_DELAY 0, set when the component starts), so that a write"
                            + " that was answered survives the death of the process. false leaves H2's own delay (500"
                            + " ms): faster, and the writes of the last half second lost when the process dies."
                            + " PostgreSQL writes each commit to disk whatever this says.")
    private boolean durableCommits = true;

    private EventDelivery eventDelivery;
    private final Object preparation = new Object();
    private volatile boolean prepared;
    private volatile String lastPreparationFailure;
    private long nextPreparationNanos;
    private long preparationPause;

    @Metadata(defaultValue = "true", description = "Whether the component brings the database schema up to date when"
                                                   + " it starts.")
    private boolean migrate = true;

    @Metadata(defaultValue = "86400000",
              description = "Milliseconds the idempotency key of a create (header CamelWorkflowIdempotencyKey) is"
                            + " remembered: within it, a create with the same key answers the first create's workflow"
                            + " instead of creating it again.")
    private long idempotencyKeyRetention = 86_400_000;

    @Metadata(label = "advanced", defaultValue = "false",
              description = "OpenTelemetry spans: each robot's step from its claim to its end (object id, workflow,"
                            + " process, attempt), the current span while the robot's route runs, so that what the"
                            + " route calls (a remote enhancer) joins the step's trace. Uses the OpenTelemetry bean in"
                            + " the registry, else the global one. Off, nothing is recorded.")
    private boolean tracing;

    private final List<WorkflowTemplate> javaTemplates = new ArrayList<>();
    private WorkflowTemplates templateSet;
    private WorkflowStore store;

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        String workflow = null;
        String process = null;
        if (remaining != null && !remaining.isBlank()) {
            String[] parts = remaining.split("/", -1);
            if (parts.length > 2 || parts[0].isBlank() || parts.length == 2 && parts[1].isBlank()) {
                throw new IllegalArgumentException("A workflow endpoint is workflow:[workflowName[/processName]], not "
                                                   + "workflow:" + remaining);
            }
            workflow = parts[0];
            process = parts.length == 2 ? parts[1] : null;
        }
        WorkflowEndpoint endpoint = new WorkflowEndpoint(uri, this, workflow, process);
        setProperties(endpoint, parameters);
        endpoint.validate();
        return endpoint;
    }

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        List<WorkflowTemplate> all = new ArrayList<>(javaTemplates);
        if (templates != null) {
            for (String location : templates.split(",")) {
                String trimmed = location.trim();
                for (String file : TemplateFolder.expand(trimmed)) {
                    try (InputStream in = ResourceHelper.resolveMandatoryResourceAsInputStream(getCamelContext(), file)) {
                        all.add(WorkflowTemplateParser.parse(in, file));
                    } catch (IOException e) {
                        throw new IllegalArgumentException("Option templates: cannot read " + file + ": "
                                                           + e.getMessage(), e);
                    }
                }
            }
        }
        templateSet = new WorkflowTemplates(all);
        if (dataSource == null) {
            JdbcDataSource h2 = new JdbcDataSource();
            // no AUTO_SERVER: it would open a TCP port on every interface, with H2's empty default credentials
            h2.setURL("jdbc:h2:file:" + defaultDatabaseFile);
            dataSource = h2;
        }
        store = new WorkflowStore(dataSource, templateSet::get);
        store.setIdempotencyKeyRetention(java.time.Duration.ofMillis(idempotencyKeyRetention));
        if (outboxLease <= 0 || outboxPollInterval <= 0) {
            throw new IllegalArgumentException("Options outboxLease and outboxPollInterval must be positive"
                                               + " milliseconds, not " + outboxLease + " and " + outboxPollInterval);
        }
        eventDelivery = EventDelivery.start(this, store);
        prepared = false;
        nextPreparationNanos = 0;
        preparationPause = 0;
        if (!prepareStore()) {
            LOG.warn("The workflow database cannot be reached ({}): the component starts without it; its robots wait,"
                     + " its operations fail with WorkflowStoreUnavailableException, and the schema is brought up to"
                     + " date when the database is there", lastPreparationFailure);
        }
    }

    @Override
    protected void doStop() throws Exception {
        if (eventDelivery != null) {
            eventDelivery.stop();
            eventDelivery = null;
        }
        super.doStop();
    }

    /**
     * Brings the store up once: its schema up to date ({@code migrate}) and its commits durable
     * ({@code durableCommits}). While the database cannot be reached this answers false, trying again at most every
     * few seconds (1 s, doubling, at most 30 s), so robots and operations can wait for it; any other failure is
     * thrown, as a start with a wrong schema or wrong credentials must fail.
     *
     * @return whether the store is ready
     */
    public boolean prepareStore() {
        if (prepared) {
            return true;
        }
        synchronized (preparation) {
            if (prepared) {
                return true;
            }
            if (System.nanoTime() - nextPreparationNanos < 0) {
                return false;
            }
            try {
                if (migrate) {
                    store.migrate();
                }
                if (durableCommits) {
                    makeCommitsDurable();
                }
                prepared = true;
                if (lastPreparationFailure != null) {
                    LOG.info("The workflow database is reachable again and up to date");
                    lastPreparationFailure = null;
                }
                return true;
            } catch (Exception e) {
                if (!Unreachable.is(e)) {
                    throw e instanceof RuntimeException r ? r : new IllegalStateException(e.getMessage(), e);
                }
                lastPreparationFailure = e.getMessage();
                preparationPause = Math.min(Math.max(1000, preparationPause * 2), 30_000);
                nextPreparationNanos = System.nanoTime() + preparationPause * 1_000_000L;
                return false;
            }
        }
    }

    /** Why the database could not be reached the last time the store was to be brought up, or null. */
    public String getLastPreparationFailure() {
        return lastPreparationFailure;
    }

    private void makeCommitsDurable() throws SQLException {
        try {
            store.makeCommitsDurable();
        } catch (SQLException e) {
            if (Unreachable.is(e)) {
                throw e;
            }
            throw new IllegalStateException("Option durableCommits: the database user may not SET WRITE_DELAY 0 (H2"
                                            + " wants an administrator for it). Give the user that right, or add"
                                            + " WRITE_DELAY=0 to the H2 URL and set durableCommits=false", e);
        }
    }

    /** Adds a template made in Java; call before the component starts. */
    public WorkflowComponent addTemplate(WorkflowTemplate template) {
        javaTemplates.add(template);
        return this;
    }

    StepEvents getStepEvents() {
        return eventDelivery.stepEvents();
    }

    public boolean isOutbox() {
        return outbox;
    }

    public void setOutbox(boolean outbox) {
        this.outbox = outbox;
    }

    public long getOutboxLease() {
        return outboxLease;
    }

    public void setOutboxLease(long outboxLease) {
        this.outboxLease = outboxLease;
    }

    public long getOutboxPollInterval() {
        return outboxPollInterval;
    }

    public void setOutboxPollInterval(long outboxPollInterval) {
        this.outboxPollInterval = outboxPollInterval;
    }

    public String getEvents() {
        return events;
    }

    public void setEvents(String events) {
        this.events = events;
    }

    public WorkflowStore getStore() {
        return store;
    }

    public WorkflowTemplates getTemplateSet() {
        return templateSet;
    }

    public DataSource getDataSource() {
        return dataSource;
    }

    public void setDataSource(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public String getDefaultDatabaseFile() {
        return defaultDatabaseFile;
    }

    public void setDefaultDatabaseFile(String defaultDatabaseFile) {
        this.defaultDatabaseFile = defaultDatabaseFile;
    }

    public String getTemplates() {
        return templates;
    }

    public void setTemplates(String templates) {
        this.templates = templates;
    }

    public boolean isDurableCommits() {
        return durableCommits;
    }

    public void setDurableCommits(boolean durableCommits) {
        this.durableCommits = durableCommits;
    }

    public boolean isTracing() {
        return tracing;
    }

    public void setTracing(boolean tracing) {
        this.tracing = tracing;
    }

    public boolean isMigrate() {
        return migrate;
    }

    public void setMigrate(boolean migrate) {
        this.migrate = migrate;
    }

    public long getIdempotencyKeyRetention() {
        return idempotencyKeyRetention;
    }

    public void setIdempotencyKeyRetention(long idempotencyKeyRetention) {
        this.idempotencyKeyRetention = idempotencyKeyRetention;
    }
}
