package dev.camelsuite.enhancer.engines.opennlp;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.engines.LanguageCodes;
import dev.camelsuite.enhancer.engines.TextEngines;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import opennlp.tools.postag.POSModel;
import opennlp.tools.postag.ThreadSafePOSTaggerME;
import opennlp.tools.util.Sequence;

/**
 * Stanbol's {@code opennlp-pos}: tags each token of the text ({@value TextAnnotation#TOKEN} annotations, from a
 * tokenizer engine before it) with its part of speech, sentence by sentence, with an OpenNLP model of the item's
 * language. Each tag is a {@value TextAnnotation#POS} annotation over the token's span, the tag its
 * {@value TextAnnotation#POS_TAG_FEATURE} feature and the model's probability its confidence: part of the NLP
 * analysis (in NIF, the word's {@code nif:posTag}), not an enhancement. This module's models (English, German,
 * French) are trained on Universal Dependencies treebanks, so the tags are UD's. A text without tokens, or in a
 * language without a model, is declined.
 */
public class PosTaggingEngine implements EnhancementEngine {

    /** The engine's name; Stanbol's is {@code opennlp-pos}. */
    public static final String NAME = "pos";

    private final String name;
    private final Map<String, ThreadSafePOSTaggerME> taggers = new TreeMap<>();

    /** The engine {@value #NAME} with this module's models: English, German, French. */
    public PosTaggingEngine() {
        this(NAME, OpenNlpModels.posModels());
    }

    /** An engine with models of your own, by language code. */
    public PosTaggingEngine(String name, Map<String, POSModel> models) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("An engine needs a name");
        }
        if (models == null || models.isEmpty()) {
            throw new IllegalArgumentException("Engine '" + name + "' needs at least one part-of-speech model");
        }
        this.name = name;
        models.forEach((language, model) -> taggers.put(LanguageCodes.normalize(language),
                new ThreadSafePOSTaggerME(model)));
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrder() {
        return EngineOrder.POS_TAGGING;
    }

    /** The languages this engine has a model for. */
    public Set<String> getLanguages() {
        return Collections.unmodifiableSet(taggers.keySet());
    }

    /** Declines a text without tokens, without a language, or in a language this engine has no model for. */
    @Override
    public CanEnhance canEnhance(ContentItem item) {
        if (SentenceTokens.missing(item)) {
            return CanEnhance.CANNOT;
        }
        return TextEngines.canEnhanceInLanguage(item, taggers.keySet());
    }

    @Override
    public String cannotEnhanceReason(ContentItem item) {
        if (SentenceTokens.missing(item)) {
            return "no tokens to tag: a tokenizer engine runs before engine '" + name + "'";
        }
        return TextEngines.whyNotInLanguage(item, "part-of-speech model", name, taggers.keySet());
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        String language = TextEngines.requireLanguage(item, name);
        ThreadSafePOSTaggerME tagger = taggers.get(language);
        if (tagger == null) {
            throw new EngineException("No part-of-speech model for language '" + language + "' is available (engine '"
                                      + name + "' has " + String.join(", ", taggers.keySet()) + ")");
        }
        for (List<TextAnnotation> sentence : SentenceTokens.of(item)) {
            String[] words = SentenceTokens.words(sentence);
            // the likeliest sequence of tags, with each tag's probability (one decoding of the sentence)
            Sequence best = tagger.topKSequences(words)[0];
            List<String> tags = best.getOutcomes();
            double[] probabilities = best.getProbs();
            Cancellation.current().check();
            for (int i = 0; i < tags.size(); i++) {
                TextAnnotation token = sentence.get(i);
                item.addAnnotation(TextAnnotation.POS, token.getBegin(), token.getEnd(),
                        i < probabilities.length ? probabilities[i] : 1.0, name,
                        Map.of(TextAnnotation.POS_TAG_FEATURE, tags.get(i)));
            }
        }
    }

    @Override
    public String toString() {
        return "PosTaggingEngine[" + name + ", " + taggers.keySet() + "]";
    }
}
