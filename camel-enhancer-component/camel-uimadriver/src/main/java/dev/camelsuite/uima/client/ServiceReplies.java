package dev.camelsuite.uima.client;

import dev.camelsuite.uima.UimaAsProtocol;
import dev.camelsuite.uima.UimaDriverConstants;
import dev.camelsuite.uima.AnalysisResult;
import dev.camelsuite.uima.CasAnnotation;
import dev.camelsuite.uima.UimaServiceException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.TextMessage;
import org.apache.activemq.command.ActiveMQObjectMessage;
import org.apache.activemq.util.ByteSequence;
import org.apache.camel.Exchange;
import org.apache.uima.cas.CAS;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads what a UIMA AS service answers a Process request: the analysed CAS with its timings, or the service's error
 * read without deserializing anything; and puts a result on its exchange.
 */
final class ServiceReplies {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceReplies.class);

    private ServiceReplies() {
    }

    /** The analysed CAS of an XMI reply, read into {@code cas}, with the children a CAS multiplier made of it. */
    static AnalysisResult analysed(TextMessage m, String referenceId, CAS cas, int children,
                                   List<List<CasAnnotation>> childAnnotations) throws Exception {
        String xmi = m.getText();
        XmiCas.read(xmi, cas);
        return new AnalysisResult(referenceId, xmi, XmiCas.annotations(cas), children, List.copyOf(childAnnotations),
                timings(m), ComponentTimings.parse(m.getStringProperty(ComponentTimings.PROPERTY)));
    }

    /** The service's error as an exception naming its real cause. */
    static UimaServiceException failure(Message m, String queue, String what) {
        List<String> causes = new ArrayList<>();
        try {
            if (m instanceof ActiveMQObjectMessage object) {
                for (SerializedThrowables.RemoteCause c : SerializedThrowables.read(content(object))) {
                    causes.add(c.toString());
                }
            } else if (m instanceof TextMessage text && text.getText() != null && !text.getText().isBlank()) {
                causes.add(text.getText());
            }
        } catch (Exception e) {
            LOG.debug("Could not read the service's exception: {}", e.getMessage());
        }
        String root = causes.isEmpty() ? "no details sent" : causes.get(causes.size() - 1);
        return new UimaServiceException("The UIMA AS service on queue " + queue + " failed on " + what + ": " + root,
                queue, causes);
    }

    /** The serialized bytes of an object message, never turned into objects; inflated within a cap. */
    private static byte[] content(ActiveMQObjectMessage m) throws IOException {
        ByteSequence bytes = m.getContent();
        if (bytes == null) {
            throw new IOException("empty object message");
        }
        byte[] raw = Arrays.copyOfRange(bytes.getData(), bytes.getOffset(), bytes.getOffset() + bytes.getLength());
        return m.isCompressed() ? SerializedThrowables.inflate(raw) : raw;
    }

    private static Map<String, Double> timings(Message m) throws JMSException {
        Map<String, Double> timings = new LinkedHashMap<>();
        for (String[] t : UimaAsProtocol.TIMINGS) {
            if (m.propertyExists(t[0])) {
                timings.put(t[1], m.getLongProperty(t[0]) / 1e6);
            }
        }
        return timings;
    }

    /** The analysed CAS on the exchange: the result as the body, its ids and timings as headers. */
    static void apply(AnalysisResult result, Exchange exchange) {
        exchange.getMessage().setBody(result);
        exchange.getMessage().setHeader(UimaDriverConstants.CAS_REFERENCE_ID, result.casReferenceId());
        exchange.getMessage().setHeader(UimaDriverConstants.CHILD_CAS_COUNT, result.childCasCount());
        if (!result.timings().isEmpty()) {
            exchange.getMessage().setHeader(UimaDriverConstants.SERVICE_TIMINGS, result.timings());
        }
        if (!result.componentTimings().isEmpty()) {
            exchange.getMessage().setHeader(UimaDriverConstants.TIMINGS, result.componentTimings());
        }
    }
}
