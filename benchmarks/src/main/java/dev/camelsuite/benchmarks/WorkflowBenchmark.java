package dev.camelsuite.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.store.OutboxRelay;
import dev.camelsuite.workflow.store.WorkflowStore;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * The workflow store at a million steps, on PostgreSQL (a real server, default durability) and H2 (file):
 * <ul>
 * <li>queue query — objects waiting at {@code publish} whose two prerequisites are done, in one lane — as the store
 * answers it (readiness is stored state) and as the original service's intersect-of-scans query answers it;</li>
 * <li>status updates per second (4 threads): the store's update (row lock, history row, readiness promotion) against
 * a bare single-row UPDATE of the same table.</li>
 * </ul>
 * Run: {@code java -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.WorkflowBenchmark}
 */
public final class WorkflowBenchmark {

    static final int OBJECTS = Integer.getInteger("objects", 142_858); // x 7 steps = 1,000,006 steps
    static final String[] PROCESSES = { "start-accession", "descriptive-metadata", "rights-metadata", "publish", "shelve",
                                        "sdr-ingest-received", "end-accession" };
    static final String[] PREREQS = { "", "start-accession", "start-accession", "descriptive-metadata,rights-metadata",
                                      "publish", "shelve", "sdr-ingest-received" };
    static final String[] LANES = { "default", "fast", "bulk" };

    /** Whether the H2 run in hand writes each commit before it answers, as the component does by default. */
    private static boolean durableCommits = true;

