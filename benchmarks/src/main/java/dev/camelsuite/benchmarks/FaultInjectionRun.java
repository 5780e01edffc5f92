package dev.camelsuite.benchmarks;

import java.sql.Connection;
import java.sql.ResultSet;
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
import javax.sql.DataSource;
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

    private final Plan plan;
    private final FaultRunProcesses processes;
    private final Map<String, AtomicInteger> enhanced = new ConcurrentHashMap<>();
    /** A fault injected at {@code nanos}, waiting for the next committed document. */
    private record Injected(String kind, long nanos) {
    }

    private final Queue<Injected> awaitingRecovery = new ConcurrentLinkedQueue<>();
    private final CountDownLatch everyKindOnce = new CountDownLatch(1);
    private final Map<String, Integer> faults = new LinkedHashMap<>();
    private final Map<String, Long> recovery = new LinkedHashMap<>();
    /** Faults come while documents are being registered, so that each has documents to recover with. */
    private volatile boolean registering = true;
    private final FaultRunBadInput badInput;
    /** Threads that wait for the steps of a killed robot JVM to end. */
    private final List<Thread> takeOvers = new ArrayList<>();
    private final AtomicInteger takenOver = new AtomicInteger();
    private volatile DataSource db;

    private FaultInjectionRun(Plan plan) throws Exception {
        this.plan = plan;
        this.processes = new FaultRunProcesses();
        this.badInput = new FaultRunBadInput(plan.badInputEveryMillis(), processes.brokerPort());
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
        processes.start();
        try (HikariDataSource ds = new HikariDataSource(pool()); DefaultCamelContext context = new DefaultCamelContext()) {
            this.db = ds;
            addRobotsAndEvents(context, ds);
            context.start();
            processes.startRobotJvm("robot-jvm-0");
            Thread faultsThread = new Thread(this::injectFaults, "faults");
            Thread badThread = new Thread(badInput, "bad-input");
            faultsThread.start();
            badThread.start();
            register(context.createProducerTemplate());
            registering = false;
            everyKindOnce.await(120, TimeUnit.SECONDS);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
            awaitEveryDocumentEnded(ds, deadline);
            stopFaults(faultsThread, badThread);
            awaitEveryDocumentEnded(ds, deadline);
            context.getRouteController().stopRoute("robots");
            return report(context, ds, began);
        } finally {
            processes.stopAll();
        }
    }

    private HikariConfig pool() {
        DriverLogging.keepToErrors();
        HikariConfig pool = new HikariConfig();
        pool.setJdbcUrl(processes.jdbcUrl());
        pool.setMaximumPoolSize(8);
        pool.setConnectionTimeout(2000);
        return pool;
    }

    /** The run's own robots, which send each document to the workers, and the store's events, which time recoveries. */
    private void addRobotsAndEvents(DefaultCamelContext context, DataSource ds) throws Exception {
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
                        .to(enhancerUri(processes.brokerPort()) + "&timeout=5000&casPoolSize=8")
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
    }

    private void awaitEveryDocumentEnded(DataSource ds, long deadline) throws InterruptedException {
        while (FaultRunSteps.ended(ds) < plan.documents() && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
    }

    /** No more faults nor malformed messages; the steps of killed robot JVMs have ended or their wait is over. */
    private void stopFaults(Thread faultsThread, Thread badThread) throws InterruptedException {
        badInput.stop();
        faultsThread.interrupt();
        badThread.interrupt();
        faultsThread.join();
        badThread.join();
        for (Thread takeOver : takeOvers) {
            takeOver.join();
        }
    }

    private Report report(DefaultCamelContext context, DataSource ds, long began) throws Exception {
        long neverEnded = context.getInflightRepository().size();
        long[] counts = FaultRunSteps.counts(ds);
        long again = enhanced.values().stream().filter(n -> n.get() > 1).count();
        return new Report(plan.documents(), counts[0], counts[1], plan.documents() - counts[0] - counts[1],
                counts[2], neverEnded, again, takenOver.get(), faults, badInput.sent(), recovery,
                TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - began));
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
                    case 0 -> processes.replaceAWorker("w" + (n + 2));
                    case 1 -> processes.restartBroker();
                    case 2 -> processes.restartDatabase();
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
        String name = processes.robotJvmName();
        // after a database restart its robots may claim nothing for a second or two, while their pool reconnects
        long waitUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (FaultRunSteps.heldBy(db, name).isEmpty() && System.nanoTime() < waitUntil) {
            Thread.sleep(20);
        }
        long killed = System.nanoTime();
        processes.killRobotJvm();
        // read after the kill: no end of the dead JVM can come any more
        List<String> stranded = FaultRunSteps.heldBy(db, name);
        processes.startRobotJvm(next);
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
}
