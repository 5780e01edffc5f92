package dev.camelsuite.enhancer.remote;

import dev.camelsuite.testbrokers.BrokerProcess;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.TransportConnector;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** A real ActiveMQ Classic broker in this JVM on a free loopback port, for a test class; it can be stopped and restarted. */
public class EmbeddedBroker implements BeforeAllCallback, AfterAllCallback {

    private final int port;
    private BrokerService broker;

    private boolean advisories;

    public EmbeddedBroker() {
        this.port = freePort();
    }

    public static int freePort() {
        return BrokerProcess.freePort();
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        stop();
    }

    /** Brokers announce consumers on advisory topics by default; the tests' broker only when asked. */
    public EmbeddedBroker withAdvisories() {
        advisories = true;
        return this;
    }

    public synchronized void start() throws Exception {
        broker = new BrokerService();
        broker.setBrokerName("test-broker-" + port);
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.setAdvisorySupport(advisories);
        TransportConnector connector = broker.addConnector("tcp://127.0.0.1:" + port);
        connector.setName("tcp");
        broker.start();
        broker.waitUntilStarted();
    }

    public synchronized void stop() throws Exception {
        if (broker != null) {
            broker.stop();
            broker.waitUntilStopped();
            broker = null;
        }
    }

    public String url() {
        return "tcp://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    public BrokerService service() {
        return broker;
    }
}
