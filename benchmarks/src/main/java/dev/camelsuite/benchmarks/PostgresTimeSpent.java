package dev.camelsuite.benchmarks;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * Where a contender's time goes on PostgreSQL ({@code -DtimeSpent=true}): the statements it ran and their time
 * ({@code pg_stat_statements}), round trips and commits, WAL written and flushed, what the busy server connections
 * were doing (sampled from {@code pg_stat_activity} every 10 ms: on the CPU, waiting for the disk or for another
 * commit's flush, waiting for a lock, or inside a transaction waiting for the client), and the CPU the JVM and the
 * server spent — each per step. With {@code -DslowPlans=<folder>} the server also writes the plan of every statement
 * slower than 10 ms into its log in that folder ({@code auto_explain}).
 */
final class PostgresTimeSpent {

    static final boolean ON = Boolean.getBoolean("timeSpent");
    private static final long SAMPLE_MILLIS = 10;

    private final DataSource ds;
    private final RoundTrips roundTrips;
    private final Map<String, Integer> waits = new TreeMap<>();
    private final AtomicBoolean sampling = new AtomicBoolean(true);
    private final Thread sampler;
    private final long[] walBefore;
    private final long commitsBefore;
    private final long jvmCpuBefore;
    private final Map<String, Long> serverCpuBefore;
    private int samples;

    private PostgresTimeSpent(DataSource ds, RoundTrips roundTrips) throws Exception {
        this.ds = ds;
        this.roundTrips = roundTrips;
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            s.execute("SELECT pg_stat_statements_reset()");
            s.execute("SELECT pg_stat_reset_shared('wal')");
        }
        walBefore = wal();
        commitsBefore = commits();
        jvmCpuBefore = jvmCpuNanos();
        serverCpuBefore = serverCpuNanos();
        roundTrips.reset();
        sampler = new Thread(this::sample, "time-spent-sampler");
        sampler.setDaemon(true);
        sampler.start();
    }

    /** The server's settings that the counting needs. */
    static EmbeddedPostgres.Builder configure(EmbeddedPostgres.Builder builder) {
        if (!ON) {
            return builder;
        }
        if (System.getProperty("slowPlans") != null) {
            // -DslowPlans=<folder>: the plans of statements slower than 10 ms written to the server's log there
            builder.setServerConfig("session_preload_libraries", "auto_explain")
                    .setServerConfig("auto_explain.log_min_duration", "10ms")
                    .setServerConfig("logging_collector", "on")
                    .setServerConfig("log_directory", System.getProperty("slowPlans"));
        }
        return builder.setServerConfig("shared_preload_libraries", "pg_stat_statements")
                .setServerConfig("pg_stat_statements.track", "all")
                .setServerConfig("pg_stat_statements.track_utility", "on")
                .setServerConfig("pg_stat_statements.track_planning", "on");
    }

    /** Starts counting; null when {@code -DtimeSpent} is off or the database is not PostgreSQL. */
    static PostgresTimeSpent start(DataSource ds, RoundTrips roundTrips) throws Exception {
        if (!ON) {
            return null;
        }
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            if (!c.getMetaData().getDatabaseProductName().equals("PostgreSQL")) {
                return null;
            }
            s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        }
        return new PostgresTimeSpent(ds, roundTrips);
    }

    private void sample() {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            while (sampling.get()) {
                try (ResultSet rs = s.executeQuery("SELECT state, wait_event_type, wait_event FROM pg_stat_activity"
                                                   + " WHERE backend_type = 'client backend'"
                                                   + " AND pid <> pg_backend_pid() AND state <> 'idle'")) {
                    while (rs.next()) {
                        String what = rs.getString(1).equals("idle in transaction") ? "in a transaction, waiting for the client"
                                : rs.getString(2) == null ? "on the CPU" : rs.getString(2) + ":" + rs.getString(3);
                        waits.merge(what, 1, Integer::sum);
                    }
                }
                samples++;
                Thread.sleep(SAMPLE_MILLIS);
            }
        } catch (Exception e) {
            System.out.println("The time-spent sampler stopped: " + e.getMessage());
        }
    }

    /** Prints what the contender cost per step since {@link #start}. */
    void report(String name, int steps) throws Exception {
        sampling.set(false);
        sampler.join();
        long jvmCpu = jvmCpuNanos() - jvmCpuBefore;
        Map<String, Long> serverCpu = new TreeMap<>(serverCpuNanos());
        serverCpu.replaceAll((kind, nanos) -> nanos - serverCpuBefore.getOrDefault(kind, 0L));
        long trips = roundTrips.count();
        long[] wal = wal();
        long commits = commits() - commitsBefore;
        StringBuilder out = new StringBuilder(String.format("%s — per step: %.2f round trips, %.2f commits, %.2f WAL"
                                                            + " flushes, %.0f WAL bytes; CPU %.0f µs in the JVM, %.0f µs"
                                                            + " in PostgreSQL%n", name, (double) trips / steps,
                (double) commits / steps, (double) (wal[2] - walBefore[2]) / steps,
                (double) (wal[1] - walBefore[1]) / steps, jvmCpu / 1e3 / steps, serverCpu.get("all") / 1e3 / steps));
        out.append("  PostgreSQL's CPU, µs per step:");
        serverCpu.forEach((kind, nanos) -> {
            if (nanos / 1e3 / steps >= 1) {
                out.append(String.format(" %s %.0f", kind, nanos / 1e3 / steps));
            }
        });
        out.append(String.format("%n"));
        out.append(String.format("  statements (calls per step, mean ms, ms per step, of it planning):%n"));
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT calls, (total_exec_time + total_plan_time) / calls,"
                                           + " total_exec_time + total_plan_time, total_plan_time, query"
                                           + " FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat%'"
                                           + " ORDER BY total_exec_time + total_plan_time DESC LIMIT 12")) {
            while (rs.next()) {
                String query = rs.getString(5).replaceAll("\\s+", " ");
                out.append(String.format("    %6.3f  %7.3f  %7.4f  %7.4f  %s%n", rs.getDouble(1) / steps,
                        rs.getDouble(2), rs.getDouble(3) / steps, rs.getDouble(4) / steps,
                        query.substring(0, Math.min(100, query.length()))));
            }
        }
        out.append(String.format("  busy server connections, ms per step (%d samples every %d ms):%n", samples,
                SAMPLE_MILLIS));
        waits.forEach((what, n) -> out.append(String.format("    %7.4f  %s%n", (double) n * SAMPLE_MILLIS / steps, what)));
        System.out.print(out);
    }

    private long[] wal() throws Exception {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT wal_records, wal_bytes, wal_sync FROM pg_stat_wal")) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3)};
        }
    }

    private long commits() throws Exception {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long jvmCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /**
     * CPU of every process named postgres, from /proc, in nanoseconds, by what it is: the connections, and each kind of
     * the server's own processes (autovacuum, WAL writer, checkpointer…); {@code all} is their sum.
     */
    private static Map<String, Long> serverCpuNanos() throws Exception {
        Map<String, Long> cpu = new TreeMap<>();
        try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
            for (Path p : procs.filter(p -> p.getFileName().toString().matches("\\d+")).toList()) {
                try {
                    String stat = Files.readString(p.resolve("stat"));
                    int close = stat.lastIndexOf(')');
                    if (!stat.substring(stat.indexOf('(') + 1, close).equals("postgres")) {
                        continue;
                    }
                    String[] f = stat.substring(close + 2).split(" ");
                    // fields 14 and 15 of stat: utime, stime (here 11 and 12, counted from the state field)
                    long nanos = (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
                    cpu.merge(kind(Files.readString(p.resolve("cmdline"))), nanos, Long::sum);
                    // of it in the kernel: sending and receiving, writing and flushing the WAL
                    cpu.merge("of it in the kernel", Long.parseLong(f[12]) * 10_000_000L, Long::sum);
                    cpu.merge("all", nanos, Long::sum);
                } catch (Exception gone) {
                    // the process ended meanwhile
                }
            }
        }
        return cpu;
    }

    /** What a server process is, from the title it sets: "postgres: autovacuum worker", "postgres: user db host …". */
    private static String kind(String cmdline) {
        String title = cmdline.replace('\0', ' ').trim();
        if (!title.startsWith("postgres: ")) {
            return "postmaster";
        }
        String what = title.substring("postgres: ".length());
        return what.startsWith("postgres postgres") ? "connections" : what.replaceAll("\\s+\\S*\\d.*$", "");
    }
}
