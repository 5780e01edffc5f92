package dev.camelsuite.testbrokers;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A broker users run besides ActiveMQ 6, in a JVM of its own on a free loopback port, for a test class: ActiveMQ
 * Artemis (OpenWire acceptor) or ActiveMQ Classic 5.x, as the test-brokers module builds them. It can be stopped
 * (killed, as a crash) and started again on the same port. Its output goes to target/&lt;name&gt;.log.
 * Compiled as a test source by the modules that use it, so that it exists once.
 */
public final class BrokerProcess implements BeforeAllCallback, AfterAllCallback {

    /** Debian's activemq package; the single jar test-brokers copies. */
    public static final String CLASSIC_5_VERSION = "5.17.6";

    private final String name;
    private final int port;
    private final List<String> command;
    private Process process;

    private BrokerProcess(String name, List<String> command, int port) {
        this.name = name;
        this.command = command;
        this.port = port;
    }

    /** ActiveMQ Artemis 2.40.0 with one OpenWire acceptor (ArtemisMain). */
    public static BrokerProcess artemis() {
        return artemisProcess();
    }

    /** ActiveMQ Artemis 2.40.0 with one OpenWire acceptor that only this user may connect to. */
    public static BrokerProcess artemisWithUser(String user, String password) {
        return artemisProcess(user, password);
    }

    private static BrokerProcess artemisProcess(String... user) {
        int port = freePort();
        String classpath = read(moduleTarget().resolve("artemis-classpath.txt"));
        List<String> command = new ArrayList<>(List.of(java(), "-Xmx256m",
                // its audit log says INFO for every consumer and message
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-cp", classpath,
                "dev.camelsuite.testbrokers.ArtemisMain", String.valueOf(port)));
        command.addAll(List.of(user));
        return new BrokerProcess("artemis-" + port, command, port);
    }

    /** ActiveMQ Classic 5.17.6 as its distribution starts one from a broker URI: defaults but persistence and JMX. */
    public static BrokerProcess classic5() {
        int port = freePort();
        Path jars = moduleTarget().resolve("activemq5");
        String classpath = jars.resolve("activemq-all.jar") + File.pathSeparator + jars.resolve("log4j-api.jar");
        Path home = jars.resolve("home-" + port);
        return new BrokerProcess("activemq5-" + port, List.of(java(), "-Xmx256m", "-Dactivemq.home=" + home,
                "-Dactivemq.base=" + home, "-Dactivemq.data=" + home.resolve("data"), "-cp", classpath,
                "org.apache.activemq.console.Main", "start",
                "broker:(tcp://127.0.0.1:" + port + ")?brokerName=classic5&persistent=false&useJmx=false"), port);
    }

    private static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /** test-brokers/target, found from the module the tests run in (one or two levels below the root). */
    private static Path moduleTarget() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path target = dir.resolve("test-brokers/target");
            if (Files.isDirectory(target)) {
                return target;
            }
        }
        throw new IllegalStateException("test-brokers/target is missing: build the test-brokers module first");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (IOException e) {
            throw new IllegalStateException(file + " is missing: build the test-brokers module first", e);
        }
    }

    public static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        stop();
    }

    /** Starts the broker and waits until it accepts connections (up to 60 s). */
    public synchronized void start() throws IOException, InterruptedException {
        File log = new File("target/" + name + ".log");
        // a module's tests have their target folder; a benchmark run from the project's root may not
        Files.createDirectories(log.toPath().toAbsolutePath().getParent());
        process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log)).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!accepts()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                stop();
                throw new IllegalStateException(name + " did not start; see " + log);
            }
            Thread.sleep(50);
        }
    }

    private boolean accepts() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Kills the broker's JVM, as a crash would: clients see their connections drop. */
    public synchronized void stop() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
            process = null;
        }
    }

    public String url() {
        return "tcp://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }
}
