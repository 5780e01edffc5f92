package dev.camelsuite.uima.client;

import dev.camelsuite.uima.CasAnnotation;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.uima.cas.CAS;
import org.apache.uima.cas.CommonArrayFS;
import org.apache.uima.cas.Feature;
import org.apache.uima.cas.FeatureStructure;
import org.apache.uima.cas.Type;
import org.apache.uima.cas.impl.XmiCasDeserializer;
import org.apache.uima.cas.impl.XmiCasSerializer;
import org.apache.uima.cas.text.AnnotationFS;

/** CASes to and from the XMI the service speaks, and a CAS's annotations as the route sees them. */
public final class XmiCas {

    private static final String DOCUMENT_ANNOTATION = "uima.tcas.DocumentAnnotation";

    private XmiCas() {
    }

    /** The XMI of a CAS holding only a document text. */
    public static String document(CAS cas, String text) throws Exception {
        cas.reset();
        cas.setDocumentText(text);
        ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() + 512);
        XmiCasSerializer.serialize(cas, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** Reads an XMI into the (reset) CAS, leniently: what the type system does not know is left out. */
    static void read(String xmi, CAS cas) throws Exception {
        cas.reset();
        XmiCasDeserializer.deserialize(new ByteArrayInputStream(xmi.getBytes(StandardCharsets.UTF_8)), cas, true);
    }

    /** The annotations of the CAS in index order, without the document annotation. */
    static List<CasAnnotation> annotations(CAS cas) {
        List<CasAnnotation> annotations = new ArrayList<>();
        for (AnnotationFS a : cas.getAnnotationIndex()) {
            Type type = a.getType();
            if (DOCUMENT_ANNOTATION.equals(type.getName())) {
                continue;
            }
            annotations.add(new CasAnnotation(type.getName(), a.getBegin(), a.getEnd(), a.getCoveredText(),
                    features(a)));
        }
        return Collections.unmodifiableList(annotations);
    }

    private static Map<String, Object> features(AnnotationFS a) {
        Map<String, Object> features = new LinkedHashMap<>();
        for (Feature f : a.getType().getFeatures()) {
            String name = f.getShortName();
            if (name.equals("sofa") || name.equals("begin") || name.equals("end")) {
                continue;
            }
            features.put(name, value(a, f));
        }
        return Collections.unmodifiableMap(features);
    }

    private static Object value(FeatureStructure fs, Feature f) {
        Type range = f.getRange();
        if (range.isPrimitive()) {
            return switch (range.getName()) {
                case CAS.TYPE_NAME_INTEGER -> fs.getIntValue(f);
                case CAS.TYPE_NAME_FLOAT -> fs.getFloatValue(f);
                case CAS.TYPE_NAME_DOUBLE -> fs.getDoubleValue(f);
                case CAS.TYPE_NAME_LONG -> fs.getLongValue(f);
                case CAS.TYPE_NAME_SHORT -> fs.getShortValue(f);
                case CAS.TYPE_NAME_BYTE -> fs.getByteValue(f);
                case CAS.TYPE_NAME_BOOLEAN -> fs.getBooleanValue(f);
                default -> fs.getStringValue(f); // string and its subtypes
            };
        }
        FeatureStructure target = fs.getFeatureValue(f);
        if (target == null) {
            return null;
        }
        if (target instanceof CommonArrayFS<?> array && target.getType().getComponentType() != null
            && target.getType().getComponentType().isPrimitive()) {
            return List.of(array.toStringArray());
        }
        return target.getType().getName();
    }
}
