package dev.camelsuite.benchmarks;

import org.apache.activemq.broker.BrokerService;

/**
 * The broker of the remote benchmark and the fault runs, in its own JVM: {@code BenchmarkBroker <port> [folder]};
 * prints READY. With a folder its messages are persistent there (KahaDB), so a broker stopped and started again still
 * has what it confirmed.
 */
public final class BenchmarkBroker {

    private BenchmarkBroker() {
    }

    public static void main(String[] args) throws Exception {
        BrokerService broker = new BrokerService();
        broker.setBrokerName("benchmark-broker");
        broker.setPersistent(args.length > 1);
        if (args.length > 1) {
            broker.setDataDirectory(args[1]);
        }
        broker.setUseJmx(false);
        broker.setAdvisorySupport(false);
        broker.addConnector("tcp://127.0.0.1:" + args[0]);
        broker.start();
        broker.waitUntilStarted();
        System.out.println("READY");
        System.out.flush();
        while (System.in.read() >= 0) {
            Thread.onSpinWait();
        }
        broker.stop();
    }
}
