package dev.camelsuite.enhancer.remote;

import java.io.File;

import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.network.NetworkConnector;
import org.apache.activemq.store.SharedFileLocker;
import org.apache.activemq.store.kahadb.KahaDBPersistenceAdapter;

/**
 * A broker of a group, in its own JVM, as ActiveMQ scales out: {@code ClusterBrokerMain <name> <port> <peer> <store>}.
 * <ul>
 * <li>{@code peer}: the URL of a broker to join with a duplex network connector (a network of brokers), or {@code -};
 * </li>
 * <li>{@code store}: a KahaDB directory shared with another broker (a failover pair: whoever holds the directory's lock
 * is active, the other waits for it), or {@code -} for none.</li>
 * </ul>
 * Prints READY once it serves clients (a waiting member of a pair only once it has taken over), runs until killed.
 */
public final class ClusterBrokerMain {

    private ClusterBrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        String name = args[0];
        String peer = args[2];
        String store = args[3];
        BrokerService broker = new BrokerService();
        broker.setBrokerName(name);
        broker.setUseJmx(false);
        // a network of brokers learns where consumers are from advisories
        broker.setAdvisorySupport(true);
        if ("-".equals(store)) {
            broker.setPersistent(false);
        } else {
            KahaDBPersistenceAdapter kahaDb = new KahaDBPersistenceAdapter();
            kahaDb.setDirectory(new File(store));
            SharedFileLocker lock = new SharedFileLocker();
            // a waiting member tries the lock every half second (ActiveMQ's default is every ten)
            lock.setLockAcquireSleepInterval(500);
            kahaDb.setLocker(lock);
            broker.setPersistenceAdapter(kahaDb);
            broker.setDataDirectoryFile(new File(store, name));
        }
        broker.addConnector("tcp://127.0.0.1:" + args[1]);
        if (!"-".equals(peer)) {
            NetworkConnector network = broker.addNetworkConnector("static:(" + peer + ")");
            network.setName(name + "-to-peer");
            network.setDuplex(true);
            // each worker instance behind the peer counts as a consumer of its own, so requests are shared by instance
            network.setConduitSubscriptions(false);
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
