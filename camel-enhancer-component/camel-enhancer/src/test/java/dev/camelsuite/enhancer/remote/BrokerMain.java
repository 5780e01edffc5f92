package dev.camelsuite.enhancer.remote;

import org.apache.activemq.broker.BrokerService;

/** A broker in its own JVM, for multi-process tests: {@code BrokerMain <port>}. Prints READY, runs until killed. */
public final class BrokerMain {

    private BrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        BrokerService broker = new BrokerService();
        broker.setBrokerName("process-broker");
        broker.setPersistent(false);
        broker.setUseJmx(false);
        broker.setAdvisorySupport(false);
        broker.addConnector("tcp://127.0.0.1:" + args[0]);
        broker.start();
        broker.waitUntilStarted();
        System.out.println("READY");
        System.out.flush();
        // ends when the test ends this JVM
        while (System.in.read() >= 0) {
            Thread.onSpinWait();
        }
        broker.stop();
    }
}
