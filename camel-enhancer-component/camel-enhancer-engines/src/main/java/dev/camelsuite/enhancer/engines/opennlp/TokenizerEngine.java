package dev.camelsuite.enhancer.engines.opennlp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.engines.LanguageCodes;
import dev.camelsuite.enhancer.engines.TextEngines;
import opennlp.tools.tokenize.SimpleTokenizer;
import opennlp.tools.tokenize.ThreadSafeTokenizerME;
import opennlp.tools.tokenize.TokenizerModel;
import opennlp.tools.util.Span;

/**
 * Marks the tokens of the text ({@value #TOKEN} annotations) with an OpenNLP tokenizer model of the item's language,
 * sentence by sentence when the item has {@value SentenceDetectionEngine#SENTENCE} annotations; each token's confidence
 * is the model's probability.
 * <p>
 * Languages without a model can be split by rules instead: OpenNLP's {@link SimpleTokenizer} (a token is a run of
 * letters, of digits, or one other character), with elided words such as French {@code l'} and {@code qu'} kept whole.
 * Rule-based tokens have confidence 1.0. By default French is split by rules, since no French tokenizer model is
 * published with the others. A text in any other language, or in an unknown one, is declined ("cannot enhance: no
 * tokenizer model for language 'xx' …"); called directly on it, the engine fails: "No tokenizer model for language
 * 'xx' is available".
 */
public class TokenizerEngine implements EnhancementEngine {

    /** The name the default chain uses. */
    public static final String NAME = "tokens";
    /** Type of the annotations this engine adds. */
    public static final String TOKEN = TextAnnotation.TOKEN;

    private static final Set<String> WHOLE_WORDS_WITH_APOSTROPHE = Set.of("aujourd'hui", "aujourd’hui",
            "prud'homme", "prud’homme", "presqu'île", "presqu’île");

    private final String name;
    private final Map<String, ThreadSafeTokenizerME> tokenizers = new TreeMap<>();
    private final Set<String> ruleBased = new TreeSet<>();
    /** Every language this engine tokenizes, by model or by rules: fixed once the engine is made. */
    private final Set<String> languages;
    private int maxTokenLength = LongTokens.DEFAULT_MAX;

    /** The engine {@value #NAME} with this module's models (English, German) and French by rules. */
    public TokenizerEngine() {
        this(NAME, OpenNlpModels.tokenizerModels(), Set.of("fr"));
    }

