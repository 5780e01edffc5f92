package dev.camelsuite.uima.testservice;

import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.TransportConnector;
import org.apache.activemq.command.ActiveMQQueue;
import org.apache.uima.adapter.jms.activemq.SpringContainerDeployer;
import org.apache.uima.adapter.jms.service.UIMA_Service;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ApplicationEvent;
import org.springframework.context.ApplicationListener;

/**
 * Runs the UIMA AS 2.10.3 test services of this module in their own JVM.
 *
 * <pre>
 * java &lt;add-opens&gt; -cp "$(cat target/service-classpath.txt)" dev.camelsuite.uima.testservice.ServiceMain \
 *      [--broker tcp://localhost:0] [--ignore-stdin] service[=queue] ...
 * </pre>
 *
 * <ul>
 * <li>{@code service}: {@code room-number}, {@code segmenter}, {@code segmented-rooms}, {@code classifier}, {@code failing}
 * (the bundled {@code <name>-service.xml} contexts, with or without the suffix) or the path of a Spring
 * context file. {@code =queue} overrides its input queue; {@code -Dqueue=...} does the same for all.</li>
 * <li>{@code --broker URL}: first start an embedded, non-persistent ActiveMQ 5.15 broker listening on URL
 * ({@code tcp://localhost:0} picks a free port) and print {@code BROKER READY <connect-url>}. The services
 * then use it unless {@code -DdefaultBrokerURL} names another broker. If it cannot start:
 * {@code BROKER FAILED <reason>} and exit status 1.</li>
 * <li>For every service, once its listeners are started: {@code SERVICE READY <queue>}. If one cannot be
 * deployed: {@code SERVICE FAILED <service> <reason>} and exit status 1.</li>
 * <li>Runs until stdin reaches end of file (the parent process closed it or died) or the process is
 * terminated; {@code --ignore-stdin} waits for termination only.</li>
 * </ul>
 *
 * Those protocol lines are the only output on stdout: everything else that the UIMA AS classes print
 * goes to stderr, as do warnings and errors of java.util.logging (the UIMA, Spring and, through
 * slf4j-jdk14, ActiveMQ loggers) unless {@code -Djava.util.logging.config.file} configures it otherwise.
 */
public final class ServiceMain {

    private static final String BUNDLED_SUFFIX = "-service.xml";

    private final PrintStream protocol;
    private final List<SpringContainerDeployer> deployers = new ArrayList<>();
    private BrokerService broker;

    private ServiceMain(PrintStream protocol) {
        this.protocol = protocol;
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocol = protocolOnStdout();
        // without it, the controller's stop() and an error threshold's "terminate" call System.exit
        if (System.getProperty("dontKill") == null) {
            System.setProperty("dontKill", "true");
        }
        quietLogging();
        Arguments arguments = Arguments.parse(args);

        ServiceMain main = new ServiceMain(protocol);
        CountDownLatch stop = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(main::shutdown, "service-shutdown"));
        try {
            main.useBroker(arguments.brokerUrl());
            String globalQueue = System.getProperty("queue");
            for (String service : arguments.services()) {
                main.deploy(service, globalQueue);
            }
        } catch (Exception e) {
            e.printStackTrace();
            System.exit(1); // the shutdown hook undeploys what did start
        }

