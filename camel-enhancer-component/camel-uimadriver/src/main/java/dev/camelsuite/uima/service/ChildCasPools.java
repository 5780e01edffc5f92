package dev.camelsuite.uima.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.camelsuite.correlation.MessageIds;
import dev.camelsuite.uima.UimaAsProtocol;
import jakarta.jms.Connection;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;
import org.apache.uima.cas.CAS;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The child CASes of a route served as a CAS multiplier: a pool of {@code casMultiplierPoolSize} CASes per instance
 * ({@link ChildCases}), and the temporary queue clients release children on (the JMSReplyTo of every child, as a
 * stock service's free-CAS queue), whose listener gives each released child back to the instance that sent it.
 */
final class ChildCasPools {

    private static final Logger LOG = LoggerFactory.getLogger(ChildCasPools.class);

    private final UimaService service;
    private final List<ChildCases> instances = new ArrayList<>();
    /** Who sent each child out with a client, by its reference id. */
    private final Map<String, ChildCases> owners = new ConcurrentHashMap<>();

    ChildCasPools(UimaService service, ServedMetadata description, ReplyHeaders headers) throws Exception {
        this.service = service;
        ServiceSettings settings = service.settings();
        for (int i = 0; i < settings.instances(); i++) {
            List<CAS> pool = new ArrayList<>();
            for (int j = 0; j < settings.childCasPoolSize(); j++) {
                pool.add(description.newCas());
            }
            instances.add(new ChildCases(this, headers, pool, settings.childReleaseTimeout()));
        }
    }

    /**
     * Opens the release queue on a new connection: a session and a receiving loop (to run on a thread of the
     * service's) that takes the clients' ReleaseCAS. It receives rather than listens, as the instances do, so that
     * the service's prefetch of 0 applies to it too.
     */
    Runnable open(Connection connection, Destination[] releases) throws JMSException {
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        releases[0] = session.createTemporaryQueue();
        return new ReceiveLoop(service, session.createConsumer(releases[0]), this::onRelease, "Release queue");
    }

    /** The children of instance {@code i}, sending on its session. */
    ChildCases instance(int i, Session session, Destination releases) throws JMSException {
        ChildCases children = instances.get(i);
        children.connect(session, releases);
        return children;
    }

    void owns(String childId, ChildCases owner) {
        owners.put(childId, owner);
    }

    void disowns(String childId) {
        owners.remove(childId);
    }

    private void onRelease(Message m) {
        try {
            String childId = m.getStringProperty(UimaAsProtocol.CAS_REFERENCE);
            if (!m.propertyExists(UimaAsProtocol.COMMAND)
                || m.getIntProperty(UimaAsProtocol.COMMAND) != UimaAsProtocol.RELEASE_CAS || childId == null) {
                service.rejected(m, "not a ReleaseCAS of a child CAS (Command " + UimaAsProtocol.RELEASE_CAS
                                    + " and CasReference are needed)");
                return;
            }
            ChildCases owner = owners.remove(childId);
            if (owner != null) {
                owner.released(childId);
            } else {
                // taken back already (the client was too late, or the connection was lost meanwhile)
                LOG.debug("Release of child CAS {} ignored on queue {}: not out", childId, service.settings().queue());
            }
        } catch (Exception e) {
            LOG.warn("Could not read a release {} on queue {}: {}", MessageIds.of(m), service.settings().queue(),
                    e.getMessage());
        }
    }
}
