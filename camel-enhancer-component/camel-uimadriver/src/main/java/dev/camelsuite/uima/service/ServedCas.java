package dev.camelsuite.uima.service;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.apache.uima.cas.CAS;
import org.apache.uima.cas.Marker;
import org.apache.uima.cas.impl.Serialization;
import org.apache.uima.cas.impl.XmiCasDeserializer;
import org.apache.uima.cas.impl.XmiCasSerializer;
import org.apache.uima.cas.impl.XmiSerializationSharedData;

/**
 * The CAS one service instance reads a request into and writes its reply from, in the serialization the client
 * chose. A client that accepts a delta CAS (the stock client always does) gets back only what the route added or
 * changed, as a stock service sends it: a marker set after reading tells the new from the old, and for XMI the ids
 * the client gave its feature structures are kept so the delta refers to them.
 */
final class ServedCas {

    private final CAS cas;
    private XmiSerializationSharedData xmiIds;
    private Marker marker;
    private boolean binary;

    ServedCas(CAS cas) {
        this.cas = cas;
    }

    CAS cas() {
        return cas;
    }

    /**
     * Reads an XMI request; what the service's type system does not know is kept and sent back as it came. A document
     * type is refused: its entities could name files or expand a few bytes into gigabytes, and XMI has none.
     */
    void readXmi(String xmi, boolean acceptsDelta) throws Exception {
        if (declaresDocumentType(xmi)) {
            throw new IllegalArgumentException("the XMI declares a document type; a CAS from the wire may declare none");
        }
        cas.reset();
        binary = false;
        xmiIds = new XmiSerializationSharedData();
        XmiCasDeserializer.deserialize(new ByteArrayInputStream(xmi.getBytes(StandardCharsets.UTF_8)), cas, true,
                xmiIds, -1);
        marker = acceptsDelta ? cas.createMarker() : null;
    }

    /** Reads a binary request (the uncompressed binary CAS of the client's type system, the service's). */
    void readBinary(byte[] bytes, boolean acceptsDelta) {
        cas.reset();
        binary = true;
        xmiIds = null;
        Serialization.deserializeCAS(cas, new ByteArrayInputStream(bytes));
        marker = acceptsDelta ? cas.createMarker() : null;
    }

    /** Whether the prolog (before the first element) holds a document type declaration. */
    static boolean declaresDocumentType(String xml) {
        int i = 0;
        int n = xml.length();
        while (i < n) {
            char c = xml.charAt(i);
            if (Character.isWhitespace(c) || c == '\uFEFF') {
                i++;
            } else if (xml.startsWith("<?", i)) {
                int end = xml.indexOf("?>", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (xml.startsWith("<!--", i)) {
                int end = xml.indexOf("-->", i + 4);
                i = end < 0 ? n : end + 3;
            } else {
                return xml.startsWith("<!", i);
            }
        }
        return false;
    }

    boolean isBinary() {
        return binary;
    }

    /** Whether the reply is a delta: only when the client accepts one and the marker still holds. */
    boolean sendsDelta() {
        return marker != null && marker.isValid();
    }

    String writeXmi() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(cas.getDocumentText() == null ? 1024
                : cas.getDocumentText().length() + 1024);
        XmiCasSerializer.serialize(cas, cas.getTypeSystem(), out, false, xmiIds, sendsDelta() ? marker : null);
        return out.toString(StandardCharsets.UTF_8);
    }

    byte[] writeBinary() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(cas.getDocumentText() == null ? 1024
                : cas.getDocumentText().length() * 2 + 1024);
        if (sendsDelta()) {
            Serialization.serializeCAS(cas, out, marker);
        } else {
            Serialization.serializeCAS(cas, out);
        }
        return out.toByteArray();
    }

    /** Forgets the request: the next one starts from an empty CAS. */
    void clear() {
        marker = null;
        xmiIds = null;
        cas.reset();
    }
}