        if (arguments.watchStdin()) {
            stopAtEndOfStdin(stop);
        }
        stop.await();
        System.exit(0); // runs the shutdown hook
    }

    /** UIMA AS prints progress with System.out.println; stdout is kept for our protocol lines only. */
    private static PrintStream protocolOnStdout() {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err);
        return protocol;
    }

    /** The command line: the broker to start (null: none), whether the end of stdin stops us, the services. */
    private record Arguments(String brokerUrl, boolean watchStdin, List<String> services) {

        static Arguments parse(String[] args) {
            String brokerUrl = null;
            boolean watchStdin = true;
            List<String> services = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--broker" -> {
                        if (i + 1 == args.length) {
                            usage("--broker needs a URL");
                        }
                        brokerUrl = args[++i];
                    }
                    case "--ignore-stdin" -> watchStdin = false;
                    default -> {
                        if (args[i].startsWith("--")) {
                            usage("unknown option " + args[i]);
                        }
                        services.add(args[i]);
                    }
                }
            }
            if (services.isEmpty() && brokerUrl == null) {
                usage("nothing to start");
            }
            return new Arguments(brokerUrl, watchStdin, services);
        }
    }

    /**
     * With a URL, starts the embedded broker and makes it the services' default broker unless
     * {@code -DdefaultBrokerURL} names another; without, the default is UIMA_Service's own unless that names one.
     */
    private void useBroker(String url) throws Exception {
        if (url != null) {
            String connectUrl;
            try {
                connectUrl = startBroker(url);
            } catch (Exception e) {
                protocol.println("BROKER FAILED " + rootMessage(e));
                throw e;
            }
            if (System.getProperty("defaultBrokerURL") == null) {
                System.setProperty("defaultBrokerURL", connectUrl);
            }
            protocol.println("BROKER READY " + connectUrl);
        } else if (System.getProperty("defaultBrokerURL") == null) {
            System.setProperty("defaultBrokerURL", "tcp://localhost:61616"); // as UIMA_Service does
        }
    }

    /** The parent closes our stdin, or dies, when the services are to stop. */
    private static void stopAtEndOfStdin(CountDownLatch stop) {
        Thread watcher = new Thread(() -> {
            drain(System.in);
            stop.countDown();
        }, "stdin-watcher");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** Starts the embedded broker; returns the URL clients connect to (with the real port). */
    private String startBroker(String url) throws Exception {
        broker = new BrokerService();
        broker.setBrokerName("uima-as-test-broker");
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.setUseShutdownHook(false); // our hook stops the services first, then the broker
        broker.setSchedulerSupport(false);
        TransportConnector connector = broker.addConnector(url);
        broker.start();
        broker.waitUntilStarted();
        URI connect = connector.getConnectUri();
        // the connect URI names the host's address; keep the host the caller asked for
        URI asked = new URI(url);
        return new URI(connect.getScheme(), null, asked.getHost() != null ? asked.getHost() : connect.getHost(),
                connect.getPort(), null, null, null).toString();
    }

    private void deploy(String service, String globalQueue) throws Exception {
        String spec = service;
        String queue = globalQueue;
        int eq = service.indexOf('=');
        if (eq > 0) {
            spec = service.substring(0, eq);
            queue = service.substring(eq + 1);
        }
        // the contexts read the queue through the ${queue} placeholder (system property first)
        if (queue != null) {
            System.setProperty("queue", queue);
        } else {
            System.clearProperty("queue");
        }
        SpringContainerDeployer deployer;
        try {
            String contextFile = contextFile(spec);
            // UIMA_Service.deploy loads the context, waits until the controller is initialized and starts
            // the JMS listeners; the listener only receives UIMA AS "service exited" events
            deployer = new UIMA_Service().deploy(new String[] {contextFile}, new QuietListener());
        } catch (Exception e) {
            protocol.println("SERVICE FAILED " + spec + " " + rootMessage(e));
            throw e;
        }
        deployers.add(deployer);
        protocol.println("SERVICE READY " + inputQueueName(deployer));
    }

    /** The controller knows its input queue by bean id; the queue bean has the broker-side name. */
    private static String inputQueueName(SpringContainerDeployer deployer) {
        String endpoint = deployer.getTopLevelController().getServiceEndpointName();
        ApplicationContext context = deployer.getSpringContext();
        if (endpoint != null && context.containsBean(endpoint) && context.getBean(endpoint) instanceof ActiveMQQueue queue) {
            return queue.getPhysicalName();
        }
        return endpoint;
    }

    /** SpringContainerDeployer loads files only ("file:" is prepended), so bundled contexts are copied out. */
    private static String contextFile(String spec) throws IOException {
        File file = new File(spec);
        if (file.isFile()) {
            return file.getAbsolutePath();
        }
        String resource = spec.endsWith(".xml") ? spec : spec + BUNDLED_SUFFIX;
        try (InputStream in = ServiceMain.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("no such service context: " + spec
                        + " (neither a file nor a bundled one: room-number, segmenter, segmented-rooms, classifier, failing)");
            }
            Path copy = Files.createTempFile("uima-as-" + resource.replace(".xml", "") + "-", ".xml");
            copy.toFile().deleteOnExit();
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            return copy.toAbsolutePath().toString();
        }
    }

    /** Stops the services immediately (in-flight requests get no reply), then the broker. Bounded. */
    private void shutdown() {
        Thread stopper = new Thread(() -> {
            for (SpringContainerDeployer deployer : deployers) {
                try {
                    deployer.undeploy(SpringContainerDeployer.STOP_NOW);
                } catch (Exception e) {
                    // stopping anyway
                }
            }
            if (broker != null) {
                try {
                    broker.stop();
                    broker.waitUntilStopped();
                } catch (Exception e) {
                    // stopping anyway
                }
            }
        }, "service-stopper");
        stopper.setDaemon(true);
        stopper.start();
        try {
            stopper.join(TimeUnit.SECONDS.toMillis(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void quietLogging() {
        if (System.getProperty("java.util.logging.config.file") != null
                || System.getProperty("java.util.logging.config.class") != null) {
            return;
        }
        Logger root = Logger.getLogger("");
        root.setLevel(Level.WARNING);
        for (var handler : root.getHandlers()) {
            handler.setLevel(Level.WARNING);
        }
    }

    private static void drain(InputStream in) {
        byte[] buffer = new byte[256];
        try {
            while (in.read(buffer) >= 0) {
                // input is ignored; only its end matters
            }
        } catch (IOException e) {
            // a broken pipe ends the service as well
        }
    }

    private static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getName() + (root.getMessage() != null ? ": " + root.getMessage() : "");
    }

    private static void usage(String problem) {
        System.err.println(problem);
        System.err.println("usage: ServiceMain [--broker tcp://host:port] [--ignore-stdin] service[=queue] ...");
        System.err.println("  service: room-number | segmenter | segmented-rooms | classifier | failing | path/to/spring-context.xml");
        System.exit(2);
    }

    /** UIMA_Service's own listener prints to stdout; ours logs to stderr through java.util.logging. */
    private static final class QuietListener implements ApplicationListener<ApplicationEvent> {
        @Override
        public void onApplicationEvent(ApplicationEvent event) {
            Logger.getLogger(ServiceMain.class.getName()).warning("UIMA AS event: " + event.getSource());
        }
    }
}
