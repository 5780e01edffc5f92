package dev.camelsuite.testbrokers;

import java.util.Set;

import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.SecurityConfiguration;
import org.apache.activemq.artemis.core.security.Role;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;
import org.apache.activemq.artemis.spi.core.security.jaas.InVMLoginModule;

/**
 * ActiveMQ Artemis in a JVM of its own: {@code ArtemisMain <port> [<user> <password>]}, non-persistent, one acceptor
 * on 127.0.0.1:port that speaks OpenWire only; without a user no security, with one only that user (and a second one,
 * {@value #WITHOUT_DURABLE_QUEUES}, who may not create durable queues) may connect. Everything else is Artemis's
 * default (addresses and queues created on demand): what a user who adds an OpenWire acceptor to a stock broker.xml
 * gets. Prints READY once it serves clients; stops when stdin reaches its end or the process is killed.
 */
public final class ArtemisMain {

    /** A second user of a broker with a user, with the user's password and all its permissions but one. */
    public static final String WITHOUT_DURABLE_QUEUES = "no-durable-queues";

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
        if (args.length == 3) {
            server.setSecurityManager(oneUser(config, args[1], args[2]));
        }
        server.start();
        System.out.println("READY");
        System.out.flush();
        while (System.in.read() >= 0) {
            Thread.onSpinWait();
        }
        server.stop();
    }

    /** Security on, one user, and the permissions the components need on every address. */
    private static ActiveMQJAASSecurityManager oneUser(Configuration config, String user, String password) {
        config.setSecurityEnabled(true);
        // tag::permissions[]
        SecurityConfiguration users = new SecurityConfiguration();
        users.addUser(user, password);
        users.addRole(user, "clients");
        // send, consume, create durable queues (Artemis makes a queue that a consumer names durable, whatever its
        // messages), create and delete temporary queues, browse, create and delete addresses; no management
        Role clients = new Role("clients", true, true, true, false, true, true, false, true, true, true, false, false);
        config.putSecurityRoles("#", Set.of(clients));
        // end::permissions[]
        // the same but durable queues: what a worker needs that ActiveMQ Classic has no permission for
        users.addUser(WITHOUT_DURABLE_QUEUES, password);
        users.addRole(WITHOUT_DURABLE_QUEUES, "limited");
        config.putSecurityRoles("#", Set.of(clients,
                new Role("limited", true, true, false, false, true, true, false, true, true, true, false, false)));
        return new ActiveMQJAASSecurityManager(InVMLoginModule.class.getName(), users);
    }
}
