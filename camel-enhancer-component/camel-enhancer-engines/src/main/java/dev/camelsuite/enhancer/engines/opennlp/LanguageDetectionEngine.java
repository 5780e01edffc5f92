package dev.camelsuite.enhancer.engines.opennlp;

import java.util.Objects;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.engines.LanguageCodes;
import dev.camelsuite.enhancer.engines.TextEngines;
import opennlp.tools.langdetect.Language;
import opennlp.tools.langdetect.LanguageDetectorModel;
import opennlp.tools.langdetect.ThreadSafeLanguageDetectorME;

/**
 * Identifies the language of the text with OpenNLP's language detector (103 languages) and states it as a language
 * annotation whose confidence is the model's probability. Where the detector is unsure — a text of a few words, whose
 * likeliest language leads the next by less than {@link #setMinLead minLead} — the text is taken to be in the
 * {@link #setDefaultLanguage default language} (English unless set), stated with the guess's low confidence.
 * <p>
 * A language the caller gave ({@code Content-Language}) wins: the engine does not detect, it records the caller's
 * language as a language annotation with confidence 1.0, as Apache Stanbol's enhancer does for
 * {@code Content-Language}, so that it shows in the results like a detected one.
 */
public class LanguageDetectionEngine implements EnhancementEngine {

    /** The name the default chain uses. */
    public static final String NAME = "langid";
    /** Default of {@link #setDefaultLanguage(String)}. */
    public static final String DEFAULT_LANGUAGE = "en";
    /** Default of {@link #setMinLead(double)}. */
    public static final double DEFAULT_MIN_LEAD = 1.1;
    /** Default of {@link #setProbeLength(int)}. */
    public static final int DEFAULT_PROBE_LENGTH = 4000;

    private final String name;
    private final ThreadSafeLanguageDetectorME detector;
    private int maxSuggestedLanguages = 1;
    private int probeLength = DEFAULT_PROBE_LENGTH;
    private String defaultLanguage = DEFAULT_LANGUAGE;
    private double minLead = DEFAULT_MIN_LEAD;

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
    public String cannotEnhanceReason(ContentItem item) {
        return "the item has no text";
    }

    @Override
    public void computeEnhancements(ContentItem item) {
        String known = item.getLanguage();
        if (known != null) {
            recordKnown(item, known);
            return;
        }
        Language[] languages = detector.predictLanguages(probe(item.getText()));
        if (defaultLanguage != null && isUnsure(languages)) {
            // a short or mixed text: the guess is no better than the next one, so the text is taken to be in the
            // default language, stated with the confidence the guess had
            item.addLanguage(defaultLanguage, clamp(languages[0].getConfidence()), name);
            return;
        }
        for (int i = 0; i < Math.min(maxSuggestedLanguages, languages.length); i++) {
            Language language = languages[i];
            item.addLanguage(LanguageCodes.normalize(language.getLang()), clamp(language.getConfidence()), name);
        }
    }

    /** Whether the likeliest language is less than {@link #getMinLead() minLead} times as likely as the next one. */
    private boolean isUnsure(Language[] languages) {
        return languages.length == 0
               || languages.length > 1 && languages[0].getConfidence() < minLead * languages[1].getConfidence();
    }

    /** The caller's language (or one an earlier engine stated) becomes an annotation unless one states it already. */
    private void recordKnown(ContentItem item, String known) {
        for (TextAnnotation a : item.getAnnotationsOfType(TextAnnotation.LANGUAGE)) {
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

    public String getDefaultLanguage() {
        return defaultLanguage;
    }

    /**
     * The language a text is taken to be in when the detector is unsure of it (default {@value #DEFAULT_LANGUAGE}):
     * a text of a few words, or of several languages. It is stated as the text's language with the confidence the
     * detector's guess had. Null keeps the guess however unsure.
     */
    public void setDefaultLanguage(String defaultLanguage) {
        this.defaultLanguage = defaultLanguage == null || defaultLanguage.isBlank() ? null
                : LanguageCodes.normalize(defaultLanguage);
    }

    public double getMinLead() {
        return minLead;
    }

    /**
     * How many times likelier than the next language the likeliest must be for the detector to be sure (default
     * {@value #DEFAULT_MIN_LEAD}). OpenNLP's probabilities are spread over 103 languages, so they are small even for a
     * clear text (0.04 for a sentence of English) and it is their ratio that tells: a clear sentence leads by 2 to 6
     * times, a text of two to six words by 1.0 to 1.2, and the guesses below 1.1 are as often wrong as right
     * ("Angela Merkel met Emmanuel Macron in Paris." leads as Dutch by 1.05, "Hello Paris" as Minangkabau by 1.09).
     */
    public void setMinLead(double minLead) {
        if (!(minLead >= 1)) {
            throw new IllegalArgumentException("minLead must be at least 1 but was " + minLead);
        }
        this.minLead = minLead;
    }

    @Override
    public String toString() {
        return "LanguageDetectionEngine[" + name + "]";
    }
}
