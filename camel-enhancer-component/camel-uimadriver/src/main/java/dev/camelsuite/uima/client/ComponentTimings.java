package dev.camelsuite.uima.client;

import java.io.StringReader;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * The per-component performance metrics a UIMA AS service puts on a Process reply (property
 * {@code CASPerComponentMetrics}: a list of {@code AnalysisEnginePerformanceMetrics}, each with the component's name
 * and its analysis time in milliseconds), as analysis time by component name.
 */
final class ComponentTimings {

    static final String PROPERTY = "CASPerComponentMetrics";
    /** Configured once: it runs on every reply. The service's text, not ours: no document type, no entities. */
    private static final DocumentBuilderFactory FACTORY = factory();

    private ComponentTimings() {
    }

    /** Analysis time in ms by component name, in the service's order; empty when the text cannot be read. */
    static Map<String, Double> parse(String xml) {
        if (xml == null || xml.isBlank()) {
            return Map.of();
        }
        try {
            Element list = FACTORY.newDocumentBuilder().parse(new InputSource(new StringReader(xml)))
                    .getDocumentElement();
            Map<String, Double> times = new LinkedHashMap<>();
            NodeList components = list.getChildNodes();
            for (int i = 0; i < components.getLength(); i++) {
                if (components.item(i) instanceof Element component) {
                    String name = text(component, "name");
                    String time = text(component, "analysisTime");
                    if (name != null && time != null) {
                        times.merge(name, Double.parseDouble(time), Double::sum);
                    }
                }
            }
            return Collections.unmodifiableMap(times);
        } catch (Exception e) {
            return Map.of();
        }
    }

    private static DocumentBuilderFactory factory() {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        try {
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        } catch (javax.xml.parsers.ParserConfigurationException e) {
            throw new IllegalStateException("The XML parser cannot be made safe for the service's metrics", e);
        }
        factory.setExpandEntityReferences(false);
        return factory;
    }

    private static String text(Element parent, String child) {
        NodeList nodes = parent.getElementsByTagName(child);
        return nodes.getLength() == 0 ? null : nodes.item(0).getTextContent().trim();
    }
}
