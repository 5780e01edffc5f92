package dev.camelsuite.workflow;

import java.sql.SQLException;
import java.time.Duration;

import dev.camelsuite.workflow.store.WorkflowStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a robot looks after at each poll before it claims, besides its own steps: the steps robots that died still
 * hold go back to the queue — those of a process of this host that is gone (at the first poll, robots named
 * {@code host:pid} only), those whose lease ran out (looked at most once a second), those started longer than
 * {@code stuckAfter} ago (the sweeper). Each failure is a WARN, and the poll goes on.
 */
final class RobotHousekeeping {

    /** The robot's log: operators follow a robot under one category. */
    private static final Logger LOG = LoggerFactory.getLogger(WorkflowRobot.class);

    private final WorkflowEndpoint endpoint;
    private final String robotName;
    private long lastSweepNanos;
    private long lastExpiryNanos;
    private volatile boolean orphansReleased;

    RobotHousekeeping(WorkflowEndpoint endpoint, String robotName) {
        this.endpoint = endpoint;
        this.robotName = robotName;
    }

    /** What is due before a claim. */
    void beforeClaim() {
        releaseOrphansOnce();
        sweepWhenDue();
        expireLeasesWhenDue();
    }

    private WorkflowStore store() {
        return endpoint.getComponent().getStore();
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
        String host = RobotNames.thisHost();
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
}
