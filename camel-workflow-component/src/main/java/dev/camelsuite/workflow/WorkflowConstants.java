package dev.camelsuite.workflow;

import org.apache.camel.spi.Metadata;

/** Headers of the workflow component. */
public final class WorkflowConstants {

    @Metadata(description = "The operation; overrides the operation option.", javaType = "String")
    public static final String OPERATION = "CamelWorkflowOperation";
    @Metadata(description = "The object (e.g. druid:bb123cd4567).", javaType = "String")
    public static final String OBJECT_ID = "CamelWorkflowObjectId";
    @Metadata(description = "The workflow; overrides the one in the path.", javaType = "String")
    public static final String WORKFLOW = "CamelWorkflowName";
    @Metadata(description = "The process (step); overrides the one in the path.", javaType = "String")
    public static final String PROCESS = "CamelWorkflowProcess";
    @Metadata(description = "The object version (create: default 1; context: required; lifecycle, delete: optional).",
              javaType = "Integer")
    public static final String VERSION = "CamelWorkflowVersion";
    @Metadata(description = "The lane: create and update set it, queue and errors filter by it.", javaType = "String")
    public static final String LANE = "CamelWorkflowLane";
    @Metadata(description = "update: the new status; inStatus: the status looked for. Robot: set by the route to end"
                            + " its step otherwise than completed: skipped, waiting, a custom status, or none for no"
                            + " update.",
              javaType = "String")
    public static final String STATUS = "CamelWorkflowStatus";
    @Metadata(description = "update: the status the step must have now, else WorkflowConflictException.",
              javaType = "String")
    public static final String EXPECTED_STATUS = "CamelWorkflowExpectedStatus";
    @Metadata(description = "update: the error message (cleared when absent). Robot: set by the route with"
                            + " CamelWorkflowStatus error to end its step in error without an exception.",
              javaType = "String")
    public static final String ERROR_MESSAGE = "CamelWorkflowErrorMessage";
    @Metadata(description = "update: the error text, e.g. a stack trace (cleared when absent). Robot: as"
                            + " CamelWorkflowErrorMessage.", javaType = "String")
    public static final String ERROR_TEXT = "CamelWorkflowErrorText";
    @Metadata(description = "update: seconds the work took.", javaType = "java.math.BigDecimal")
    public static final String ELAPSED = "CamelWorkflowElapsed";
    @Metadata(description = "update: the lifecycle milestone reached.", javaType = "String")
    public static final String LIFECYCLE = "CamelWorkflowLifecycle";
    @Metadata(description = "update and skipAll: a note (robots put their host name there).", javaType = "String")
    public static final String NOTE = "CamelWorkflowNote";
    @Metadata(description = "queue, errors, inStatus, recentErrors: at most this many; overrides the limit option.",
              javaType = "Integer")
    public static final String LIMIT = "CamelWorkflowLimit";
    @Metadata(description = "create: the object version's context (JSON); a blank one deletes it. Robot (out), with"
                            + " withContext: the context of the step's object version.", javaType = "String")
    public static final String CONTEXT = "CamelWorkflowContext";
    @Metadata(description = "create: the date the workflow starts; until then no queue lists its steps and no robot"
                            + " claims them. An OffsetDateTime, Instant, Date or ISO-8601 text.",
              javaType = "java.time.OffsetDateTime")
    public static final String START_DATE = "CamelWorkflowStartDate";
    @Metadata(description = "create: an idempotency key (1 to 255 characters). The first create with it creates; the"
                            + " same key with the same request again answers that create's steps as they are now,"
                            + " without creating again (CamelWorkflowRepeated=true); with another request it fails with"
                            + " IdempotencyKeyReusedException. Remembered for idempotencyKeyRetention.",
              javaType = "String")
    public static final String IDEMPOTENCY_KEY = "CamelWorkflowIdempotencyKey";
    @Metadata(description = "create: false refuses to replace a version that exists (WorkflowExistsException),"
                            + " checked in the create's transaction. Default true: a create replaces the version.",
              javaType = "Boolean")
    public static final String REPLACE = "CamelWorkflowReplace";
    @Metadata(description = "repair: only steps whose error message contains this text.", javaType = "String")
    public static final String ERROR_CONTAINS = "CamelWorkflowErrorContains";
    @Metadata(description = "repair: true counts and lists the steps a repair would change, and changes none.",
              javaType = "Boolean")
    public static final String DRY_RUN = "CamelWorkflowDryRun";
    @Metadata(description = "create (result): true when the create's idempotency key named an earlier create, whose"
                            + " steps are the body.", javaType = "Boolean")
    public static final String REPEATED = "CamelWorkflowRepeated";
    @Metadata(description = "archive: finished workflows whose last change is older than this many days go too;"
                            + " overrides the retentionDays option.", javaType = "Integer")
    public static final String RETENTION_DAYS = "CamelWorkflowRetentionDays";
    @Metadata(description = "inStatus: only steps in the status since before this date. An OffsetDateTime, Instant,"
                            + " Date or ISO-8601 text.", javaType = "java.time.OffsetDateTime")
    public static final String BEFORE = "CamelWorkflowBefore";
    @Metadata(description = "update (result): the processes the update made ready.", javaType = "java.util.List<String>")
    public static final String NEXT_STEPS = "CamelWorkflowNextSteps";
    @Metadata(description = "Robot: the attempt this is (1 for the first) (out of the consumer).", javaType = "Integer")
    public static final String ATTEMPTS = "CamelWorkflowAttempts";
    @Metadata(description = "Events (sent to the component's events endpoint through the outbox): the event's id, the"
                            + " same each time the event is sent again; consumers de-duplicate on it. Also in the"
                            + " event's JSON as eventId.", javaType = "String")
    public static final String EVENT_ID = "CamelWorkflowEventId";
    /** The value of {@link #STATUS} by which a robot's route asks for no update of its step. */
    public static final String NO_UPDATE = "none";

    private WorkflowConstants() {
    }
}
