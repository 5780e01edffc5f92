package dev.camelsuite.enhancer.engines.opennlp;

import java.util.Objects;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.engine.CanEnhance;
import dev.camelsuite.enhancer.engine.EngineOrder;
import dev.camelsuite.enhancer.engine.EnhancementEngine;
import dev.camelsuite.enhancer.engines.LanguageCodes;
import dev.camelsuite.enhancer.engines.TextEngines;
import opennlp.tools.langdetect.Language;
import opennlp.tools.langdetect.LanguageDetectorModel;
import opennlp.tools.langdetect.ThreadSafeLanguageDetectorME;

/**
 * Identifies the language of the text with OpenNLP's language detector (103 languages) and states it as a language
 * annotation whose confidence is the model's probability.
 * <p>
 * A language the caller gave ({@code Content-Language}) wins: the engine does not detect, it records the caller's
 * language as a language annotation with confidence 1.0, as Apache Stanbol's enhancer does for
 * {@code Content-Language}, so that it shows in the results like a detected one.
 */
public class LanguageDetectionEngine implements EnhancementEngine {

    /** The name the default chain uses. */
    public static final String NAME = "langid";
    /** Default of {@link #setProbeLength(int)}. */
    public static final int DEFAULT_PROBE_LENGTH = 4000;

    private final String name;
    private final ThreadSafeLanguageDetectorME detector;
    private int maxSuggestedLanguages = 1;
    private int probeLength = DEFAULT_PROBE_LENGTH;

    /** The engine {@value #NAME} with the model of {@code opennlp-models-langdetect}. */
    public LanguageDetectionEngine() {
        this(NAME, OpenNlpModels.languageDetector());
    }

    public LanguageDetectionEngine(String name, LanguageDetectorModel model) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("An engine needs a name");
        }
        this.name = name;
        this.detector = new ThreadSafeLanguageDetectorME(Objects.requireNonNull(model, "model"));
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrder() {
        return EngineOrder.LANGUAGE_DETECTION;
    }

    @Override
    public CanEnhance canEnhance(ContentItem item) {
        return TextEngines.canEnhanceText(item);
    }

    @Override
    public void computeEnhancements(ContentItem item) {
        String known = item.getLanguage();
        if (known != null) {
            recordKnown(item, known);
            return;
        }
        Language[] languages = detector.predictLanguages(probe(item.getText()));
        for (int i = 0; i < Math.min(maxSuggestedLanguages, languages.length); i++) {
            Language language = languages[i];
            item.addLanguage(LanguageCodes.normalize(language.getLang()), clamp(language.getConfidence()), name);
        }
    }

    /** The caller's language (or one an earlier engine stated) becomes an annotation unless one states it already. */
    private void recordKnown(ContentItem item, String known) {
        for (TextAnnotation a : item.getAnnotations(TextAnnotation.LANGUAGE)) {
            if (known.equals(a.getFeature(TextAnnotation.LANGUAGE_FEATURE))) {
                return;
            }
        }
        item.addLanguage(known, 1.0, name);
    }

    /** Stanbol's probe: a long text is judged by a piece from its middle, which skips titles and boilerplate. */
    private CharSequence probe(String text) {
        if (probeLength <= 0 || text.length() <= probeLength) {
            return text;
        }
        int start = text.length() / 2 - probeLength / 2;
        return text.subSequence(start, start + probeLength);
    }

    private static double clamp(double p) {
        return Math.max(0, Math.min(1, p));
    }

    public int getMaxSuggestedLanguages() {
        return maxSuggestedLanguages;
    }

    /** How many languages to state, most probable first (default 1); the item's language is the most probable. */
    public void setMaxSuggestedLanguages(int maxSuggestedLanguages) {
        if (maxSuggestedLanguages < 1) {
            throw new IllegalArgumentException("maxSuggestedLanguages must be at least 1 but was "
                                               + maxSuggestedLanguages);
        }
        this.maxSuggestedLanguages = maxSuggestedLanguages;
    }

    public int getProbeLength() {
        return probeLength;
    }

    /**
     * How many characters from the middle of a longer text to judge it by (default {@value #DEFAULT_PROBE_LENGTH}); 0
     * or less judges the whole text. Detection time grows with the length judged.
     */
    public void setProbeLength(int probeLength) {
        this.probeLength = probeLength;
    }

    @Override
    public String toString() {
        return "LanguageDetectionEngine[" + name + "]";
    }
}
