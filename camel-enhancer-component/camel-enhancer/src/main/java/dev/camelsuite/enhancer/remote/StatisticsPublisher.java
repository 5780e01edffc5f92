package dev.camelsuite.enhancer.remote;

import java.util.ArrayList;
import java.util.List;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import javax.management.ObjectName;
import org.apache.camel.CamelContext;
import org.apache.camel.spi.ManagementAgent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes a worker's or a producer's statistics where the application looks: as a JMX MBean through Camel's
 * management agent (when JMX is on), and as Micrometer meters in the {@link MeterRegistry} of the Camel registry (when
 * there is one). Withdraws them again when the worker or producer stops.
 */
public final class StatisticsPublisher {

    private static final Logger LOG = LoggerFactory.getLogger(StatisticsPublisher.class);

    private final CamelContext context;
    private final List<Meter> meters = new ArrayList<>();
    private MeterRegistry registry;
    private ObjectName objectName;

    public StatisticsPublisher(CamelContext context) {
        this.context = context;
    }

    /** Adds a counter read from {@code s} to the registry, to be withdrawn with the others. */
    public <T> void counter(MeterRegistry r, String name, Tags tags, T s, java.util.function.ToDoubleFunction<T> f,
                            String description) {
        meters.add(FunctionCounter.builder(name, s, f).tags(tags).description(description).register(r));
    }

    /** The meter registry of the Camel registry, or null. */
    public MeterRegistry registry() {
        if (registry == null) {
            registry = context.getRegistry().findSingleByType(MeterRegistry.class);
        }
        return registry;
    }

    /** Registers the statistics as an MBean {@code type=enhancer,name=<name>}, when JMX is on. */
    public void register(Object statistics, String name) {
        ManagementAgent agent = context.getManagementStrategy().getManagementAgent();
        if (agent == null) {
            return;
        }
        try {
            objectName = new ObjectName(agent.getMBeanObjectDomainName() + ":context="
                                        + ObjectName.quote(context.getManagementName()) + ",type=enhancer,name="
                                        + ObjectName.quote(name));
            agent.register(statistics, objectName);
        } catch (Exception e) {
            LOG.warn("Could not publish {} over JMX: {}", name, e.getMessage());
            objectName = null;
        }
    }

    /** Adds a meter to withdraw with the others. */
    public void add(Meter meter) {
        meters.add(meter);
    }

    public void withdraw() {
        if (registry != null) {
            meters.forEach(registry::remove);
        }
        meters.clear();
        ManagementAgent agent = context.getManagementStrategy().getManagementAgent();
        if (agent != null && objectName != null) {
            try {
                agent.unregister(objectName);
            } catch (Exception e) {
                LOG.debug("Could not withdraw {} from JMX: {}", objectName, e.getMessage());
            }
        }
        objectName = null;
    }
}
