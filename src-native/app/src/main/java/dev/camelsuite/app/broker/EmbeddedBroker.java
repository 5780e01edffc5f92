package dev.camelsuite.app.broker;

import io.quarkus.runtime.configuration.MemorySize;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.activemq.broker.BrokerService;
import org.apache.camel.quarkus.main.events.AfterStop;
import org.apache.camel.quarkus.main.events.BeforeStart;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The application's embedded ActiveMQ broker (JVM mode, broker URL {@value #URL_PREFIX}…), started before Camel's
 * routes and stopped after them. It is made here rather than by the vm:// URL so that its memory is sized for the
 * application ({@code camelsuite.broker.memory-limit}, 64 MB): ActiveMQ's own default of 1 GB is more than the heap
 * the application is given, and the broker would take 70 % of it. It keeps nothing on disk (not persistent, it has no
 * temporary store either: a sender waits while the memory is full), opens no port and has no JMX; only this JVM
 * reaches it. With an external broker configured, none is started.
 */
@ApplicationScoped
public class EmbeddedBroker {

    private static final Logger LOG = Logger.getLogger(EmbeddedBroker.class);
    /** Broker URLs that name the embedded broker. */
    static final String URL_PREFIX = "vm://camelsuite";

    @ConfigProperty(name = "camel.component.enhancer.broker-url", defaultValue = "")
    String brokerUrl;

    @ConfigProperty(name = "camelsuite.broker.memory-limit", defaultValue = "64M")
    MemorySize memoryLimit;

    private BrokerService broker;

    void start(@Observes BeforeStart camelStarts) throws Exception {
        if (!brokerUrl.startsWith(URL_PREFIX)) {
            return;
        }
        BrokerService embedded = new BrokerService();
        embedded.setBrokerName("camelsuite");
        embedded.setPersistent(false);
        embedded.setUseJmx(false);
        // stopped after the routes that use it (below), not by a shutdown hook of its own before them
        embedded.setUseShutdownHook(false);
        embedded.getSystemUsage().getMemoryUsage().setLimit(memoryLimit.asLongValue());
        // a broker that is not persistent has no temporary store: its limit is bounded all the same, so that the
        // start does not weigh ActiveMQ's default of 50 GB against the disk's free space (and warn on a smaller disk)
        embedded.getSystemUsage().getTempUsage().setLimit(memoryLimit.asLongValue());
        embedded.start();
        embedded.waitUntilStarted();
        broker = embedded;
        LOG.debugf("The embedded broker holds at most %d bytes of messages in memory", memoryLimit.asLongValue());
    }

    /** The running broker, or null. */
    BrokerService broker() {
        return broker;
    }

    void stop(@Observes AfterStop camelStopped) throws Exception {
        if (broker != null) {
            broker.stop();
            broker.waitUntilStopped();
            broker = null;
        }
    }
}
