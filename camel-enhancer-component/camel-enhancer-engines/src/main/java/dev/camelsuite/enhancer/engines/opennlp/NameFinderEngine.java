package dev.camelsuite.enhancer.engines.opennlp;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.engines.LanguageCodes;
import dev.camelsuite.enhancer.engines.TextEngines;
import dev.camelsuite.enhancer.engines.dictionary.DictionaryLinkingEngine;
import dev.camelsuite.enhancer.engines.dictionary.NamedEntityTypes;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import opennlp.tools.namefind.ThreadSafeNameFinderME;
import opennlp.tools.namefind.TokenNameFinderModel;
import opennlp.tools.util.Span;

/**
 * Stanbol's {@code opennlp-ner}: finds the names in a text with OpenNLP name finder models of one's own (a model per
 * kind of name and language, as OpenNLP trains them: {@code en-ner-person.bin} …), sentence by sentence over the
 * {@value TextAnnotation#TOKEN} annotations of an engine before it. Each name is an
 * {@value DictionaryLinkingEngine#ENTITY} annotation — a {@code fise:TextAnnotation} whose {@code dc:type} is the
 * kind of name, mapped as Stanbol maps it: {@code person} to {@code dbpedia-ont:Person}, {@code location} to
 * {@code dbpedia-ont:Place}, {@code organization} to {@code dbpedia-ont:Organisation}; a kind that is an IRI is kept;
 * another kind is written without a type. Its confidence is the model's probability. Names are found, not linked: a
 * linking engine after it says which entity each one is.
 */
public class NameFinderEngine implements EnhancementEngine {

    /** The engine's name; Stanbol's is {@code opennlp-ner}. */
    public static final String NAME = "namefinder";

    /** The kinds of names OpenNLP's models find, as Stanbol types them. */
    public static final Map<String, String> KINDS = Map.of(
            "person", NamedEntityTypes.PERSON,
            "location", NamedEntityTypes.PLACE,
            "place", NamedEntityTypes.PLACE,
            "organization", NamedEntityTypes.ORGANISATION,
            "organisation", NamedEntityTypes.ORGANISATION);

    private final String name;
    private final Map<String, List<ThreadSafeNameFinderME>> finders = new TreeMap<>();

    /**
     * @param models the models by language code ({@code en}, {@code de} …), any number for each
     *               ({@link OpenNlpModels#nameFinderModel} reads one from a file)
     */
    public NameFinderEngine(String name, Map<String, List<TokenNameFinderModel>> models) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("An engine needs a name");
        }
        if (models == null || models.values().stream().allMatch(List::isEmpty)) {
            throw new IllegalArgumentException("Engine '" + name + "' needs at least one name finder model");
        }
        this.name = name;
        models.forEach((language, list) -> {
            List<ThreadSafeNameFinderME> own = new ArrayList<>();
            list.forEach(model -> own.add(new ThreadSafeNameFinderME(model)));
            if (!own.isEmpty()) {
                finders.put(LanguageCodes.normalize(language), List.copyOf(own));
            }
        });
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrder() {
        return EngineOrder.NER;
    }

    /** The languages this engine has models for. */
    public Set<String> getLanguages() {
        return Collections.unmodifiableSet(finders.keySet());
    }

    /** Declines a text without tokens, without a language, or in a language this engine has no model for. */
    @Override
    public CanEnhance canEnhance(ContentItem item) {
        if (SentenceTokens.missing(item)) {
            return CanEnhance.CANNOT;
        }
        return TextEngines.canEnhanceInLanguage(item, finders.keySet());
    }

    @Override
    public String cannotEnhanceReason(ContentItem item) {
        if (SentenceTokens.missing(item)) {
            return "no tokens to find names in: a tokenizer engine runs before engine '" + name + "'";
        }
        return TextEngines.whyNotInLanguage(item, "name finder model", name, finders.keySet());
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        String language = TextEngines.requireLanguage(item, name);
        List<ThreadSafeNameFinderME> models = finders.get(language);
        if (models == null) {
            throw new EngineException("No name finder model for language '" + language + "' is available (engine '"
                                      + name + "' has " + String.join(", ", finders.keySet()) + ")");
        }
        List<List<TextAnnotation>> sentences = SentenceTokens.of(item);
        for (ThreadSafeNameFinderME finder : models) {
            try {
                for (List<TextAnnotation> sentence : sentences) {
                    for (Span found : finder.find(SentenceTokens.words(sentence))) {
                        mention(item, sentence, found);
                    }
                    Cancellation.current().check();
                }
            } finally {
                // what a model learnt of this document (its names seen before) must not reach the next one
                finder.clearAdaptiveData();
            }
        }
    }

    private void mention(ContentItem item, List<TextAnnotation> sentence, Span found) {
        int begin = sentence.get(found.getStart()).getBegin();
        int end = sentence.get(found.getEnd() - 1).getEnd();
        String kind = kindOf(found.getType());
        item.addAnnotation(DictionaryLinkingEngine.ENTITY, begin, end, found.getProb(), name,
                kind == null ? null : Map.of(TextAnnotation.ENTITY_TYPE_FEATURE, kind));
    }

    /** The IRI of a kind of name: Stanbol's DBpedia class, the kind itself when it is an IRI, else none. */
    static String kindOf(String type) {
        if (type == null) {
            return null;
        }
        String known = KINDS.get(type.toLowerCase(Locale.ROOT));
        if (known != null) {
            return known;
        }
        return type.contains("://") ? type : null;
    }

    @Override
    public String toString() {
        return "NameFinderEngine[" + name + ", " + finders.keySet() + "]";
    }
}
