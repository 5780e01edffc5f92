package dev.camelsuite.benchmarks;

import java.io.File;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.camelsuite.workflow.WorkflowComponent;
import dev.camelsuite.workflow.WorkflowConstants;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import jakarta.jms.BytesMessage;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import javax.sql.DataSource;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * The fault-injection run (docs/reliability.adoc): the application's path — documents registered in a workflow on
 * PostgreSQL, robots that send each to the remote enhancer over a broker in its own JVM, two worker JVMs, and robots of
 * their own JVM beside those of the run's — for a set number of documents, while faults come at fixed intervals in turn
 * (a worker killed with SIGKILL and started again, the broker restarted, PostgreSQL restarted, a robot JVM killed with
 * SIGKILL while it holds steps and another started) and malformed messages go to the workers' queue. It ends by
 * printing what happened to every document.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar dev.camelsuite.benchmarks.FaultInjectionRun
 *     [-Ddocuments=20000] [-DperSecond=200] [-DfaultEvery=4000] [-DbadEvery=500]
 * </pre>
 */
public final class FaultInjectionRun {

    /** What to run: how many documents, how fast they are registered, how often a fault and a malformed message. */
    public record Plan(int documents, int perSecond, long faultEveryMillis, long badInputEveryMillis) {
    }

    /**
     * What the run ended with.
     *
     * @param lost             documents neither completed nor in error at the end
     * @param completedTwice   documents whose step was completed more than once
     * @param neverEnded       exchanges of the robots still in flight at the end
     * @param enhancedAgain    documents the run's own robots had enhanced more than once (at-least-once after faults;
     *                         not an error)
     * @param takenOver        steps a killed robot JVM held that other robots completed once its lease ran out
     * @param longestRecovery  per kind of fault, the longest time from its injection to the next completed document;
     *                         for a killed robot JVM, to the end of the last step it held
     */
    public record Report(int documents, long completed, long errors, long lost, long completedTwice, long neverEnded,
                         long enhancedAgain, long takenOver, Map<String, Integer> faults, Map<String, Integer> badInputs,
                         Map<String, Long> longestRecovery, long seconds) {

        String text() {
            StringBuilder s = new StringBuilder();
            s.append("documents ").append(documents).append(", completed ").append(completed).append(", in error ")
                    .append(errors).append('\n');
            s.append("documents lost ").append(lost).append(", steps completed twice ").append(completedTwice)
                    .append(", exchanges that never ended ").append(neverEnded).append('\n');
            s.append("documents enhanced more than once (at-least-once) ").append(enhancedAgain).append('\n');
            s.append("steps of killed robot JVMs taken over ").append(takenOver).append('\n');
            s.append("faults ").append(faults).append('\n');
            s.append("malformed messages ").append(badInputs).append('\n');
            s.append("longest recovery (ms, injection to the next completed document; robot JVM killed: to the end of"
                     + " the last step it held) ").append(longestRecovery)
                    .append('\n');
            s.append("took ").append(seconds).append(" s");
            return s.toString();
        }
    }

    static final String QUEUE = "fault.docs";
    private static final String[] FAULTS = { "worker killed", "broker restarted", "database restarted",
                                             "robot JVM killed" };
    private static final String[] BAD_INPUTS = { "not JSON", "empty bytes", "JSON of no content item",
                                                 "unknown command on the control topic" };

    private final Plan plan;
    private final int brokerPort = freePort();
    private final int databasePort = freePort();
    private final File databaseFolder;
    private final Map<String, AtomicInteger> enhanced = new ConcurrentHashMap<>();
    /** A fault injected at {@code nanos}, waiting for the next committed document. */
    private record Injected(String kind, long nanos) {
    }

    private final Queue<Injected> awaitingRecovery = new ConcurrentLinkedQueue<>();
    private final CountDownLatch everyKindOnce = new CountDownLatch(1);
    private final Map<String, Integer> faults = new LinkedHashMap<>();
    private final Map<String, Integer> badInputs = new ConcurrentHashMap<>();
    private final Map<String, Long> recovery = new LinkedHashMap<>();
    /** Faults come while documents are being registered, so that each has documents to recover with. */
    private volatile boolean registering = true;
    /**
     * Whether malformed messages go on. Not the thread's interrupt alone: ActiveMQ's client may take an interrupt that
     * arrives while it sends and clear it, and the thread would then send for ever (a verify run hung on that).
     */
    private volatile boolean sendingBadInput = true;
    private volatile EmbeddedPostgres database;
    private volatile ChildJvm broker;
    private final List<ChildJvm> workers = new ArrayList<>();
    /** The robot JVM, one at a time (the next started when one is killed), and its robots' name. */
    private volatile ChildJvm robotJvm;
    private volatile String robotJvmName;
    /** Threads that wait for the steps of a killed robot JVM to end. */
    private final List<Thread> takeOvers = new ArrayList<>();
    private final AtomicInteger takenOver = new AtomicInteger();
    private volatile DataSource db;

