package dev.camelsuite.workflow;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.InetAddress;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepChange;
import dev.camelsuite.workflow.model.StepClaim;
import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepEndResult;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.store.WorkflowStore;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import org.apache.camel.Consumer;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.Processor;
import org.apache.camel.spi.ExceptionHandler;
import org.apache.camel.support.ScheduledPollConsumer;
import org.apache.camel.support.service.ServiceHelper;
import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A robot (WorkDo): claims ready steps of one process and runs the route over each — the object id as body, the
 * step's fields as headers — then ends the step.
 * <ul>
 * <li>Claim: up to {@code claimBatch} steps per poll become {@code started} (attempts + 1) in one transaction, taken
 * with {@code SKIP LOCKED}: robots in any number of threads (option {@code robots}) and JVMs never hold
 * the same step.</li>
 * <li>End: {@code completed} with the elapsed seconds, or what the route put in {@code CamelWorkflowStatus}
 * ({@code skipped}, {@code waiting}, a custom status, or {@code none} for no update). An exception ends it
 * {@code retrying} while attempts are left (claimed again after {@code retryDelay}), else {@code error} — with
 * the message and the stack trace as error text.</li>
 * <li>Lease: a claim holds its step for {@code lease} (30 s); a thread of the robot renews the leases of the steps it
 * holds while their routes run, so a slow route keeps its step. A step whose lease ran out — its robot died, or lost
 * the database — is given out again at the next poll of a robot of its process (looked for at most once a second),
 * its attempt counted. Each claim records who holds the step and starts its next attempt in the attempt history.</li>
 * <li>Every end names the claim it ends ({@link StepClaim}: the step's version and attempt count) and applies only
 * while the step is still {@code started} under that claim, so a step is never completed twice and a late end never
 * lands on another robot's claim: when the sweeper gave a step of a robot presumed dead to another robot, or the
 * workflow was created again, the first robot's end is refused, logged (WARN) and counted
 * ({@link #getRefusedEnds()}, meter {@code workflow.robot.ends.refused}). Delivery is at-least-once: a step may run
 * again after a crash.</li>
 * </ul>
 */
public class WorkflowRobot extends ScheduledPollConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(WorkflowRobot.class);

    private final WorkflowEndpoint endpoint;
    private String robotName;
    private RobotMetrics metrics;
    private CompletionWriter writer;
    private long lastSweepNanos;
    private volatile boolean orphansReleased;
    private final AtomicBoolean wakeUpPending = new AtomicBoolean();
    private final LongAdder refusedEnds = new LongAdder();
    /** Robots at work in a poll: stopping waits for them (see {@link #doStop()}). */
    private final AtomicInteger working = new AtomicInteger();
    private ExecutorService wakeUps;
    private Consumer wakeUpConsumer;
    /** The steps this robot holds under a lease: claimed, and their ends not written yet. */
    private final Map<String, Step> held = new ConcurrentHashMap<>();
    private ScheduledExecutorService leases;
    private String holder;
    private long lastExpiryNanos;
    private DatabaseOutage outage;
    private RobotTrace trace = RobotTrace.OFF;

    public WorkflowRobot(WorkflowEndpoint endpoint, Processor processor) {
        super(endpoint, processor);
        this.endpoint = endpoint;
    }

    @Override
    protected void doStart() throws Exception {
        var template = endpoint.getComponent().getTemplateSet().get(endpoint.getWorkflowName());
        if (template != null && template.getProcess(endpoint.getProcessName()) == null) {
            throw new IllegalArgumentException("Workflow " + endpoint.getWorkflowName() + " has no process "
                                               + endpoint.getProcessName() + ": no robot can work on it");
        }
        robotName = endpoint.getRobotName() != null ? endpoint.getRobotName() : defaultName();
        if (endpoint.getStuckAfter() <= 0 && endpoint.getLease() <= 0) {
            LOG.warn("Robot {} on {}/{} runs without a lease and without the sweeper (lease=0, stuckAfter=0): a step"
                     + " whose robot dies stays started until someone resets it", robotName, endpoint.getWorkflowName(), endpoint.getProcessName());
        }
        metrics = RobotMetrics.of(endpoint.getCamelContext(), endpoint.getWorkflowName(), endpoint.getProcessName());
        holder = robotName + (getRouteId() == null ? "" : " (route " + getRouteId() + ")");
        outage = new DatabaseOutage(robotName, endpoint.getWorkflowName() + "/" + endpoint.getProcessName(), metrics);
        trace = RobotTrace.of(endpoint.getCamelContext(), endpoint.getComponent().isTracing());
        ExceptionHandler camels = getExceptionHandler();
        // a poll that failed because the database is away: one line per outage instead of a stack trace per poll
        setExceptionHandler(new ExceptionHandler() {
            @Override
            public void handleException(Throwable exception) {
                handleException(null, null, exception);
            }

            @Override
            public void handleException(String message, Throwable exception) {
                handleException(message, null, exception);
            }

            @Override
            public void handleException(String message, Exchange exchange, Throwable exception) {
                if (exchange != null || !(exception instanceof Exception e) || !outage.pollFailed(e)) {
                    camels.handleException(message, exchange, exception);
                }
            }
        });
        if (endpoint.getLease() > 0) {
            // renewed from a thread of its own: a slow route holds its step as long as it runs
            long every = Math.max(100, endpoint.getLease() / 3);
            leases = endpoint.getCamelContext().getExecutorServiceManager().newSingleThreadScheduledExecutor(this,
                    "WorkflowRobotLeases");
            leases.scheduleWithFixedDelay(this::renewLeases, every, every, TimeUnit.MILLISECONDS);
        }
        wakeUps = endpoint.getCamelContext().getExecutorServiceManager().newSingleThreadExecutor(this,
                "WorkflowRobotWakeUp");
        if (endpoint.getCompletionBatch() > 1) {
            writer = new CompletionWriter(this::store, endpoint.getCompletionBatch(), endpoint.getRobots(), this::written);
            writer.start(endpoint.getCamelContext().getExecutorServiceManager().newSingleThreadExecutor(this,
                    "WorkflowRobotCompletions"));
        }
        super.doStart();
        endpoint.getComponent().getStepEvents().add(this);
        if (endpoint.getWakeUpFrom() != null) {
            wakeUpConsumer = endpoint.getCamelContext().getEndpoint(endpoint.getWakeUpFrom())
                    .createConsumer(exchange -> onEvent(exchange.getIn().getBody(String.class)));
            ServiceHelper.startService(wakeUpConsumer);
        }
    }

    @Override
    protected void doStop() throws Exception {
        endpoint.getComponent().getStepEvents().remove(this);
        ServiceHelper.stopService(wakeUpConsumer);
        wakeUpConsumer = null;
        // Camel stops a poll by interrupting its thread; a robot interrupted inside a JDBC call can leave an embedded
        // database's file closed (H2 closes its file channel on an interrupt). So the robots finish the step in hand
        // and hand back the rest of their claim first; only one that overruns the shutdown timeout is interrupted.
        awaitRobots();
        if (wakeUps != null) {
            endpoint.getCamelContext().getExecutorServiceManager().shutdownGraceful(wakeUps);
            wakeUps = null;
        }
        super.doStop();
        if (writer != null) {
            // the robots have stopped: what they handed over is written before the consumer is down
            writer.stop();
            writer = null;
        }
        if (leases != null) {
            endpoint.getCamelContext().getExecutorServiceManager().shutdownNow(leases);
            leases = null;
        }
        held.clear();
    }

    /** Renews the leases of the steps in hand; a step whose lease ran out meanwhile is no longer this robot's. */
    private void renewLeases() {
        List<Step> inHand = List.copyOf(held.values());
        if (inHand.isEmpty()) {
            return;
        }
        try {
            int renewed = store().renew(inHand, Duration.ofMillis(endpoint.getLease()));
            if (renewed < inHand.size()) {
                LOG.warn("Robot {} no longer holds {} of its {} step(s) of {}/{}: their lease ran out before it was"
                         + " renewed; their ends will be refused", robotName, inHand.size() - renewed, inHand.size(),
                        endpoint.getWorkflowName(), endpoint.getProcessName());
            }
        } catch (Exception e) {
            LOG.warn("Robot {} could not renew the leases of {} step(s) of {}/{}: {}", robotName, inHand.size(),
                    endpoint.getWorkflowName(), endpoint.getProcessName(), e.getMessage());
        }
    }

    /** Steps of this process whose lease ran out go back to the queue; looked at most once a second. */
    private void expireLeasesWhenDue() {
        long now = System.nanoTime();
        long every = Math.min(1000, Math.max(100, endpoint.getLease() / 4)) * 1_000_000L;
        if (endpoint.getLease() <= 0 || now - lastExpiryNanos < every) {
            return;
        }
        lastExpiryNanos = now;
        try {
            int expired = store().expire(endpoint.getWorkflowName(), endpoint.getProcessName());
            if (expired > 0) {
                LOG.warn("Robot {} gave {} step(s) of {}/{} out again: the lease of the robot that held them ran out",
                        robotName, expired, endpoint.getWorkflowName(), endpoint.getProcessName());
            }
        } catch (Exception e) {
            LOG.warn("Robot {} could not look for steps of {}/{} whose lease ran out: {}", robotName,
                    endpoint.getWorkflowName(), endpoint.getProcessName(), e.getMessage());
        }
    }

    private static String key(Step step) {
        return key(step.objectId(), step.process(), step.version());
    }

    private static String key(String objectId, String process, int version) {
        return objectId + '\u0000' + process + '\u0000' + version;
    }

    /** A step became ready: when it is this robot's, work now instead of at the next poll. */
    void wakeUpFor(StepChange change) {
        if (change.workflow().equals(endpoint.getWorkflowName()) && change.process().equals(endpoint.getProcessName())
            && (endpoint.getLane() == null || endpoint.getLane().equals(change.lane()))) {
            wakeUp();
        }
    }

    private void onEvent(String json) {
        try {
            JsonObject o =
                    (JsonObject) Jsoner.deserialize(json);
            String status = o.getString("newStatus");
            if ((StepStatus.QUEUED.is(status) || StepStatus.RETRYING.is(status))
                && endpoint.getWorkflowName().equals(o.getString("workflow"))
                && endpoint.getProcessName().equals(o.getString("process"))
                && (endpoint.getLane() == null || endpoint.getLane().equals(o.getString("lane")))) {
                wakeUp();
            }
        } catch (Exception e) {
            LOG.debug("Ignored a step event that is not one: {}", e.getMessage());
        }
    }

    /** Claims and works until nothing is left, on the robot's wake-up thread; wake-ups meanwhile fold into one. */
    private void wakeUp() {
        ExecutorService executor = wakeUps;
        if (executor == null || !isRunAllowed() || isSuspended() || !wakeUpPending.compareAndSet(false, true)) {
            return;
        }
        try {
            executor.execute(() -> {
                wakeUpPending.set(false);
                try {
                    while (isRunAllowed() && !isSuspended() && poll() > 0) {
                        // keep going while there is work
                    }
                } catch (Exception e) {
                    LOG.warn("Robot {} could not work on a wake-up: {}", robotName, e.getMessage());
                }
            });
        } catch (RejectedExecutionException e) {
            wakeUpPending.set(false);
        }
    }

    /**
     * On the first poll: the steps that robots of a process of this host that died still hold go back to the queue
     * (robots named by default, host:pid, only). A node killed and started again gives out its steps at once.
     */
    private void releaseOrphansOnce() {
        if (orphansReleased) {
            return;
        }
        orphansReleased = true;
        String host = thisHost();
        if (host == null || !robotName.startsWith(host + ":")) {
            return;
        }
        try {
            int released = store().releaseOrphans(endpoint.getWorkflowName(), host,
                    pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
            if (released > 0) {
                LOG.info("Robot {} gave {} step(s) of {} back to the queue: the robots of a process of this host that"
                         + " is gone held them", robotName, released, endpoint.getWorkflowName());
            }
        } catch (SQLException e) {
            orphansReleased = false;
            LOG.warn("Robot {} could not look for steps of robots of this host that are gone: {}", robotName,
                    e.getMessage());
        }
    }

    private static String thisHost() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return null;
        }
    }

    private static String defaultName() {
        String host = thisHost();
        return (host == null ? "robot" : host) + ":" + ProcessHandle.current().pid();
    }


    private WorkflowStore store() {
        return endpoint.getComponent().getStore();
    }

    @Override
    protected int poll() throws Exception {
        working.incrementAndGet();
        try {
            if (!isRunAllowed()) {
                return 0;
            }
            // a database that was not reachable when the component started: wait for it (the component retries)
            if (!endpoint.getComponent().prepareStore()) {
                return 0;
            }
            releaseOrphansOnce();
            sweepWhenDue();
            expireLeasesWhenDue();
            // a failure goes to Camel (the robot's health turns DOWN), then to the exception handler set in doStart
            List<Step> claimed = claim();
            outage.pollSucceeded();
            boolean leased = endpoint.getLease() > 0;
            if (leased) {
                claimed.forEach(step -> held.put(key(step), step));
            }
            for (int i = 0; i < claimed.size(); i++) {
                // a route stops its consumer by suspending it first, then waits for the step in hand
                if (!isRunAllowed() || isSuspendingOrSuspended()) {
                    release(claimed.subList(i, claimed.size()));
                    break;
                }
                work(claimed.get(i));
            }
            return claimed.size();
        } finally {
            if (working.decrementAndGet() == 0) {
                synchronized (working) {
                    working.notifyAll();
                }
            }
        }
    }

    private List<Step> claim() throws Exception {
        return store().claim(endpoint.getWorkflowName(), endpoint.getProcessName(), endpoint.getLane(),
                endpoint.getClaimBatch(), Duration.ofMillis(endpoint.getRetryDelay()), robotName, holder,
                endpoint.getLease() > 0 ? Duration.ofMillis(endpoint.getLease()) : null);
    }

    /** Stopping or suspended: the claimed steps not worked on go back to the queue at once, not after {@code stuckAfter}. */
    private void release(List<Step> steps) {
        steps.forEach(step -> held.remove(key(step)));
        List<StepEnd> back = steps.stream().map(step -> new StepEnd(step.objectId(), step.workflow(), step.process(),
                StepUpdate.to(StepStatus.QUEUED.label()).withNote(robotName).ending(StepClaim.of(step)))).toList();
        try {
            long released = store().updateAll(back).stream().filter(r -> r.failure() == null).count();
            LOG.info("Robot {} stopped and handed {} claimed step(s) of {}/{} back to the queue", robotName, released,
                    endpoint.getWorkflowName(), endpoint.getProcessName());
        } catch (Exception e) {
            LOG.warn("Robot {} could not hand {} claimed step(s) of {}/{} back as it stopped ({}): the sweeper will",
                    robotName, back.size(), endpoint.getWorkflowName(), endpoint.getProcessName(), e.getMessage());
        }
    }

    /** Waits, within the context's shutdown timeout, until no robot of this consumer is inside a poll. */
    private void awaitRobots() throws InterruptedException {
        var shutdown = endpoint.getCamelContext().getShutdownStrategy();
        long deadline = System.nanoTime() + shutdown.getTimeUnit().toNanos(shutdown.getTimeout());
        synchronized (working) {
            while (working.get() > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    LOG.warn("Robot {} is still at work after the shutdown timeout; it is interrupted", robotName);
                    return;
                }
                working.wait(Math.max(1, left / 1_000_000));
            }
        }
    }

    private void sweepWhenDue() {
        long stuckAfter = endpoint.getStuckAfter();
        long now = System.nanoTime();
        if (stuckAfter <= 0 || now - lastSweepNanos < Math.max(1000, stuckAfter / 4) * 1_000_000L) {
            return;
        }
        lastSweepNanos = now;
        try {
            int swept = store().sweep(endpoint.getWorkflowName(), Duration.ofMillis(stuckAfter));
            if (swept > 0) {
                LOG.warn("Put {} step(s) of {} started more than {} ms ago back in the queue", swept,
                        endpoint.getWorkflowName(), stuckAfter);
            }
        } catch (Exception e) {
            LOG.warn("The sweeper of {} failed: {}", endpoint.getWorkflowName(), e.getMessage());
        }
    }

    private void work(Step step) {
        if (!trace.isOn()) {
            runRoute(step);
            return;
        }
        Span span = trace.claimed(step, robotName);
        try (Scope scope = span.makeCurrent()) {
            runRoute(step);
        } finally {
            span.end();
        }
    }

    private void runRoute(Step step) {
        Exchange exchange = createExchange(false);
        long began = System.nanoTime();
        try {
            Message in = exchange.getIn();
            in.setBody(step.objectId());
            in.setHeader(WorkflowConstants.OBJECT_ID, step.objectId());
            in.setHeader(WorkflowConstants.WORKFLOW, step.workflow());
            in.setHeader(WorkflowConstants.PROCESS, step.process());
            in.setHeader(WorkflowConstants.VERSION, step.version());
            in.setHeader(WorkflowConstants.LANE, step.lane());
            in.setHeader(WorkflowConstants.ATTEMPTS, step.attempts());
            try {
                if (endpoint.isWithContext()) {
                    in.setHeader(WorkflowConstants.CONTEXT, store().context(step.objectId(), step.version()));
                }
                getProcessor().process(exchange);
            } catch (Exception e) {
                exchange.setException(e);
            }
            end(step, exchange, BigDecimal.valueOf(System.nanoTime() - began, 9).setScale(3, RoundingMode.HALF_UP));
        } finally {
            releaseExchange(exchange, false);
        }
    }

    private void end(Step step, Exchange exchange, BigDecimal elapsed) {
        Exception failure = exchange.getException();
        StepUpdate update;
        if (failure != null) {
            String status = step.attempts() < endpoint.getMaxAttempts() ? StepStatus.RETRYING.label() : StepStatus.ERROR.label();
            update = new StepUpdate(status, null, messageOf(failure), stackTrace(failure), elapsed, null, null, null)
                    .ending(StepClaim.of(step));
            LOG.warn("Robot {} failed on {} at {}/{} (attempt {} of {}): {}", robotName, step.objectId(),
                    step.workflow(), step.process(), step.attempts(), endpoint.getMaxAttempts(), messageOf(failure));
        } else {
            Message out = exchange.getMessage();
            String status = out.getHeader(WorkflowConstants.STATUS, StepStatus.COMPLETED.label(), String.class);
            if (WorkflowConstants.NO_UPDATE.equals(status)) {
                // the route ends the step some other way: the robot lets go of it, and the sweeper watches it
                letGo(step);
                return;
            }
            // a route that ends its step in error without an exception (an outcome it expected) says why in headers
            update = new StepUpdate(status, null, out.getHeader(WorkflowConstants.ERROR_MESSAGE, String.class),
                    out.getHeader(WorkflowConstants.ERROR_TEXT, String.class), elapsed,
                    out.getHeader(WorkflowConstants.LIFECYCLE, String.class),
                    out.getHeader(WorkflowConstants.NOTE, String.class), null).ending(StepClaim.of(step));
        }
        if (writer != null) {
            try {
                writer.submit(new StepEnd(step.objectId(), step.workflow(), step.process(), update));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                LOG.warn("Robot {} was interrupted before handing over the end of {} at {}/{}: the step stays started",
                        robotName, step.objectId(), step.workflow(), step.process());
            }
            return;
        }
        Span ending = trace.ending(update.status());
        Exception notWritten = null;
        try {
            store().update(step.objectId(), step.workflow(), step.process(), update);
            held.remove(key(step));
            if (metrics != null) {
                metrics.ended(update.status(), elapsed);
            }
        } catch (WorkflowConflictException | WorkflowNotFoundException e) {
            notWritten = e;
            held.remove(key(step));
            refused(step.objectId(), step.workflow(), step.process(), update, e);
        } catch (Exception e) {
            notWritten = e;
            // the end could not be written: the lease runs out and the step is given out again
            held.remove(key(step));
            // the step stays started: the sweeper gives it to a robot again
            if (!outage.endFailed(step.objectId(), e)) {
                getExceptionHandler().handleException("Robot " + robotName + " could not end " + step.objectId()
                                                      + " at " + step.workflow() + "/" + step.process(), exchange, e);
            }
        } finally {
            RobotTrace.ended(ending, notWritten);
        }
    }

    /** A step's end the completion writer wrote, or could not apply. */
    private void written(StepEndResult result) {
        StepEnd end = result.end();
        held.remove(key(end.objectId(), end.process(), end.update().claim().version()));
        if (result.failure() != null) {
            refused(end.objectId(), end.workflow(), end.process(), end.update(), result.failure());
        } else if (metrics != null) {
            metrics.ended(end.update().status(), end.update().elapsed());
        }
    }

    /**
     * An end the store refused: the step is no longer under this robot's claim (the sweeper put it back in the queue
     * and another robot claimed it, the workflow was created again or deleted, someone changed its status). Nothing
     * was applied; the end is logged and counted.
     */
    private void refused(String objectId, String workflow, String process, StepUpdate update, Exception why) {
        refusedEnds.increment();
        if (metrics != null) {
            metrics.refused();
        }
        LOG.warn("Robot {} did not end {} at {}/{} as {}: its claim (version {}, attempt {}) is no longer the step's"
                 + " ({})", robotName, objectId, workflow, process, update.status(), update.claim().version(),
                update.claim().attempts(), why.getMessage());
    }

    /** The route left the step as it is (CamelWorkflowStatus none): no lease keeps it, the sweeper watches it. */
    private void letGo(Step step) {
        if (held.remove(key(step)) == null) {
            return;
        }
        try {
            store().letGo(step);
        } catch (Exception e) {
            LOG.warn("Robot {} could not let go of the lease of {} at {}/{}: {}", robotName, step.objectId(),
                    step.workflow(), step.process(), e.getMessage());
        }
    }

    /** How many of this robot's ends the store refused because their claim was no longer the step's. */
    public long getRefusedEnds() {
        return refusedEnds.sum();
    }

    private static String messageOf(Throwable t) {
        return t.getMessage() != null ? t.getMessage() : t.getClass().getName();
    }

    private static String stackTrace(Throwable t) {
        StringWriter text = new StringWriter();
        t.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}
