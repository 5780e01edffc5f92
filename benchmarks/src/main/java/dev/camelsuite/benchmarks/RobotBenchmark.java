package dev.camelsuite.benchmarks;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.camelsuite.workflow.WorkflowComponent;
import dev.camelsuite.workflow.template.WorkflowTemplateParser;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Robots at work, on PostgreSQL (production durability) and H2 (file), both behind a HikariCP pool:
 * <ul>
 * <li>throughput of 1 and 4 robots with trivial work on a backlog of ready steps, against a plain
 * {@code FOR UPDATE SKIP LOCKED} claim-10-then-complete loop of 4 threads on the same table;</li>
 * <li>how soon a robot that polls once a minute starts on a step made ready (its wake-up), p50 and p99.</li>
 * </ul>
 * Run: {@code java -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.RobotBenchmark}
 * ({@code -Ditems=20000}, {@code -Ddatabases=postgresql,h2}, {@code -Dh2Commits=durable,delayed}: H2 with the
 * component's default durable commits, and with {@code durableCommits=false}, in one run).
 */
public final class RobotBenchmark {

    static final int ITEMS = Integer.getInteger("items", 20_000);
    /** Which contenders run: -Dcontenders=batched,loop for two of them. */
    static final List<String> CONTENDERS = List.of(System.getProperty("contenders",
                    "one,four,four-nolease,batched,batched-nolease,loop,woken")
            .split(","));
    private static final List<String> ROBOT_ROUTES = List.of("one", "four", "four-nolease", "batched",
            "batched-nolease");
    /** The H2 runs: -Dh2Commits=durable,delayed (both by default). */
    static final List<String> H2_COMMITS = List.of(System.getProperty("h2Commits", "durable,delayed").split(","));
    private static boolean durableCommits = true;
    /** Step events: none, or through the outbox to an in-JVM endpoint (-Devents=none,outbox: both, in turn). */
    static final List<String> EVENTS = List.of(System.getProperty("events", "none").split(","));
    private static String events = "none";
    /** Loads so far: each load's objects are named apart, however many runs share a database. */
    private static final AtomicInteger LOADS = new AtomicInteger();
    static final String TEMPLATE = """
            <workflow-def id="robotWF">
              <process name="start" status="completed"/>
              <process name="work"><prereq>start</prereq></process>
            </workflow-def>
            """;

    private RobotBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String databases = System.getProperty("databases", "postgresql,h2");
        if (databases.contains("postgresql")) {
            try (EmbeddedPostgres pg = PostgresTimeSpent.configure(EmbeddedPostgres.builder()
                    .setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on")
                    .setServerConfig("full_page_writes", "on").setServerConfig("max_connections", "100")).start();
                 HikariDataSource ds = pool(pg.getJdbcUrl("postgres", "postgres"))) {
                for (String e : EVENTS) {
                    events = e;
                    run("PostgreSQL 16" + eventsLabel(), ds);
                }
            }
        }
        if (databases.contains("h2")) {
            // each commit written to the file before it answers (the default), and H2's own delay, in the same run
            for (String commits : H2_COMMITS) {
                Path dir = Files.createTempDirectory("robot-bench");
                try (HikariDataSource ds = pool("jdbc:h2:file:" + dir.resolve("wf"))) {
                    durableCommits = commits.equals("durable");
                    for (String e : EVENTS) {
                        events = e;
                        run("H2 (file, " + (durableCommits ? "durable commits" : "durableCommits=false") + ")"
                            + eventsLabel(), ds);
                    }
                }
            }
        }
    }

    private static String eventsLabel() {
        return EVENTS.size() == 1 && events.equals("none") ? "" : ", events: " + events;
    }

    private static HikariDataSource pool(String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        if (url.startsWith("jdbc:postgresql")) {
            config.setUsername("postgres");
        }
        config.setMaximumPoolSize(12);
        return new HikariDataSource(config);
    }

    private static void run(String name, DataSource pool) throws Exception {
        // -DtimeSpent=true: the round trips of the robots and of the loop counted (PostgresTimeSpent)
        RoundTrips roundTrips = new RoundTrips();
        DataSource ds = PostgresTimeSpent.ON ? roundTrips.wrap(pool) : pool;
        try (CamelContext context = new DefaultCamelContext()) {
            context.getRegistry().bind("workflowDb", ds);
            context.addComponent("workflow", workflow());
            Progress done = new Progress();
            WakeUps wakeUps = new WakeUps();
            context.addRoutes(robots(done, wakeUps));
            context.start();

            // in the order asked for, and as often: -Dcontenders=four-nolease,four,four,four-nolease cancels warm-up
            for (String robots : CONTENDERS) {
                if (!ROBOT_ROUTES.contains(robots)) {
                    continue;
                }
                load(ds, robots + "-" + LOADS.getAndIncrement() + "-");
                PostgresTimeSpent spent = PostgresTimeSpent.start(pool, roundTrips);
                double seconds = untilAllDone(context, pool, done, robots);
                System.out.printf("%s: %s, %,d items (claim, trivial route, complete with history): %.0f items/s%n",
                        name, describe(robots), ITEMS, ITEMS / seconds);
                if (spent != null) {
                    spent.report(describe(robots), ITEMS);
                }
            }
            if (CONTENDERS.contains("loop")) {
                load(ds, "skiplocked");
                PostgresTimeSpent spent = PostgresTimeSpent.start(pool, roundTrips);
                System.out.printf("%s: plain FOR UPDATE SKIP LOCKED loop, 4 threads, claim 10 then complete: %.0f"
                                  + " items/s%n", name, SkipLockedLoop.run(ds));
                if (spent != null) {
                    spent.report("the hand-written loop", ITEMS);
                }
            }
            if (CONTENDERS.contains("woken")) {
                wakeUps.measure(name, context);
            }
        }
    }

    private static WorkflowComponent workflow() throws Exception {
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setDurableCommits(durableCommits);
        if (events.equals("outbox")) {
            // an endpoint that costs nothing: what is measured is the outbox's cost, not the endpoint's
            workflow.setEvents("direct:stepEvents");
        }
        workflow.addTemplate(WorkflowTemplateParser.parse(
                new ByteArrayInputStream(TEMPLATE.getBytes(StandardCharsets.UTF_8)), "robotWF.xml"));
        return workflow;
    }

    /**
     * A route for each contender, started when its turn comes: the throughput contenders count each step in
     * {@code done}; {@code woken} tells {@code wakeUps} when it starts on one.
     */
    private static RouteBuilder robots(Progress done, WakeUps wakeUps) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:stepEvents").routeId("events").process(e -> { });
                from("workflow:robotWF/work?robots=1&claimBatch=10&delay=1").routeId("one").autoStartup(false)
                        .process(e -> done.step());
                from("workflow:robotWF/work?robots=4&claimBatch=10&delay=1&robotName=four").routeId("four")
                        .autoStartup(false).process(e -> done.step());
                // the same robots without leases: what the leases (their claims' columns, renewals and the look
                // for leases run out) cost
                from("workflow:robotWF/work?robots=4&claimBatch=10&delay=1&robotName=four-nolease&lease=0")
                        .routeId("four-nolease").autoStartup(false).process(e -> done.step());
                // the same robots claiming 50 at a time, their step ends written in batches of up to 100 by a writer
                from("workflow:robotWF/work?robots=4&claimBatch=50&completionBatch=100&delay=1&robotName=batched")
                        .routeId("batched").autoStartup(false).process(e -> done.step());
                from("workflow:robotWF/work?robots=4&claimBatch=50&completionBatch=100&delay=1"
                     + "&robotName=batched-nolease&lease=0")
                        .routeId("batched-nolease").autoStartup(false).process(e -> done.step());
                from("workflow:robotWF/work?robots=1&claimBatch=10&initialDelay=60000&delay=60000&robotName=woken")
                        .routeId("woken").autoStartup(false)
                        .process(e -> wakeUps.pickedUp());
            }
        };
    }

    /**
     * Seconds from the first step a robot of the route started until every step of the load has ended. Not from
     * starting the route: a robot's first poll comes {@code initialDelay} (1 s by default) after it starts, a wait
     * that is not part of working off a backlog (the loop's threads start at once).
     */
    private static double untilAllDone(CamelContext context, DataSource ds, Progress done, String robots)
            throws Exception {
        done.reset();
        context.getRouteController().startRoute(robots);
        // done when every step's end is in the database, not when the routes ran
        while (done.steps() < ITEMS || unfinished(ds) > 0 || eventsWaiting(ds) > 0) {
            Thread.sleep(20);
        }
        double seconds = (System.nanoTime() - done.firstStepAt()) / 1e9;
        context.getRouteController().stopRoute(robots);
        return seconds;
    }

    /** The steps the robots' route ran, and when it ran the first. */
    private static final class Progress {

        private final AtomicInteger steps = new AtomicInteger();
        private volatile long firstStepAt;

        void step() {
            if (steps.getAndIncrement() == 0) {
                firstStepAt = System.nanoTime();
            }
        }

        int steps() {
            return steps.get();
        }

        long firstStepAt() {
            return firstStepAt;
        }

        void reset() {
            steps.set(0);
        }
    }

    private static String describe(String robots) {
        return switch (robots) {
            case "one" -> "1 robot";
            case "four" -> "4 robots";
            case "four-nolease" -> "4 robots without leases (lease=0)";
            case "batched-nolease" -> "4 robots, claimBatch=50, completionBatch=100, without leases";
            default -> "4 robots, claimBatch=50, completionBatch=100";
        };
    }

    /**
     * How soon the {@code woken} robot, which polls once a minute, starts on a step made ready. The step is made ready
     * when the create commits, inside the create's call: measured from the create returning (0 where the robot started
     * before the answer reached the caller) and from the create being called (the create's own transaction included).
     */
    private static final class WakeUps {

        private final List<Long> pickedAt = new ArrayList<>();

        /** The robot started on a step. */
        void pickedUp() {
            synchronized (pickedAt) {
                pickedAt.add(System.nanoTime());
                pickedAt.notifyAll();
            }
        }

        /** 300 steps made ready one at a time, each once the one before was picked up (or 10 s went by). */
        void measure(String name, CamelContext context) throws Exception {
            context.getRouteController().startRoute("woken");
            var producer = context.createProducerTemplate();
            List<Long> fromReturn = new ArrayList<>();
            List<Long> fromCall = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                long called = System.nanoTime();
                producer.sendBodyAndHeader("workflow:robotWF?operation=create", null, "CamelWorkflowObjectId",
                        "druid:woken" + i);
                long returned = System.nanoTime();
                long picked = awaitPickUp(i);
                if (i >= 50) {
                    fromReturn.add(Math.max(0, picked - returned));
                    fromCall.add(picked - called);
                }
            }
            System.out.printf("%s: a robot polling once a minute starts on a step made ready after p50 %.1f ms, p99"
                              + " %.1f ms from the create returning; p50 %.1f ms, p99 %.1f ms from the create being"
                              + " called (%d steps after 50 of warm-up)%n", name, percentile(fromReturn, 0.5),
                    percentile(fromReturn, 0.99), percentile(fromCall, 0.5), percentile(fromCall, 0.99),
                    fromReturn.size());
        }

        /** When the robot started on the {@code n}th step (0-based), waiting up to 10 s for it. */
        private long awaitPickUp(int n) throws InterruptedException {
            synchronized (pickedAt) {
                long deadline = System.currentTimeMillis() + 10_000;
                while (pickedAt.size() <= n && System.currentTimeMillis() < deadline) {
                    pickedAt.wait(100);
                }
                if (pickedAt.size() <= n) {
                    throw new IllegalStateException("The woken robot did not start on step " + n + " within 10 s");
                }
                return pickedAt.get(n);
            }
        }

        private static double percentile(List<Long> nanos, double p) {
            long[] sorted = nanos.stream().mapToLong(Long::longValue).sorted().toArray();
            return sorted[(int) (sorted.length * p)] / 1e6;
        }
    }

    /** Steps of robotWF's work still queued or started (earlier loads are all done): a range of the queue index. */
    private static int unfinished(DataSource ds) throws Exception {
        try (Connection c = ds.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM workflow_step WHERE workflow = 'robotWF'"
                                                      + " AND process = 'work' AND status IN ('queued', 'started')")) {
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** Step events the outbox has not sent yet. */
    private static int eventsWaiting(DataSource ds) throws Exception {
        try (Connection c = ds.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM workflow_event");
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** ITEMS ready steps of robotWF, each its own object, oldest first. */
    private static void load(DataSource ds, String batch) throws Exception {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement s = c.prepareStatement("INSERT INTO workflow_step (object_id, workflow, process, version,"
                                                          + " status, lane, active, skip_queue, prerequisites, attempts,"
                                                          + " status_at, created_at) VALUES (?, 'robotWF', ?, 1, ?,"
                                                          + " 'default', TRUE, FALSE, ?, 0, ?, ?)")) {
                for (int o = 0; o < ITEMS; o++) {
                    String id = "druid:" + batch + o;
                    s.setString(1, id);
                    s.setString(2, "start");
                    s.setString(3, "completed");
                    s.setString(4, "");
                    s.setObject(5, now);
                    s.setObject(6, now);
                    s.addBatch();
                    s.setString(1, id);
                    s.setString(2, "work");
                    s.setString(3, "queued");
                    s.setString(4, "start");
                    s.setObject(5, now.minusNanos((ITEMS - o) * 1000L));
                    s.setObject(6, now);
                    s.addBatch();
                    if (o % 1000 == 999) {
                        s.executeBatch();
                        c.commit();
                    }
                }
                s.executeBatch();
                c.commit();
            }
            try (var st = c.createStatement()) {
                st.execute("ANALYZE");
            } catch (Exception e) {
                // statistics are a nicety
            }
            c.commit();
        }
    }
}
