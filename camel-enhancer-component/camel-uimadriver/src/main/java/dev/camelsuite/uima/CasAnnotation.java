package dev.camelsuite.uima;

import java.util.Map;

/**
 * An annotation of the analysed CAS, as the route sees it.
 *
 * @param type        the UIMA type name, e.g. {@code org.apache.uima.tutorial.RoomNumber}
 * @param coveredText the document text between begin and end
 * @param features    the type's own features (not sofa, begin, end): primitive values as their Java value (arrays of
 *                    primitives as lists), references to other feature structures as the referenced type's name
 */
public record CasAnnotation(String type, int begin, int end, String coveredText, Map<String, Object> features) {

    /** A feature's value, or null. */
    public Object feature(String name) {
        return features.get(name);
    }
}