    private FaultInjectionRun(Plan plan) throws Exception {
        this.plan = plan;
        this.databaseFolder = Files.createTempDirectory("fault-run-pg").toFile();
    }

    public static void main(String[] args) throws Exception {
        Plan plan = new Plan(Integer.getInteger("documents", 20_000), Integer.getInteger("perSecond", 200),
                Long.getLong("faultEvery", 4000), Long.getLong("badEvery", 500));
        System.out.println(run(plan).text());
        System.exit(0);
    }

    /** The enhancer endpoint of callers and workers: a failover connection that comes back with the broker. */
    static String enhancerUri(int brokerPort) {
        return "enhancer:fault?queue=" + QUEUE + "&brokerURL=RAW(failover:(tcp://127.0.0.1:" + brokerPort
               + ")?initialReconnectDelay=100&maxReconnectDelay=1000)";
    }

    public static Report run(Plan plan) throws Exception {
        return new FaultInjectionRun(plan).go();
    }

    private Report go() throws Exception {
        long began = System.nanoTime();
        database = startDatabase();
        startBroker();
        for (int i = 0; i < 2; i++) {
            workers.add(startWorker("w" + i));
        }
        HikariConfig pool = new HikariConfig();
        pool.setJdbcUrl(database.getJdbcUrl("postgres", "postgres"));
        pool.setMaximumPoolSize(8);
        pool.setConnectionTimeout(2000);
        try (HikariDataSource ds = new HikariDataSource(pool); DefaultCamelContext context = new DefaultCamelContext()) {
            this.db = ds;
            context.getRegistry().bind("workflowDb", ds);
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setTemplates("classpath:faultrun/documentWF.xml");
            // the store's events, sent after each commit: a document counts as completed once its end is committed
            workflow.setEvents("direct:stepEvents");
            context.addComponent("workflow", workflow);
            context.addComponent("enhancer", FaultRunWorker.enhancer());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    // the robots: a step that fails (broker or worker gone) is retried; one whose end could not be
                    // written (database gone), or whose robot JVM was killed, is given out again once its lease ran
                    // out. The robot is the error handler: it logs a failed step in one line and ends it
                    errorHandler(noErrorHandler());
                    from(FaultRunRobots.robots(4, "run")).routeId("robots")
                            .to(enhancerUri(brokerPort) + "&timeout=5000&casPoolSize=8")
                            .process(ex -> enhanced.computeIfAbsent(ex.getIn().getHeader(
                                    WorkflowConstants.OBJECT_ID, String.class), k -> new AtomicInteger())
                                    .incrementAndGet());
                    from("direct:stepEvents").routeId("events").process(ex -> {
                        String event = ex.getIn().getBody(String.class);
                        if (event.contains("\"process\":\"enhance\"")
                            && event.contains("\"newStatus\":\"completed\"")) {
                            recovered(System.nanoTime());
                        }
                    });
                }
            });
            context.start();
            startRobotJvm("robot-jvm-0");
            Thread faultsThread = new Thread(this::injectFaults, "faults");
            Thread badThread = new Thread(this::sendBadInput, "bad-input");
            faultsThread.start();
            badThread.start();
            register(context.createProducerTemplate());
            registering = false;
            everyKindOnce.await(120, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            while (ended(ds) < plan.documents() && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            sendingBadInput = false;
            faultsThread.interrupt();
            badThread.interrupt();
            faultsThread.join();
            badThread.join();
            for (Thread takeOver : takeOvers) {
                takeOver.join();
            }
            while (ended(ds) < plan.documents() && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            context.getRouteController().stopRoute("robots");
            long neverEnded = context.getInflightRepository().size();
            long[] counts = counts(ds);
            long again = enhanced.values().stream().filter(n -> n.get() > 1).count();
            return new Report(plan.documents(), counts[0], counts[1], plan.documents() - counts[0] - counts[1],
                    counts[2], neverEnded, again, takenOver.get(), faults, new LinkedHashMap<>(badInputs), recovery,
                    TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began));
        } finally {
            for (ChildJvm worker : workers) {
                worker.close();
            }
            if (robotJvm != null) {
                robotJvm.close();
            }
            if (broker != null) {
                broker.close();
            }
            database.close();
        }
    }

    /** A document's end was committed: the faults injected before it are over. */
    private void recovered(long now) {
        Injected fault;
        while ((fault = awaitingRecovery.peek()) != null && fault.nanos() < now) {
            if (awaitingRecovery.remove(fault)) {
                long millis = TimeUnit.NANOSECONDS.toMillis(now - fault.nanos());
                synchronized (faults) {
                    recovery.merge(fault.kind(), millis, Math::max);
                }
            }
        }
    }

    /** Registers the documents at the plan's pace; a registration the database refused is tried again. */
    private void register(ProducerTemplate template) throws InterruptedException {
        long start = System.nanoTime();
        for (int i = 0; i < plan.documents(); i++) {
            long due = start + TimeUnit.SECONDS.toNanos(1) * i / plan.perSecond();
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            while (true) {
                try {
                    template.sendBodyAndHeader("workflow:documentWF?operation=create", null,
                            WorkflowConstants.OBJECT_ID, "doc-" + i);
                    break;
                } catch (Exception e) {
                    Thread.sleep(200); // the database is restarting
                }
            }
        }
    }

    /**
     * One fault after the other, in turn, at the plan's interval while documents are registered (and until each kind
     * came once); each is timed from its injection until the next document whose end was committed.
     */
    private void injectFaults() {
        try {
            for (int n = 0; ; n++) {
                Thread.sleep(plan.faultEveryMillis());
                if (!registering && n >= FAULTS.length) {
                    return;
                }
                String kind = FAULTS[n % FAULTS.length];
                long injected = System.nanoTime();
                switch (n % FAULTS.length) {
                    case 0 -> {
                        ChildJvm victim = workers.remove(0);
                        victim.kill();
                        workers.add(startWorker("w" + (n + 2)));
                    }
                    case 1 -> {
                        broker.close();
                        startBroker();
                    }
                    case 2 -> {
                        database.close();
                        Thread.sleep(1000);
                        database = startDatabase();
                    }
                    default -> killRobotJvm("robot-jvm-" + (n + 1));
                }
                synchronized (faults) {
                    faults.merge(kind, 1, Integer::sum);
                }
                if (n % FAULTS.length != 3) { // a killed robot JVM's recovery is timed by its steps
                    awaitingRecovery.add(new Injected(kind, injected));
                }
                if (n + 1 == FAULTS.length) {
                    everyKindOnce.countDown();
                }
            }
        } catch (InterruptedException e) {
            // the run is over
        } catch (Exception e) {
            throw new IllegalStateException("A fault could not be injected", e);
        }
    }

    /**
     * Kills the robot JVM while it holds steps (waiting a little for it to hold some), starts the next, and times how
     * long until the steps it held have ended, taken over by other robots once their lease ran out.
     */
    private void killRobotJvm(String next) throws Exception {
        String name = robotJvmName;
        // after a database restart its robots may claim nothing for a second or two, while their pool reconnects
        long waitUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (heldBy(name).isEmpty() && System.nanoTime() < waitUntil) {
            Thread.sleep(20);
        }
        long killed = System.nanoTime();
        robotJvm.kill();
        // read after the kill: no end of the dead JVM can come any more
        List<String> stranded = heldBy(name);
        startRobotJvm(next);
        Thread takeOver = new Thread(() -> awaitEnds(stranded, killed), "take-over-" + name);
        takeOvers.add(takeOver);
        takeOver.start();
    }

    /** Waits (up to a minute) for the steps to end; counts them, and the time to the last, as the fault's recovery. */
    private void awaitEnds(List<String> objectIds, long killed) {
        long deadline = killed + TimeUnit.SECONDS.toNanos(60);
        try {
            while (!objectIds.isEmpty() && System.nanoTime() < deadline) {
                try (Connection c = db.getConnection(); var s = c.prepareStatement("SELECT COUNT(*) FROM"
                                                                                     + " workflow_step WHERE process"
                                                                                     + " = 'enhance' AND active AND"
                                                                                     + " status IN ('completed',"
                                                                                     + " 'error') AND object_id ="
                                                                                     + " ANY (?)")) {
                    s.setArray(1, c.createArrayOf("varchar", objectIds.toArray()));
                    try (ResultSet rs = s.executeQuery()) {
                        rs.next();
                        if (rs.getInt(1) == objectIds.size()) {
                            takenOver.addAndGet(objectIds.size());
                            synchronized (faults) {
                                recovery.merge(FAULTS[3], TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - killed),
                                        Math::max);
                            }
                            return;
                        }
                    }
                } catch (java.sql.SQLException e) {
                    // the database is restarting: look again
                }
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The documents whose step a robot of this JVM holds under its claim. */
    private List<String> heldBy(String robotJvm) {
        List<String> held = new ArrayList<>();
        try (Connection c = db.getConnection(); var s = c.prepareStatement("SELECT object_id FROM workflow_step"
                                                                             + " WHERE process = 'enhance' AND"
                                                                             + " active AND status = 'started' AND"
                                                                             + " held_by LIKE ? AND held_since ="
                                                                             + " status_at")) {
            s.setString(1, robotJvm + " (%");
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    held.add(rs.getString(1));
                }
            }
        } catch (java.sql.SQLException e) {
            // the database is restarting: none seen
        }
        return held;
    }

    /** Malformed messages to the workers' queue and control topic, one kind after the other. */
    private void sendBadInput() {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory("tcp://127.0.0.1:" + brokerPort);
        for (int n = 0; sendingBadInput && !Thread.currentThread().isInterrupted(); n++) {
            try {
                Thread.sleep(plan.badInputEveryMillis());
            } catch (InterruptedException e) {
                return;
            }
            String kind = BAD_INPUTS[n % BAD_INPUTS.length];
            try (jakarta.jms.Connection c = factory.createConnection()) {
                Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageProducer queue = session.createProducer(session.createQueue(QUEUE));
                switch (n % BAD_INPUTS.length) {
                    case 0 -> queue.send(session.createTextMessage("{ this is not JSON"));
                    case 1 -> {
                        BytesMessage empty = session.createBytesMessage();
                        queue.send(empty);
                    }
                    case 2 -> queue.send(session.createTextMessage("{\"hello\":\"world\"}"));
                    default -> session.createProducer(session.createTopic(QUEUE + ".control"))
                            .send(session.createTextMessage("format the disk"));
                }
                badInputs.merge(kind, 1, Integer::sum);
            } catch (Exception e) {
                // the broker is restarting: this one is not sent, nor counted
            }
        }
    }

    /** Documents whose step ended: completed or in error. */
    private static long ended(DataSource ds) {
        try {
            long[] c = counts(ds);
            return c[0] + c[1];
        } catch (Exception e) {
            return -1; // the database is restarting
        }
    }

    /** Completed, in error, completed more than once. */
    private static long[] counts(DataSource ds) throws Exception {
        try (Connection c = ds.getConnection(); Statement s = c.createStatement()) {
            long[] counts = new long[3];
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FILTER (WHERE status = 'completed'),"
                                               + " COUNT(*) FILTER (WHERE status = 'error') FROM workflow_step"
                                               + " WHERE process = 'enhance' AND active")) {
                rs.next();
                counts[0] = rs.getLong(1);
                counts[1] = rs.getLong(2);
            }
            try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM (SELECT object_id FROM workflow_history"
                                               + " WHERE process = 'enhance' AND new_status = 'completed'"
                                               + " GROUP BY object_id HAVING COUNT(*) > 1) twice")) {
                rs.next();
                counts[2] = rs.getLong(1);
            }
            return counts;
        }
    }

    private EmbeddedPostgres startDatabase() throws Exception {
        // the durability production runs: the embedded server turns these off unless told
        return EmbeddedPostgres.builder().setServerConfig("fsync", "on").setServerConfig("synchronous_commit", "on")
                .setServerConfig("full_page_writes", "on").setDataDirectory(databaseFolder)
                .setCleanDataDirectory(false).setPort(databasePort).start();
    }

    private void startBroker() throws Exception {
        broker = ChildJvm.own(BenchmarkBroker.class.getName(), Integer.toString(brokerPort));
        expectReady(broker);
    }

    private void startRobotJvm(String name) throws Exception {
        ChildJvm robots = ChildJvm.own(FaultRunRobots.class.getName(), database.getJdbcUrl("postgres", "postgres"),
                Integer.toString(brokerPort), name);
        expectReady(robots);
        robotJvm = robots;
        robotJvmName = name;
    }

    private ChildJvm startWorker(String name) throws Exception {
        ChildJvm worker = ChildJvm.own(FaultRunWorker.class.getName(), Integer.toString(brokerPort), name);
        expectReady(worker);
        return worker;
    }

    private static void expectReady(ChildJvm jvm) throws Exception {
        String line;
        do {
            line = jvm.nextLine(60, TimeUnit.SECONDS);
        } while (!"READY".equals(line));
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
