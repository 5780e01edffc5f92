package dev.camelsuite.enhancer.remote;

import java.io.File;
import java.net.URI;

import org.apache.activemq.broker.BrokerFactory;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.store.SharedFileLocker;
import org.apache.activemq.store.kahadb.KahaDBPersistenceAdapter;

/**
 * A broker of a group, in its own JVM, as ActiveMQ scales out:
 * <ul>
 * <li>{@code ClusterBrokerMain uri <broker URI>}: a broker made from an ActiveMQ broker URI, as
 * {@code bin/activemq console <broker URI>} makes it — the deployment guide's network of brokers;</li>
 * <li>{@code ClusterBrokerMain pair <name> <port> <store>}: a member of a failover pair on a KahaDB directory shared
 * with the other member; whoever holds the directory's lock is active, the other waits for it.</li>
 * </ul>
 * Prints READY once it serves clients (a waiting member of a pair only once it has taken over), runs until killed.
 */
public final class ClusterBrokerMain {

    private ClusterBrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        BrokerService broker;
        if ("uri".equals(args[0])) {
            broker = BrokerFactory.createBroker(new URI(args[1]));
        } else {
            broker = new BrokerService();
            broker.setBrokerName(args[1]);
            broker.setUseJmx(false);
            KahaDBPersistenceAdapter kahaDb = new KahaDBPersistenceAdapter();
            kahaDb.setDirectory(new File(args[3]));
            SharedFileLocker lock = new SharedFileLocker();
            // a waiting member tries the lock every half second (ActiveMQ's default is every ten)
            lock.setLockAcquireSleepInterval(500);
            kahaDb.setLocker(lock);
            broker.setPersistenceAdapter(kahaDb);
            broker.setDataDirectoryFile(new File(args[3], args[1]));
            broker.addConnector("tcp://127.0.0.1:" + args[2]);
        }
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
