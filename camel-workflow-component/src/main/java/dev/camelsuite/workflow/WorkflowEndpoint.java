package dev.camelsuite.workflow;

import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.ScheduledPollEndpoint;

/**
 * Reads and changes WorkDo-style workflow state of objects (producer), and is a robot working on one step's queue
 * (consumer).
 */
@UriEndpoint(firstVersion = "1.0.0", scheme = "workflow", title = "Workflow", syntax = "workflow:workflowName/processName",
             category = { Category.WORKFLOW, Category.DATABASE }, headersClass = WorkflowConstants.class)
public class WorkflowEndpoint extends ScheduledPollEndpoint {

    /** The shortest lease: renewed every third of it, it must outlast a round trip to the database. */
    static final long MIN_LEASE = 300;

    @UriPath(description = "The workflow (optional for operations that span workflows)")
    private final String workflowName;
    @UriPath(description = "The process (step) of the workflow")
    private final String processName;

    // not required as URI metadata: a robot's URI (the consumer) has none; a producer needs it or the header
    @UriParam(label = "producer", description = "The operation of a producer, required there unless the header"
                                               + " CamelWorkflowOperation gives it (which overrides it); a robot"
                                               + " (consumer) has none.",
              enums = "create,update,get,queue,errors,lifecycle,skipAll,delete,archive,counts,templates")
    private WorkflowOperation operation;

    @UriParam(label = "consumer", defaultValue = "1",
              description = "Robot: how many robots of this endpoint work in parallel, each on its own thread and claims.")
    private int robots = 1;

    @UriParam(label = "consumer", defaultValue = "3",
              description = "Robot: how many attempts a step gets. A failed attempt with attempts left ends the step"
                            + " retrying (claimed again after retryDelay); the last one ends it in error.")
    private int maxAttempts = 3;

    @UriParam(label = "consumer", defaultValue = "60000", javaType = "long",
              description = "Robot: milliseconds a retrying step waits before it can be claimed again.")
    private long retryDelay = 60_000;

    @UriParam(label = "consumer", defaultValue = "10",
              description = "Robot: how many ready steps one poll claims at most (each is processed and completed on"
                            + " its own).")
    private int claimBatch = 10;

    @UriParam(label = "consumer", defaultValue = "1",
              description = "Robot: up to this many ended steps of this endpoint's robots are written in one"
                            + " transaction, by a writer thread, while the robots go on with their next steps. 1: each"
                            + " robot writes its step's end itself, in its own transaction, before it takes the next."
                            + " A crash between a step's route and its write leaves the step started: the sweeper"
                            + " (stuckAfter) hands it out again.")
    private int completionBatch = 1;

    @UriParam(label = "consumer",
              description = "Robot: its name, written in the note of the steps it claims; host:pid by default.")
    private String robotName;

    @UriParam(label = "consumer", defaultValue = "false",
              description = "Robot: whether each exchange carries the object version's context (JSON) in the header"
                            + " CamelWorkflowContext; one more query per step, so off by default.")
    private boolean withContext;

    @UriParam(label = "consumer",
              description = "Robot: an endpoint of step events (the component's events option, e.g. a JMS topic) the robot"
                            + " listens to, working at once when a step of its process becomes ready in another JVM."
                            + " Robots of the same JVM are woken without it.")
    private String wakeUpFrom;

    @UriParam(label = "consumer", defaultValue = "86400000", javaType = "long",
              description = "Robot: the sweeper puts steps of this workflow started without a lease longer than this"
                            + " many milliseconds ago (their robot died) back in the queue; by default 24 hours, the"
                            + " workflow service's period for started steps; 0 for no sweeper. Steps under a lease go"
                            + " back when their lease runs out.")
    private long stuckAfter = 86_400_000L;

    // on for robots, unlike other polling consumers: `delay` is the pause of an idle robot, not of one with a backlog
    // (10 steps every 500 ms otherwise, wherever no wake-up comes)
    @UriParam(label = "consumer,scheduler", defaultValue = "true",
              description = "Robot: a poll that claimed steps is followed at once by the next one, until a poll finds"
                            + " none; false: every poll waits delay after the one before, as Camel's polling consumers"
                            + " do by default.")
    private boolean greedy = true;

    @UriParam(label = "consumer", defaultValue = "30000", javaType = "long",
              description = "Robot: how long (milliseconds) a claim holds a step without being renewed. The robot renews"
                            + " the leases of the steps it holds every third of this, from a thread of its own, while"
                            + " their routes run; a step whose lease ran out (its robot died, or lost the database) is"
                            + " given out again at the next poll of a robot of its process, its attempt counted, and the"
                            + " first robot's end is refused. 0: no lease, the sweeper (stuckAfter) gives such steps out"
                            + " again.")
    private long lease = 30_000L;

    @UriParam(label = "common", description = "The lane of created steps, the lane queue and errors look in, or the lane a"
                                              + " robot works on (all lanes when absent)."
                                                + " The header CamelWorkflowLane overrides it.")
    private String lane;

    @UriParam(label = "producer", defaultValue = "10000",
              description = "queue and errors: at most this many objects (a bound by default, so that a long queue"
                            + " does not come back as one list); 0 for all. The header CamelWorkflowLimit overrides"
                            + " it.")
    private int limit = 10_000;

    @UriParam(label = "producer", defaultValue = "false",
              description = "lifecycle with a version: nothing when every step of that version is done, else every step of"
                            + " that version that carries a lifecycle, reached or not (as the workflow service).")
    private boolean activeOnly;

