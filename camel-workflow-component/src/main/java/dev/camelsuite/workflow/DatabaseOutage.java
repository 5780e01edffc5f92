package dev.camelsuite.workflow;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A robot's polls while its database cannot be reached (restarted, its connections lost, its pool exhausted): an
 * outcome the robot handles as designed — it claims nothing and tries again at every poll — so the log gets one
 * line when the outage starts and one when the robot claims again, not a stack trace per poll and per robot thread.
 * Anything that is not the database being away is not this class's: it goes on to Camel's poll error handling.
 */
final class DatabaseOutage {

    private static final Logger LOG = LoggerFactory.getLogger(WorkflowRobot.class);

    private final String robot;
    private final String step;
    private final RobotMetrics metrics;
    /**
     * After a restart the pool may still hand out connections that broke with it, one failed poll each, between polls
     * that work: failures this soon after a recovery belong to the same event and get no line of their own.
     */
    private static final long QUIET_NANOS = TimeUnit.SECONDS.toNanos(5);

    /** When the outage started (nanos), 0 while the database answers. */
    private long since;
    private long failedPolls;
    /** Whether this outage got its line (a stale connection's failure soon after a recovery gets none). */
    private boolean told;
    private long recoveredAt = -QUIET_NANOS * 2;

    DatabaseOutage(String robot, String step, RobotMetrics metrics) {
        this.robot = robot;
        this.step = step;
        this.metrics = metrics;
    }

    /** Whether the failure of a poll is the database being away; if so it is counted, and logged once per outage. */
    boolean pollFailed(Exception e) {
        SQLException sql = sqlCause(e);
        if (sql == null && !(e instanceof WorkflowStoreUnavailableException)) {
            return false;
        }
        if (metrics != null) {
            metrics.pollFailed();
        }
        boolean tell;
        synchronized (this) {
            failedPolls++;
            long now = System.nanoTime();
            tell = since == 0 && now - recoveredAt > QUIET_NANOS;
            if (since == 0) {
                since = now;
                told = tell;
            }
        }
        if (tell) {
            LOG.warn("Robot {} cannot claim steps of {}: the database did not answer ({}); it claims nothing and tries"
                     + " again at every poll", robot, step, describe(e, sql));
        } else {
            LOG.debug("Robot {} still cannot claim steps of {}: {}", robot, step, describe(e, sql));
        }
        return true;
    }

    /**
     * Whether an end that could not be written failed because the database is away; if so, one line says so and what
     * becomes of the step (with a lease it is given out again once the lease runs out, without one the sweeper
     * puts it back).
     */
    boolean endFailed(String objectId, Exception e) {
        SQLException sql = sqlCause(e);
        if (sql == null && !(e instanceof WorkflowStoreUnavailableException)) {
            return false;
        }
        LOG.warn("Robot {} could not end {} at {}: the database did not answer ({}); the step stays started and is"
                 + " given out again when its lease runs out (or the sweeper finds it)", robot, objectId, step,
                describe(e, sql));
        return true;
    }

    /** A poll that reached the database: the end of an outage, if there was one. */
    void pollSucceeded() {
        long started;
        long polls;
        boolean tell;
        synchronized (this) {
            if (since == 0) {
                return;
            }
            started = since;
            polls = failedPolls;
            tell = told;
            since = 0;
            failedPolls = 0;
            recoveredAt = System.nanoTime();
        }
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        if (tell) {
            LOG.info("Robot {} claims steps of {} again, after {} failed poll(s) over {} ms", robot, step, polls, millis);
        } else {
            LOG.debug("Robot {} claims steps of {} again, after {} failed poll(s) over {} ms", robot, step, polls,
                    millis);
        }
    }

    private static SQLException sqlCause(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof SQLException sql) {
                return sql;
            }
        }
        return null;
    }

    private static String describe(Exception e, SQLException sql) {
        if (sql == null) {
            return e.getMessage();
        }
        return (sql.getSQLState() != null ? "SQL state " + sql.getSQLState() + ": " : "") + sql.getMessage();
    }
}