    private WorkflowBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        // both through a connection pool, as a deployment would use them; -Ddatabases=postgresql or h2 for one only
        String databases = System.getProperty("databases", "postgresql,h2");
        if (databases.contains("postgresql")) {
            // the embedded server turns durability off by default: measure with what production runs
            try (EmbeddedPostgres pg = EmbeddedPostgres.builder().setServerConfig("fsync", "on")
                    .setServerConfig("synchronous_commit", System.getProperty("synchronousCommit", "on"))
                    .setServerConfig("full_page_writes", "on").start();
                 HikariDataSource pooled = pool(pg.getJdbcUrl("postgres", "postgres"))) {
                run("PostgreSQL 16", pooled);
            }
        }
        if (databases.contains("h2")) {
            // each commit written to the file before it answers (the component's default), and H2's own delay
            for (String commits : System.getProperty("h2Commits", "durable,delayed").split(",")) {
                Path dir = Files.createTempDirectory("workflow-bench");
                try (HikariDataSource h2 = pool("jdbc:h2:file:" + dir.resolve("wf") + ";CACHE_SIZE=262144")) {
                    durableCommits = commits.equals("durable");
                    run("H2 (file, " + (durableCommits ? "durable commits" : "durableCommits=false") + ")", h2);
                }
            }
        }
    }

    private static HikariDataSource pool(String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        if (url.startsWith("jdbc:postgresql")) {
            config.setUsername("postgres");
        }
        config.setMaximumPoolSize(10);
        return new HikariDataSource(config);
    }

    private static void run(String name, DataSource ds) throws Exception {
        WorkflowStore store = new WorkflowStore(ds);
        store.migrate();
        if (durableCommits) {
            store.makeCommitsDurable();
        }
        long t0 = System.nanoTime();
        load(ds);
        System.out.printf("%s: loaded %,d steps in %.1f s%n", name, OBJECTS * 7L, (System.nanoTime() - t0) / 1e9);
        maintain(name, ds);
        queueLatencies(name, ds, store);
        statusUpdates(name, ds, store);
    }

    /**
     * What a database is after a bulk load and its maintenance: planner statistics, and on PostgreSQL the table
     * vacuumed and its pages written out, so that the measurements are not of autovacuum and the checkpointer
     * catching up with the load.
     */
    private static void maintain(String name, DataSource ds) throws Exception {
        try (Connection c = ds.getConnection()) {
            if (name.startsWith("PostgreSQL")) {
                c.createStatement().execute("VACUUM ANALYZE");
                c.createStatement().execute("CHECKPOINT");
            } else {
                c.createStatement().execute("ANALYZE");
            }
        }
    }

    private static void queueLatencies(String name, DataSource ds, WorkflowStore store) throws Exception {
        double[] stored = latencies(() -> store.queue("accessionWF", "publish", lane(), 100), 30, 300);
        // the scans take long enough that fewer rounds tell the story
        double[] intersect = latencies(() -> intersectQueue(ds, lane()), 2, 20);
        System.out.printf("%s queue (publish, 2 prerequisites, lane, 100 rows): stored readiness p50 %.2f ms p99 %.2f ms"
                          + " (300 queries); intersect of scans p50 %.2f ms p99 %.2f ms (20 queries)%n", name, stored[0], stored[1], intersect[0],
                intersect[1]);
    }

    private static void statusUpdates(String name, DataSource ds, WorkflowStore store) throws Exception {
        Work bare = (c, i) -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE workflow_step SET status = ?, status_at = ? WHERE"
                                                          + " object_id = ? AND workflow = 'accessionWF' AND version = 1"
                                                          + " AND process = 'shelve'")) {
                s.setString(1, i % 2 == 0 ? "started" : "waiting");
                s.setObject(2, OffsetDateTime.now(ZoneOffset.UTC));
                s.setString(3, object(ThreadLocalRandom.current().nextInt(OBJECTS)));
                s.executeUpdate();
            }
        };
        Work storeUpdate = (c, i) -> store.update(object(ThreadLocalRandom.current().nextInt(OBJECTS)), "accessionWF",
                "shelve", StepUpdate.to(i % 2 == 0 ? "started" : "waiting"));
        // alternating rounds, so that a slow moment of the machine does not land on one contender only
        double[][] rates = throughput(ds, bare, storeUpdate);
        System.out.printf("%s status updates (4 threads, median of %d rounds of %d s): store %.0f/s (history +"
                          + " readiness), bare UPDATE %.0f/s, ratio %.2f (rounds: store %s, bare %s)%n", name, ROUNDS,
                ROUND_MILLIS / 1000, median(rates[1]), median(rates[0]), median(rates[1]) / median(rates[0]),
                Arrays.toString(rates[1]), Arrays.toString(rates[0]));
        outboxCost(name, ds, storeUpdate);
        // the two halves of that mix on their own: where the store's update costs what
        Work started = (c, i) -> store.update(object(ThreadLocalRandom.current().nextInt(OBJECTS)), "accessionWF",
                "shelve", StepUpdate.to("started"));
        Work waiting = (c, i) -> store.update(object(ThreadLocalRandom.current().nextInt(OBJECTS)), "accessionWF",
                "shelve", StepUpdate.to("waiting"));
        double[][] paths = throughput(ds, bare, started, waiting);
        System.out.printf("%s status updates by path (same rounds): bare UPDATE %.0f/s, store to started %.0f/s (%.2f),"
                          + " store to waiting %.0f/s (%.2f)%n", name, median(paths[0]), median(paths[1]),
                median(paths[1]) / median(paths[0]), median(paths[2]), median(paths[2]) / median(paths[0]));
        if (name.startsWith("PostgreSQL")) {
            walPerUpdate(name, ds, new String[] { "bare UPDATE", "store to started", "store to waiting" },
                    new Work[] { bare, started, waiting });
        }
    }

    /**
     * The same updates with the outbox on — each writes its event in its transaction, and a relay reads and deletes
     * them as they come (its sends cost nothing here: what the endpoint costs is the endpoint's) — against it off, in
     * alternating rounds.
     */
    private static void outboxCost(String name, DataSource ds, Work off) throws Exception {
        WorkflowStore withOutbox = new WorkflowStore(ds);
        withOutbox.outbox().setOn(true);
        AtomicInteger sent = new AtomicInteger();
        OutboxRelay relay = new OutboxRelay(withOutbox.outbox(), event -> sent.incrementAndGet(), "benchmark",
                "a counter", Duration.ofSeconds(10), 200, () -> true);
        withOutbox.setListener(changes -> relay.nudge());
        relay.start();
        try {
            Work on = (c, i) -> withOutbox.update(object(ThreadLocalRandom.current().nextInt(OBJECTS)), "accessionWF",
                    "shelve", StepUpdate.to(i % 2 == 0 ? "started" : "waiting"));
            double[][] rates = throughput(ds, off, on);
            System.out.printf("%s status updates with the outbox (same mix, alternating rounds): off %.0f/s, on %.0f/s,"
                              + " ratio %.2f (rounds: off %s, on %s); events sent %,d%n", name, median(rates[0]),
                    median(rates[1]), median(rates[1]) / median(rates[0]), Arrays.toString(rates[0]),
                    Arrays.toString(rates[1]), sent.get());
        } finally {
            relay.stop(Duration.ofSeconds(10));
        }
    }

    /** What each writes to the log it syncs at every commit: with fsync on, that is where an update's time goes. */
    private static void walPerUpdate(String name, DataSource ds, String[] names, Work[] works) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (int w = 0; w < works.length; w++) {
                // each after a checkpoint, so that each writes the full pages its first change of a page costs
                try (Connection c = ds.getConnection()) {
                    c.createStatement().execute("CHECKPOINT");
                }
                long[] before = wal(ds);
                double ops = run(pool, ds, works[w], 3_000) * 3;
                long[] after = wal(ds);
                System.out.printf("%s WAL per update, %s: %.1f records, %.2f full pages, %.0f bytes%n", name,
                        names[w], (after[0] - before[0]) / ops, (after[1] - before[1]) / ops,
                        (after[2] - before[2]) / ops);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** PostgreSQL's log so far: records, full-page images, bytes. */
    private static long[] wal(DataSource ds) throws Exception {
        try (Connection c = ds.getConnection();
             ResultSet rs = c.createStatement().executeQuery("SELECT wal_records, wal_fpi, wal_bytes FROM pg_stat_wal")) {
            rs.next();
            return new long[] { rs.getLong(1), rs.getLong(2), rs.getLong(3) };
        }
    }

    static final int ROUNDS = 5;
    static final long ROUND_MILLIS = 5_000;

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    interface Work {
        void run(Connection c, int i) throws Exception;
    }

    interface Query {
        Object run() throws Exception;
    }

    static String object(int i) {
        return "druid:bench" + i;
    }

    static String lane() {
        return LANES[ThreadLocalRandom.current().nextInt(LANES.length)];
    }

    /** Objects spread over the steps of accessionWF: each has made it to a random point. */
    private static void load(DataSource ds) throws Exception {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement s = c.prepareStatement("INSERT INTO workflow_step (object_id, workflow, process, version,"
                                                          + " status, lane, active, skip_queue, prerequisites, attempts,"
                                                          + " status_at, created_at, open_prerequisites) VALUES (?,"
                                                          + " 'accessionWF', ?, 1, ?, ?, TRUE, ?, ?, 0, ?, ?, ?)")) {
                for (int o = 0; o < OBJECTS; o++) {
                    int reached = ThreadLocalRandom.current().nextInt(PROCESSES.length + 1);
                    String lane = LANES[o % LANES.length];
                    for (int p = 0; p < PROCESSES.length; p++) {
                        String status = p < reached ? "completed" : p == reached ? (p == 5 ? "waiting" : "queued") : "waiting";
                        s.setString(1, object(o));
                        s.setString(2, PROCESSES[p]);
                        s.setString(3, status);
                        s.setString(4, lane);
                        s.setBoolean(5, p == 5);
                        s.setString(6, PREREQS[p]);
                        s.setObject(7, now.minusSeconds(OBJECTS - o));
                        s.setObject(8, now);
                        s.setInt(9, openPrerequisites(p, reached));
                        s.addBatch();
                    }
                    if (o % 2_000 == 1_999) {
                        s.executeBatch();
                        c.commit();
                    }
                }
                s.executeBatch();
                c.commit();
            }
        }
    }

    /** How many prerequisites of process {@code p} are not done when an object has reached process {@code reached}. */
    private static int openPrerequisites(int p, int reached) {
        int open = 0;
        for (String prerequisite : PREREQS[p].split(",")) {
            if (!prerequisite.isEmpty() && Arrays.asList(PROCESSES).indexOf(prerequisite) >= reached) {
                open++;
            }
        }
        return open;
    }

    /** The original service's query: waiting at publish, intersected with its prerequisites completed. */
    private static List<String> intersectQueue(DataSource ds, String lane) throws Exception {
        String sql = "SELECT object_id FROM workflow_step WHERE workflow = 'accessionWF' AND process = 'publish'"
                     + " AND status = 'waiting' AND active = TRUE AND lane = ?"
                     + " INTERSECT SELECT object_id FROM workflow_step WHERE workflow = 'accessionWF'"
                     + " AND process = 'descriptive-metadata' AND status IN ('completed', 'skipped') AND active = TRUE"
                     + " INTERSECT SELECT object_id FROM workflow_step WHERE workflow = 'accessionWF'"
                     + " AND process = 'rights-metadata' AND status IN ('completed', 'skipped') AND active = TRUE";
        try (Connection c = ds.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, lane);
            s.setMaxRows(100);
            List<String> ids = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next() && ids.size() < 100) {
                    ids.add(rs.getString(1));
                }
            }
            return ids;
        }
    }

    /** p50 and p99 in ms over the measured queries, after the warm-up ones. */
    private static double[] latencies(Query query, int warmUp, int measured) throws Exception {
        for (int i = 0; i < warmUp; i++) {
            query.run();
        }
        long[] ns = new long[measured];
        for (int i = 0; i < ns.length; i++) {
            long t = System.nanoTime();
            query.run();
            ns[i] = System.nanoTime() - t;
        }
        Arrays.sort(ns);
        return new double[] { ns[ns.length / 2] / 1e6, ns[(int) (ns.length * 0.99)] / 1e6 };
    }

    /** Operations per second of 4 threads, each contender warmed up for 3 s, then in alternating rounds. */
    private static double[][] throughput(DataSource ds, Work... contenders) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            for (Work w : contenders) {
                run(pool, ds, w, 3_000);
            }
            double[][] rates = new double[contenders.length][ROUNDS];
            for (int r = 0; r < ROUNDS; r++) {
                for (int w = 0; w < contenders.length; w++) {
                    rates[w][r] = Math.round(run(pool, ds, contenders[w], ROUND_MILLIS));
                }
            }
            return rates;
        } finally {
            pool.shutdownNow();
        }
    }

    private static double run(ExecutorService pool, DataSource ds, Work work, long millis) throws Exception {
        AtomicInteger done = new AtomicInteger();
        long end = System.currentTimeMillis() + millis;
        List<Future<?>> futures = new ArrayList<>();
        long start = System.nanoTime();
        for (int t = 0; t < 4; t++) {
            futures.add(pool.submit(() -> {
                try (Connection c = ds.getConnection()) {
                    int i = 0;
                    while (System.currentTimeMillis() < end) {
                        work.run(c, i++);
                        done.incrementAndGet();
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        return done.get() / ((System.nanoTime() - start) / 1e9);
    }
}
