package dev.camelsuite.benchmarks;

import java.io.File;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * The processes of the fault-injection run ({@link FaultInjectionRun}) that its faults strike: PostgreSQL, the broker
 * in a JVM of its own, two worker JVMs and one robot JVM at a time. Each started JVM is waited for until it printed
 * READY.
 */
final class FaultRunProcesses {

    private final int brokerPort = freePort();
    private final int databasePort = freePort();
    /** Kept over a restart of the database: what it committed before survives it. */
    private final File databaseFolder;
    private volatile EmbeddedPostgres database;
    private volatile ChildJvm broker;
    private final List<ChildJvm> workers = new ArrayList<>();
    /** The robot JVM, one at a time (the next started when one is killed), and its robots' name. */
    private volatile ChildJvm robotJvm;
    private volatile String robotJvmName;

    FaultRunProcesses() throws Exception {
        this.databaseFolder = Files.createTempDirectory("fault-run-pg").toFile();
    }

    int brokerPort() {
        return brokerPort;
    }

    String jdbcUrl() {
        return database.getJdbcUrl("postgres", "postgres");
    }

    String robotJvmName() {
        return robotJvmName;
    }

    /** The database, the broker and the two workers. */
    void start() throws Exception {
        database = startDatabase();
        startBroker();
        for (int i = 0; i < 2; i++) {
            workers.add(startWorker("w" + i));
        }
    }

    /** Kills the oldest worker with SIGKILL and starts another, {@code next}, in its place. */
    void replaceAWorker(String next) throws Exception {
        ChildJvm victim = workers.remove(0);
        victim.kill();
        workers.add(startWorker(next));
    }

    void restartBroker() throws Exception {
        broker.close();
        startBroker();
    }

    void restartDatabase() throws Exception {
        database.close();
        Thread.sleep(1000);
        database = startDatabase();
    }

    void startRobotJvm(String name) throws Exception {
        ChildJvm robots = ChildJvm.own(FaultRunRobots.class.getName(), jdbcUrl(), Integer.toString(brokerPort), name);
        expectReady(robots);
        robotJvm = robots;
        robotJvmName = name;
    }

    /** With SIGKILL: the steps its robots hold stay theirs until their lease runs out. */
    void killRobotJvm() throws InterruptedException {
        robotJvm.kill();
    }

    void stopAll() throws Exception {
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

    private ChildJvm startWorker(String name) throws Exception {
        ChildJvm worker = ChildJvm.own(FaultRunWorker.class.getName(), Integer.toString(brokerPort), name);
        expectReady(worker);
        return worker;
    }

    /** Waits for a started JVM to print READY (60 s at most). */
    static void expectReady(ChildJvm jvm) throws Exception {
        String line;
        do {
            line = jvm.nextLine(60, TimeUnit.SECONDS);
        } while (!"READY".equals(line));
    }

    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
