package dev.camelsuite.enhancer.remote.worker;

import java.io.IOException;
import java.net.InetAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.camel.CamelContext;

/**
 * The instance ids the workers of one Camel context have taken, by queue, so two workers of one queue never share one:
 * the configured id, else {@code host:pid}, with {@code #n} added for a further worker of the same queue. Kept as a
 * plugin of the context, not in a static set: it goes with its context.
 */
final class WorkerInstanceIds {

    private final Set<String> taken = ConcurrentHashMap.newKeySet();

    /** The ids of the context's workers (made on first use). */
    static WorkerInstanceIds of(CamelContext context) {
        var extension = context.getCamelContextExtension();
        synchronized (extension) {
            WorkerInstanceIds ids = extension.getContextPlugin(WorkerInstanceIds.class);
            if (ids == null) {
                ids = new WorkerInstanceIds();
                extension.addContextPlugin(WorkerInstanceIds.class, ids);
            }
            return ids;
        }
    }

    /** Takes the first free id of {@code configured} (or {@code host:pid} when blank) on the queue. */
    String take(String queue, String configured) {
        String base = configured;
        if (base == null || base.isBlank()) {
            String host;
            try {
                host = InetAddress.getLocalHost().getHostName();
            } catch (IOException e) {
                host = "localhost";
            }
            base = host + ":" + ProcessHandle.current().pid();
        }
        for (int n = 1;; n++) {
            String id = n == 1 ? base : base + "#" + n;
            if (taken.add(queue + "|" + id)) {
                return id;
            }
        }
    }

    /** Gives an id back (its worker stopped). */
    void release(String queue, String id) {
        taken.remove(queue + "|" + id);
    }
}
