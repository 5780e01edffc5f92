package dev.camelsuite.uima.testservice;

import java.util.regex.Pattern;

import org.apache.uima.analysis_component.CasAnnotator_ImplBase;
import org.apache.uima.analysis_engine.AnalysisEngineProcessException;
import org.apache.uima.cas.CAS;
import org.apache.uima.cas.Feature;
import org.apache.uima.cas.Type;
import org.apache.uima.cas.TypeSystem;
import org.apache.uima.cas.text.AnnotationFS;

/**
 * Labels the whole document: {@code invoice} when it contains the word "invoice" (any case),
 * {@code letter} when it contains "Dear", {@code other} otherwise. The label goes into one
 * {@code dev.camelsuite.uima.testservice.DocumentClass} annotation covering the document.
 *
 * <p>Uses the plain CAS API, so no generated JCas classes are needed for the type.
 */
public class DocumentClassifier extends CasAnnotator_ImplBase {

    public static final String TYPE_NAME = "dev.camelsuite.uima.testservice.DocumentClass";
    public static final String LABEL_FEATURE = "label";

    private static final Pattern INVOICE = Pattern.compile("\\binvoice\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern LETTER = Pattern.compile("\\bDear\\b");

    private Type documentClass;
    private Feature label;

    @Override
    public void typeSystemInit(TypeSystem typeSystem) throws AnalysisEngineProcessException {
        documentClass = typeSystem.getType(TYPE_NAME);
        if (documentClass == null) {
            throw new AnalysisEngineProcessException(
                    new IllegalStateException("type " + TYPE_NAME + " is missing from the type system"));
        }
        label = documentClass.getFeatureByBaseName(LABEL_FEATURE);
    }

    @Override
    public void process(CAS cas) throws AnalysisEngineProcessException {
        String text = cas.getDocumentText() == null ? "" : cas.getDocumentText();
        AnnotationFS annotation = cas.createAnnotation(documentClass, 0, text.length());
        annotation.setStringValue(label, classify(text));
        cas.addFsToIndexes(annotation);
    }

    static String classify(String text) {
        if (INVOICE.matcher(text).find()) {
            return "invoice";
        }
        if (LETTER.matcher(text).find()) {
            return "letter";
        }
        return "other";
    }
}