    /**
     * An engine with models of your own by language code, and the languages to split by rules (a language with a
     * model is split by its model).
     */
    public TokenizerEngine(String name, Map<String, TokenizerModel> models, Set<String> ruleBasedLanguages) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("An engine needs a name");
        }
        this.name = name;
        if (models != null) {
            models.forEach((language, model) -> tokenizers.put(LanguageCodes.normalize(language),
                    new ThreadSafeTokenizerME(model)));
        }
        if (ruleBasedLanguages != null) {
            ruleBasedLanguages.forEach(language -> ruleBased.add(LanguageCodes.normalize(language)));
        }
        if (tokenizers.isEmpty() && ruleBased.isEmpty()) {
            throw new IllegalArgumentException("Engine '" + name + "' needs a tokenizer model or a language to split"
                                               + " by rules");
        }
        Set<String> known = new TreeSet<>(tokenizers.keySet());
        known.addAll(ruleBased);
        this.languages = Collections.unmodifiableSet(known);
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrder() {
        return EngineOrder.TOKENIZING;
    }

    public int getMaxTokenLength() {
        return maxTokenLength;
    }

    /**
     * The longest run of text without white space the model splits (default {@value LongTokens#DEFAULT_MAX}): a
     * longer one is one token, with confidence 1.0. The model looks at the whole run for each position in it, and a
     * run of 400,000 letters would hold a core for minutes.
     */
    public void setMaxTokenLength(int maxTokenLength) {
        LongTokens.checkMax(maxTokenLength);
        this.maxTokenLength = maxTokenLength;
    }

    /** The languages this engine tokenizes with a model. */
    public Set<String> getModelLanguages() {
        return Collections.unmodifiableSet(tokenizers.keySet());
    }

    /** The languages this engine splits by rules. */
    public Set<String> getRuleBasedLanguages() {
        return Collections.unmodifiableSet(ruleBased);
    }

    /** Declines a text without a language or in a language this engine neither has a model for nor splits by rules. */
    @Override
    public CanEnhance canEnhance(ContentItem item) {
        return TextEngines.canEnhanceInLanguage(item, languages);
    }

    @Override
    public String cannotEnhanceReason(ContentItem item) {
        return TextEngines.whyNotInLanguage(item, "tokenizer model", name, languages);
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        String language = TextEngines.requireLanguage(item, name);
        ThreadSafeTokenizerME tokenizer = tokenizers.get(language);
        if (tokenizer == null && !ruleBased.contains(language)) {
            throw new EngineException("No tokenizer model for language '" + language + "' is available (engine '"
                                      + name + "' has " + String.join(", ", languages) + ")");
        }
        String text = item.getText();
        List<TextAnnotation> sentences = item.getAnnotationsOfType(SentenceDetectionEngine.SENTENCE);
        if (sentences.isEmpty()) {
            tokenize(item, tokenizer, text, 0);
        } else {
            // a text of many sentences may outlast its chain: stop between sentences once the run is cancelled
            Cancellation cancellation = Cancellation.current();
            for (TextAnnotation sentence : sentences) {
                cancellation.check();
                tokenize(item, tokenizer, sentence.getCoveredText(), sentence.getBegin());
            }
        }
    }

    private void tokenize(ContentItem item, ThreadSafeTokenizerME tokenizer, String text, int offset) {
        List<Span> longRuns = tokenizer == null ? List.of() : LongTokens.of(text, maxTokenLength);
        if (!longRuns.isEmpty()) {
            // the text between long runs goes to the model; each long run is one token
            int from = 0;
            for (Span run : longRuns) {
                tokenize(item, tokenizer, text.substring(from, run.getStart()), offset + from);
                item.addAnnotation(TOKEN, offset + run.getStart(), offset + run.getEnd(), 1.0, name, null);
                from = run.getEnd();
            }
            tokenize(item, tokenizer, text.substring(from), offset + from);
            return;
        }
        if (tokenizer != null) {
            Span[] tokens = tokenizer.tokenizePos(text);
            double[] probabilities = tokenizer.getProbabilities();
            for (int i = 0; i < tokens.length; i++) {
                double p = i < probabilities.length ? Math.max(0, Math.min(1, probabilities[i])) : 1.0;
                item.addAnnotation(TOKEN, offset + tokens[i].getStart(), offset + tokens[i].getEnd(), p, name, null);
            }
        } else {
            for (Span token : splitByRules(text)) {
                item.addAnnotation(TOKEN, offset + token.getStart(), offset + token.getEnd(), 1.0, name, null);
            }
        }
    }

    /** {@link SimpleTokenizer}'s tokens, with a word and the apostrophe right after it joined when a letter follows. */
    static List<Span> splitByRules(String text) {
        Span[] simple = SimpleTokenizer.INSTANCE.tokenizePos(text);
        List<Span> tokens = new ArrayList<>(simple.length);
        for (int i = 0; i < simple.length; i++) {
            Span t = simple[i];
            if (i + 2 < simple.length && isLetters(text, t) && isApostrophe(text, simple[i + 1])
                && simple[i + 1].getStart() == t.getEnd() && simple[i + 2].getStart() == simple[i + 1].getEnd()
                && isLetters(text, simple[i + 2])) {
                String whole = text.substring(t.getStart(), simple[i + 2].getEnd()).toLowerCase(Locale.ROOT);
                if (WHOLE_WORDS_WITH_APOSTROPHE.contains(whole)) {
                    tokens.add(new Span(t.getStart(), simple[i + 2].getEnd()));
                    i += 2;
                } else {
                    tokens.add(new Span(t.getStart(), simple[i + 1].getEnd()));
                    i += 1;
                }
            } else {
                tokens.add(t);
            }
        }
        return tokens;
    }

    private static boolean isLetters(String text, Span span) {
        return Character.isLetter(text.charAt(span.getStart()));
    }

    private static boolean isApostrophe(String text, Span span) {
        char c = text.charAt(span.getStart());
        return span.length() == 1 && (c == '\'' || c == '’');
    }

    @Override
    public String toString() {
        return "TokenizerEngine[" + name + ", models " + tokenizers.keySet() + ", rules " + ruleBased + "]";
    }
}
