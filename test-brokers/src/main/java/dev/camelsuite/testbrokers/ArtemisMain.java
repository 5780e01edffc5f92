package dev.camelsuite.testbrokers;

import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;

/**
 * ActiveMQ Artemis in a JVM of its own: {@code ArtemisMain <port>}, non-persistent, no security, one acceptor on
 * 127.0.0.1:port that speaks OpenWire only. Everything else is Artemis's default (addresses and queues created on
 * demand, advisories on): what a user who adds an OpenWire acceptor to a stock broker.xml gets. Prints READY once
 * it serves clients; stops when stdin reaches its end or the process is killed.
 */
public final class ArtemisMain {

    private ArtemisMain() {
    }

    public static void main(String[] args) throws Exception {
        // tag::artemis[]
        String acceptor = "tcp://127.0.0.1:" + args[0] + "?protocols=OPENWIRE";
        Configuration config = new ConfigurationImpl()
                .setName("artemis-" + args[0])
                .setPersistenceEnabled(false)
                .setSecurityEnabled(false)
                .setJMXManagementEnabled(false)
                .addAcceptorConfiguration("openwire", acceptor);
        // end::artemis[]
        EmbeddedActiveMQ server = new EmbeddedActiveMQ().setConfiguration(config);
        server.start();
        System.out.println("READY");
        System.out.flush();
        while (System.in.read() >= 0) {
            Thread.onSpinWait();
        }
        server.stop();
    }
}
