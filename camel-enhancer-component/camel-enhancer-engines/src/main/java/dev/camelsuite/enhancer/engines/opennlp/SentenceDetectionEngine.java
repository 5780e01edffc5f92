package dev.camelsuite.enhancer.engines.opennlp;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.engines.LanguageCodes;
import dev.camelsuite.enhancer.engines.TextEngines;
import opennlp.tools.sentdetect.SentenceModel;
import opennlp.tools.sentdetect.ThreadSafeSentenceDetectorME;
import opennlp.tools.util.Span;

/**
 * Marks the sentences of the text ({@value #SENTENCE} annotations) with an OpenNLP sentence model of the item's
 * language; each sentence's confidence is the model's probability for its end. A text in a language without a model,
 * or whose language nobody knows, is declined ("cannot enhance: no sentence model for language 'xx' …"), so the
 * chain goes on; called directly on such a text, the engine fails: "No sentence model for language 'xx' is
 * available".
 */
public class SentenceDetectionEngine implements EnhancementEngine {

    /** The name the default chain uses. */
    public static final String NAME = "sentences";
    /** Type of the annotations this engine adds. */
    public static final String SENTENCE = TextAnnotation.SENTENCE;

    private final String name;
    private final Map<String, ThreadSafeSentenceDetectorME> detectors = new TreeMap<>();

    /** The engine {@value #NAME} with this module's models: English, German, French. */
    public SentenceDetectionEngine() {
        this(NAME, OpenNlpModels.sentenceModels());
    }

    /** An engine with models of your own, by language code ({@code en}, {@code pt-BR} is read as {@code pt}). */
    public SentenceDetectionEngine(String name, Map<String, SentenceModel> models) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("An engine needs a name");
        }
        if (models == null || models.isEmpty()) {
            throw new IllegalArgumentException("Engine '" + name + "' needs at least one sentence model");
        }
        this.name = name;
        models.forEach((language, model) -> detectors.put(LanguageCodes.normalize(language),
                new ThreadSafeSentenceDetectorME(model)));
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrder() {
        return EngineOrder.SENTENCE_DETECTION;
    }

    /** The languages this engine has a model for. */
    public Set<String> getLanguages() {
        return Collections.unmodifiableSet(detectors.keySet());
    }

    /** Declines a text without a language or in a language this engine has no model for. */
    @Override
    public CanEnhance canEnhance(ContentItem item) {
        return TextEngines.canEnhanceInLanguage(item, detectors.keySet());
    }

    @Override
    public String cannotEnhanceReason(ContentItem item) {
        return TextEngines.whyNotInLanguage(item, "sentence model", name, detectors.keySet());
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        String language = TextEngines.requireLanguage(item, name);
        ThreadSafeSentenceDetectorME detector = detectors.get(language);
        if (detector == null) {
            throw new EngineException("No sentence model for language '" + language + "' is available (engine '"
                                      + name + "' has " + String.join(", ", detectors.keySet()) + ")");
        }
        // a run longer than any word is hidden from the model, which would weigh each full stop in it at length
        String text = item.getText();
        Span[] sentences = detector.sentPosDetect(LongTokens.masked(text, LongTokens.of(text, LongTokens.DEFAULT_MAX)));
        double[] probabilities = detector.getSentenceProbabilities();
        Cancellation.current().check();
        for (int i = 0; i < sentences.length; i++) {
            double p = i < probabilities.length ? probabilities[i] : 1.0;
            item.addAnnotation(SENTENCE, sentences[i].getStart(), sentences[i].getEnd(), p, name, null);
        }
    }

    @Override
    public String toString() {
        return "SentenceDetectionEngine[" + name + ", " + detectors.keySet() + "]";
    }
}
