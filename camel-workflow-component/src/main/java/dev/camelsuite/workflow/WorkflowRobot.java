package dev.camelsuite.workflow;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepChange;
import dev.camelsuite.workflow.model.StepClaim;
import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.store.WorkflowStore;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.support.ScheduledBatchPollingConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A robot (WorkDo): claims ready steps of one process and runs the route over each — the object id as body, the
 * step's fields as headers ({@link StepBinding}) — then ends the step ({@link StepEnds}).
 * <ul>
 * <li>Claim: up to {@code claimBatch} steps per poll become {@code started} (attempts + 1) in one transaction, taken
 * with {@code SKIP LOCKED}: robots in any number of threads (option {@code robots}) and JVMs never hold
 * the same step. Before it claims, a poll gives back the steps of robots that died ({@link RobotHousekeeping}).</li>
 * <li>End: {@code completed} with the elapsed seconds, or what the route put in {@code CamelWorkflowStatus}
 * ({@code skipped}, {@code waiting}, a custom status, or {@code none} for no update). An exception ends it
 * {@code retrying} while attempts are left (claimed again after {@code retryDelay}), else {@code error} — with
 * the message and the stack trace as error text.</li>
 * <li>Lease: a claim holds its step for {@code lease} (30 s), renewed while its route runs ({@link StepLeases}). A step
 * whose lease ran out — its robot died, or lost the database — is given out again at the next poll of a robot of its
 * process. Each claim records who holds the step and starts its next attempt in the attempt history.</li>
 * <li>Every end names the claim it ends ({@link StepClaim}: the step's version and attempt count) and applies only
 * while the step is still {@code started} under that claim, so a step is never completed twice and a late end never
 * lands on another robot's claim: such an end is refused, logged (WARN) and counted ({@link #getRefusedEnds()}, meter
 * {@code workflow.robot.ends.refused}). Delivery is at-least-once: a step may run again after a crash.</li>
 * <li>Wake-ups: a step made ready wakes the robot at once ({@link RobotWakeUps}).</li>
 * </ul>
 * Camel's batch polling consumer, as camel-sql's and camel-jpa's are: {@link #poll()} claims, {@link #processBatch}
 * runs the claim's steps while {@link #isBatchAllowed()} and tells the shutdown strategy how many are pending. Where it
 * does not fit: a claim's steps are steps, not exchanges made up front (each exchange is made as its step's turn
 * comes, so the step's context and headers are read then), the step's end is written in the batch, by the robot that
 * ran it under the claim it holds (a lease, an attempt), rather than in {@code onConsume} hooks; and stopping waits
 * for every robot inside a poll ({@link #doStop()}) — concurrent robots and wake-ups included, which the batch
 * consumer's one {@code polling} flag does not count — because a robot interrupted inside a JDBC call can leave H2's
 * file closed.
 */
public class WorkflowRobot extends ScheduledBatchPollingConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(WorkflowRobot.class);

    private final WorkflowEndpoint endpoint;
    private String robotName;
    private String holder;
    private DatabaseOutage outage;
    private RobotTrace trace = RobotTrace.OFF;
    private RobotHousekeeping housekeeping;
    private StepLeases leases;
    private StepEnds ends;
    private RobotWakeUps wakeUps;
    /** Robots at work in a poll: stopping waits for them (see {@link #doStop()}). */
    private final AtomicInteger working = new AtomicInteger();
    private final LongAdder refusedEnds = new LongAdder();

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
        robotName = endpoint.getRobotName() != null ? endpoint.getRobotName() : RobotNames.defaultName();
        if (endpoint.getStuckAfter() <= 0 && endpoint.getLease() <= 0) {
            LOG.warn("Robot {} on {}/{} runs without a lease and without the sweeper (lease=0, stuckAfter=0): a step"
                     + " whose robot dies stays started until someone resets it", robotName, endpoint.getWorkflowName(),
                    endpoint.getProcessName());
        }
        RobotMetrics metrics = RobotMetrics.of(endpoint.getCamelContext(), endpoint.getWorkflowName(),
                endpoint.getProcessName());
        holder = robotName + (getRouteId() == null ? "" : " (route " + getRouteId() + ")");
        outage = new DatabaseOutage(robotName, endpoint.getWorkflowName() + "/" + endpoint.getProcessName(), metrics);
        trace = RobotTrace.of(endpoint.getCamelContext(), endpoint.getComponent().isTracing());
        setExceptionHandler(new PollOutageHandler(getExceptionHandler(), outage));
        housekeeping = new RobotHousekeeping(endpoint, robotName);
        leases = new StepLeases(endpoint, robotName);
        leases.start(this);
        wakeUps = new RobotWakeUps(endpoint, this, robotName, this::poll);
        wakeUps.startWorking();
        ends = new StepEnds(endpoint, robotName, leases, metrics, outage, trace, this::getExceptionHandler,
                refusedEnds);
        ends.start(this);
        super.doStart();
        wakeUps.startListening();
    }

    @Override
    protected void doStop() throws Exception {
        if (wakeUps == null) {
            // never started (a route that does not start with the context): Camel stops it all the same
            super.doStop();
            return;
        }
        wakeUps.stopListening();
        // Camel stops a poll by interrupting its thread; a robot interrupted inside a JDBC call can leave an embedded
        // database's file closed (H2 closes its file channel on an interrupt). So the robots finish the step in hand
        // and hand back the rest of their claim first; only one that overruns the shutdown timeout is interrupted.
        awaitRobots();
        wakeUps.stopWorking();
        super.doStop();
        // the robots have stopped: what they handed over is written before the consumer is down
        ends.stop();
        leases.stop();
    }

    /** A step changed in this JVM's store: when it made a step of this robot's ready, work now. */
    void changed(StepChange change) {
        RobotWakeUps listening = wakeUps;
        if (listening != null) {
            listening.on(change);
        }
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
            housekeeping.beforeClaim();
            // a failure goes to Camel (the robot's health turns DOWN), then to the exception handler set in doStart
            List<Step> claimed = claim();
            outage.pollSucceeded();
            leases.hold(claimed);
            return processBatch(new ArrayDeque<>(claimed));
        } finally {
            if (working.decrementAndGet() == 0) {
                synchronized (working) {
                    working.notifyAll();
                }
            }
        }
    }

    /**
     * A claim's steps, one after another; once the robot stops or is suspended the rest go back to the queue at once,
     * not after {@code stuckAfter} (a route stops its consumer by suspending it first, then waits for the step in hand).
     */
    @Override
    public int processBatch(Queue<Object> steps) {
        int claimed = steps.size();
        while (!steps.isEmpty()) {
            if (!isBatchAllowed() || isSuspendingOrSuspended()) {
                release(steps.stream().map(Step.class::cast).toList());
                break;
            }
            Step step = (Step) steps.poll();
            pendingExchanges = steps.size();
            work(step);
        }
        pendingExchanges = 0;
        return claimed;
    }

    private List<Step> claim() throws Exception {
        return store().claim(endpoint.getWorkflowName(), endpoint.getProcessName(), endpoint.getLane(),
                endpoint.getClaimBatch(), Duration.ofMillis(endpoint.getRetryDelay()), robotName, holder,
                endpoint.getLease() > 0 ? Duration.ofMillis(endpoint.getLease()) : null);
    }

    /** Stopping or suspended: the claimed steps not worked on go back to the queue at once, not after {@code stuckAfter}. */
    private void release(List<Step> steps) {
        steps.forEach(leases::release);
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
            try {
                StepBinding.bind(step, exchange.getIn(), endpoint.isWithContext()
                        ? store().context(step.objectId(), step.version()) : null);
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
        StepUpdate update = StepBinding.end(step, exchange, elapsed, endpoint.getMaxAttempts());
        if (update == null) {
            // the route ends the step some other way: the robot lets go of it, and the sweeper watches it
            ends.letGo(step);
            return;
        }
        if (exchange.getException() != null) {
            LOG.warn("Robot {} failed on {} at {}/{} (attempt {} of {}): {}", robotName, step.objectId(),
                    step.workflow(), step.process(), step.attempts(), endpoint.getMaxAttempts(),
                    StepBinding.messageOf(exchange.getException()));
        }
        ends.write(step, update, exchange);
    }

    /** How many of this robot's ends the store refused because their claim was no longer the step's. */
    public long getRefusedEnds() {
        return refusedEnds.sum();
    }
}
