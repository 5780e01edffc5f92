package dev.camelsuite.uima.testservice;

import org.apache.uima.analysis_component.CasAnnotator_ImplBase;
import org.apache.uima.analysis_engine.AnalysisEngineProcessException;
import org.apache.uima.cas.CAS;

/**
 * Fails on purpose, so that clients can be tested against a real UIMA AS error reply (Payload 1003,
 * a serialized {@code UimaEEServiceException}). A document containing {@value #TRIGGER} fails, one
 * containing {@value #SLOW} is slow; any other document passes unchanged.
 *
 * <p>The text {@value #MESSAGE} reaches the client twice: UIMA AS wraps the exception in a
 * {@code UimaEEServiceException} whose message is this exception's {@code toString()}, computed in the
 * service where our message bundle resolves; and the cause is a plain {@link IllegalStateException},
 * which any client can deserialize and read, unlike UIMA's own exceptions whose message is a bundle key.
 */
public class FailingAnnotator extends CasAnnotator_ImplBase {

    public static final String TRIGGER = "FAIL";
    public static final String MESSAGE = "Deliberate failure: the document contains " + TRIGGER;
    /** A document containing this takes {@value #SLOW_MILLIS} ms, so that clients can test their timeouts. */
    public static final String SLOW = "SLOW";
    public static final long SLOW_MILLIS = 3000;

    private static final String BUNDLE = "dev.camelsuite.uima.testservice.TestServiceMessages";

    @Override
    public void process(CAS cas) throws AnalysisEngineProcessException {
        String text = cas.getDocumentText();
        if (text != null && text.contains(SLOW)) {
            try {
                Thread.sleep(SLOW_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (text != null && text.contains(TRIGGER)) {
            throw new AnalysisEngineProcessException(BUNDLE, "deliberate_failure", new Object[] {TRIGGER},
                    new IllegalStateException(MESSAGE));
        }
    }
}
