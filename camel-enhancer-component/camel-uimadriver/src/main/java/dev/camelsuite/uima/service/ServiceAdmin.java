package dev.camelsuite.uima.service;

import dev.camelsuite.uima.UimaAsProtocol;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers GetMeta and Collection Process Complete, each on a session and thread of its own (see {@link UimaService}),
 * as a stock service's separate GetMeta listener does: a client whose Process request timed out pings the service
 * with GetMeta and reports the timeout when the ping is answered, so the answer must never wait behind busy instances
 * or behind a Collection Process Complete waiting for them.
 */
final class ServiceAdmin {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceAdmin.class);

    /** The commands answered here; the instances take every other message. */
    static final String COMMANDS = UimaAsProtocol.COMMAND + " = " + UimaAsProtocol.GET_META + " OR "
                                   + UimaAsProtocol.COMMAND + " = " + UimaAsProtocol.COLLECTION_PROCESS_COMPLETE;

    private final UimaService service;
    private final Session session;
    private final MessageProducer replies;
    /** A CAS multiplier's release queue, named in its GetMeta reply as a stock one does; else null. */
    private final Destination releases;

    ServiceAdmin(UimaService service, Session session, Destination releases) throws JMSException {
        this.service = service;
        this.releases = releases;
        this.session = session;
        this.replies = session.createProducer(null);
    }

    void onMessage(Message m) {
        try {
            Destination replyTo = m.getJMSReplyTo();
            if (!m.propertyExists(UimaAsProtocol.MESSAGE_TYPE) || replyTo == null
                || m.getIntProperty(UimaAsProtocol.MESSAGE_TYPE) != UimaAsProtocol.REQUEST) {
                service.rejected(m, "not a UIMA AS request (MessageType " + UimaAsProtocol.REQUEST
                                    + " and JMSReplyTo are needed)");
                return;
            }
            if (m.getIntProperty(UimaAsProtocol.COMMAND) == UimaAsProtocol.GET_META) {
                TextMessage reply = session.createTextMessage(service.description().metadataXml());
                reply.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.METADATA);
                reply.setIntProperty(UimaAsProtocol.SERIALIZATION, UimaAsProtocol.BINARY_SERIALIZATION);
                if (releases != null) {
                    reply.setJMSReplyTo(releases);
                }
                service.headers().reply(replies, replyTo, reply, UimaAsProtocol.GET_META);
            } else {
                collectionProcessComplete(replyTo);
            }
        } catch (Exception e) {
            // the client's queue is gone or the broker went away: the client's own timeout covers it
            LOG.warn("Could not answer a request on queue {}: {}", service.headers().queue(), e.getMessage());
        }
    }

    private void collectionProcessComplete(Destination replyTo) throws JMSException, InterruptedException {
        long timeout = service.settings().cpcTimeout();
        if (!service.sequence().awaitRequestsTaken(timeout)) {
            LOG.warn("Collection Process Complete on queue {} answered after {} ms (option cpcTimeout) with requests"
                     + " still in progress", service.headers().queue(), timeout);
        }
        Message reply = session.createTextMessage("");
        reply.setIntProperty(UimaAsProtocol.PAYLOAD, UimaAsProtocol.NONE);
        service.headers().reply(replies, replyTo, reply, UimaAsProtocol.COLLECTION_PROCESS_COMPLETE);
    }
}
