package dev.camelsuite.enhancer.remote;

/**
 * A broker in its own JVM, for multi-process tests: {@code BrokerMain <port>}, non-persistent, no advisories. Prints
 * READY, runs until killed.
 */
public final class BrokerMain {

    private BrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        ClusterBrokerMain.main(new String[] { "uri", "broker:(tcp://127.0.0.1:" + args[0]
                + ")?brokerName=process-broker&persistent=false&useJmx=false&advisorySupport=false" });
    }
}
