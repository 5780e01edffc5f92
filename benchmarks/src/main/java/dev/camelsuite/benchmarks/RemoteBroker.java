package dev.camelsuite.benchmarks;

import java.net.ServerSocket;

import dev.camelsuite.testbrokers.BrokerProcess;

/**
 * The broker of the remote benchmark, in a JVM of its own, chosen with {@code -Dbroker=}: {@code activemq6} (the
 * default: ActiveMQ Classic 6.1.8, {@link BenchmarkBroker}), {@code artemis} (ActiveMQ Artemis 2.40.0 with an
 * OpenWire acceptor) or {@code activemq5} (ActiveMQ Classic 5.17.6 with its defaults), the last two as the
 * test-brokers module builds them (build it first).
 */
final class RemoteBroker implements AutoCloseable {

    static final String CHOSEN = System.getProperty("broker", "activemq6");

    private final String url;
    private final Process own;
    private final BrokerProcess other;

    private RemoteBroker(String url, Process own, BrokerProcess other) {
        this.url = url;
        this.own = own;
        this.other = other;
    }

    static RemoteBroker start() throws Exception {
        BrokerProcess other = switch (CHOSEN) {
            case "artemis" -> BrokerProcess.artemis();
            case "activemq5" -> BrokerProcess.classic5();
            case "activemq6" -> null;
            default -> throw new IllegalArgumentException("-Dbroker=" + CHOSEN
                                                          + ": choose activemq6, artemis or activemq5");
        };
        if (other != null) {
            other.start();
            return new RemoteBroker(other.url(), null, other);
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        return new RemoteBroker("tcp://127.0.0.1:" + port, RemoteBenchmark.startBroker(port), null);
    }

    String url() {
        return url;
    }

    @Override
    public void close() throws Exception {
        if (own != null) {
            own.destroyForcibly();
        } else {
            other.stop();
        }
    }
}