    @UriParam(label = "producer", defaultValue = "0",
              description = "archive: besides the finished workflows of inactive versions, finished workflows whose last"
                            + " change is older than this many days; 0 for none. The header CamelWorkflowRetentionDays"
                            + " overrides it.")
    private int retentionDays;

    public WorkflowEndpoint(String uri, WorkflowComponent component, String workflowName, String processName) {
        super(uri, component);
        this.workflowName = workflowName;
        this.processName = processName;
        super.setGreedy(greedy);
    }

    void validate() {
        if (robots <= 0) {
            throw new IllegalArgumentException("Option robots must be > 0 but was " + robots);
        }
        if (maxAttempts <= 0) {
            throw new IllegalArgumentException("Option maxAttempts must be > 0 but was " + maxAttempts);
        }
        if (retryDelay < 0) {
            throw new IllegalArgumentException("Option retryDelay must be >= 0 (milliseconds) but was " + retryDelay);
        }
        if (claimBatch <= 0) {
            throw new IllegalArgumentException("Option claimBatch must be > 0 but was " + claimBatch);
        }
        if (completionBatch <= 0) {
            throw new IllegalArgumentException("Option completionBatch must be > 0 but was " + completionBatch);
        }
        if (stuckAfter < 0) {
            throw new IllegalArgumentException("Option stuckAfter must be >= 0 (milliseconds, 0 for none) but was "
                                               + stuckAfter);
        }
        if (lease != 0 && lease < MIN_LEASE) {
            throw new IllegalArgumentException("Option lease must be 0 (none) or at least " + MIN_LEASE
                                               + " milliseconds but was " + lease);
        }
        if (limit < 0) {
            throw new IllegalArgumentException("Option limit must be >= 0 but was " + limit);
        }
        if (retentionDays < 0) {
            throw new IllegalArgumentException("Option retentionDays must be >= 0 but was " + retentionDays);
        }
    }

    @Override
    public WorkflowComponent getComponent() {
        return (WorkflowComponent) super.getComponent();
    }

    @Override
    public Producer createProducer() {
        return new WorkflowProducer(this);
    }

    @Override
    public Consumer createConsumer(Processor processor) throws Exception {
        if (workflowName == null || processName == null) {
            throw new IllegalArgumentException("A workflow robot needs the workflow and the process it works on:"
                                               + " workflow:workflowName/processName, not " + getEndpointUri());
        }
        if (robots > 1) {
            // each robot is one task of the polling scheduler, on its own thread
            java.util.Map<String, Object> scheduler = getSchedulerProperties() == null
                    ? new java.util.HashMap<>() : new java.util.HashMap<>(getSchedulerProperties());
            scheduler.putIfAbsent("concurrentConsumers", robots);
            scheduler.putIfAbsent("poolSize", robots);
            setSchedulerProperties(scheduler);
        }
        WorkflowRobot robot = new WorkflowRobot(this, processor);
        configureConsumer(robot);
        return robot;
    }

    public int getRobots() {
        return robots;
    }

    public void setRobots(int robots) {
        this.robots = robots;
    }

    public int getMaxAttempts() {
        return maxAttempts;
    }

    public void setMaxAttempts(int maxAttempts) {
        this.maxAttempts = maxAttempts;
    }

    public long getRetryDelay() {
        return retryDelay;
    }

    public void setRetryDelay(long retryDelay) {
        this.retryDelay = retryDelay;
    }

    public int getClaimBatch() {
        return claimBatch;
    }

    public void setClaimBatch(int claimBatch) {
        this.claimBatch = claimBatch;
    }

    public int getCompletionBatch() {
        return completionBatch;
    }

    public void setCompletionBatch(int completionBatch) {
        this.completionBatch = completionBatch;
    }

    public String getRobotName() {
        return robotName;
    }

    public void setRobotName(String robotName) {
        this.robotName = robotName;
    }

    public String getWakeUpFrom() {
        return wakeUpFrom;
    }

    public void setWakeUpFrom(String wakeUpFrom) {
        this.wakeUpFrom = wakeUpFrom;
    }

    public boolean isWithContext() {
        return withContext;
    }

    public void setWithContext(boolean withContext) {
        this.withContext = withContext;
    }

    public long getLease() {
        return lease;
    }

    @Override
    public boolean isGreedy() {
        return greedy;
    }

    @Override
    public void setGreedy(boolean greedy) {
        this.greedy = greedy;
        super.setGreedy(greedy);
    }

    public void setLease(long lease) {
        this.lease = lease;
    }

    public long getStuckAfter() {
        return stuckAfter;
    }

    public void setStuckAfter(long stuckAfter) {
        this.stuckAfter = stuckAfter;
    }

    public String getWorkflowName() {
        return workflowName;
    }

    public String getProcessName() {
        return processName;
    }

    public WorkflowOperation getOperation() {
        return operation;
    }

    public void setOperation(WorkflowOperation operation) {
        this.operation = operation;
    }

    public String getLane() {
        return lane;
    }

    public void setLane(String lane) {
        this.lane = lane;
    }

    public int getLimit() {
        return limit;
    }

    public void setLimit(int limit) {
        this.limit = limit;
    }

    public int getRetentionDays() {
        return retentionDays;
    }

    public void setRetentionDays(int retentionDays) {
        this.retentionDays = retentionDays;
    }

    public boolean isActiveOnly() {
        return activeOnly;
    }

    public void setActiveOnly(boolean activeOnly) {
        this.activeOnly = activeOnly;
    }
}
