package dev.camelsuite.uima;

import java.util.List;
import java.util.Map;

/**
 * The analysed CAS a UIMA AS service sent back: the body of the exchange after {@code uimadriver:}. Converting it to
 * {@code String} gives the XMI.
 *
 * @param casReferenceId  the reference id the CAS was sent with
 * @param xmi             the returned CAS as XMI
 * @param annotations     its annotations in index order (the document annotation left out)
 * @param childCasCount   how many child CASes a CAS multiplier in the service produced
 * @param childAnnotations the annotations of each child CAS, when the endpoint's {@code childAnnotations} is on
 * @param timings         what the service reported, in milliseconds by name (serialize, deserialize, waitingForCas,
 *                        process, idle, service, analytic)
 * @param componentTimings the analysis time of each component of the service, in milliseconds by name
 */
public record AnalysisResult(String casReferenceId, String xmi, List<CasAnnotation> annotations, int childCasCount,
                             List<List<CasAnnotation>> childAnnotations, Map<String, Double> timings,
                             Map<String, Double> componentTimings) {

    /** The annotations of one type (its full name). */
    public List<CasAnnotation> annotations(String type) {
        return annotations.stream().filter(a -> a.type().equals(type)).toList();
    }

    /** The first annotation of a type, or null: convenient for document-level results such as a class. */
    public CasAnnotation first(String type) {
        return annotations.stream().filter(a -> a.type().equals(type)).findFirst().orElse(null);
    }

    @Override
    public String toString() {
        return xmi;
    }
}
