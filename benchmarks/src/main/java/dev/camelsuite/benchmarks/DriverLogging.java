package dev.camelsuite.benchmarks;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The PostgreSQL driver's own log kept to errors in the fault run's JVMs, as HikariCP's and ActiveMQ's failover
 * transport are (simplelogger.properties): it logs through {@code java.util.logging}, and a connection being made
 * while the database goes down can end in a WARNING with a stack trace ("Failed to closed stream", a broken pipe),
 * where the robots already say in one line that the database did not answer.
 */
final class DriverLogging {

    /** Held: a logger only referred to weakly forgets its level. */
    private static final Logger POSTGRESQL = Logger.getLogger("org.postgresql");

    private DriverLogging() {
    }

    static void keepToErrors() {
        POSTGRESQL.setLevel(Level.SEVERE);
    }
}
