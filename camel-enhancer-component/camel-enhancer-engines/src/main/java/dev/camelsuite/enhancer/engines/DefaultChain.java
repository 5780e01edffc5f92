package dev.camelsuite.enhancer.engines;

import java.util.ArrayList;
import java.util.List;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.chain.ChainType;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.engines.dereference.EntityDereferenceEngine;
import dev.camelsuite.enhancer.engines.dictionary.DictionaryLinkingEngine;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.engines.opennlp.LanguageDetectionEngine;
import dev.camelsuite.enhancer.engines.opennlp.SentenceDetectionEngine;
import dev.camelsuite.enhancer.engines.opennlp.TokenizerEngine;
import dev.camelsuite.enhancer.engines.tika.TikaEngine;
import org.apache.camel.spi.Registry;

/**
 * The ready {@code default} chain and its engines, in one call: a list chain
 * <pre>
 * tika (optional) ──► langid ──► sentences ──► tokens ──► ner (optional) ──► dereference (optional)
 * </pre>
 * {@code tika} turns a document (HTML, PDF, Word …) into text and passes plain text by, as in Stanbol's default chain;
 * {@code langid} identifies the language (the caller's wins), {@code sentences} and {@code tokens} split the text with
 * the OpenNLP models of that language, and, when a vocabulary is given, {@code ner} finds and links its entities and
 * {@code dereference} adds what the vocabulary says of each linked entity, as Stanbol's default chain ends with its
 * dereference engine. Both are optional: a language the vocabulary has no labels for is recorded as a skipped engine,
 * and the chain completes.
 * (A list rather than a graph with NER beside sentences and tokens: NER takes a few microseconds, less than handing it
 * to another thread costs; see docs/benchmarks.md.)
 * <p>
 * Every engine is made with {@code new}, its models read by resource name: no reflection, no class path scanning.
 */
public final class DefaultChain {

    /** The name of the chain, Stanbol's default chain. */
    public static final String NAME = Chain.DEFAULT;

    private DefaultChain() {
    }

    /** The chain's elements in line syntax, as a {@code ChainDefinition} of type {@code list} lists them. */
    public static List<String> elements(boolean withNer) {
        List<String> elements = new ArrayList<>(List.of(TikaEngine.NAME + ";optional", LanguageDetectionEngine.NAME,
                SentenceDetectionEngine.NAME, TokenizerEngine.NAME));
        if (withNer) {
            elements.add(DictionaryLinkingEngine.NAME + ";optional");
            elements.add(EntityDereferenceEngine.NAME + ";optional");
        }
        return elements;
    }

    /** The chain {@value #NAME}, with or without the {@code ner} and {@code dereference} engines. */
    public static Chain chain(boolean withNer) {
        return new Chain(NAME, ChainType.LIST, elements(withNer));
    }

    /**
     * New engines for the chain: documents to text, language identification, sentences, tokens, and NER and
     * dereferencing over the vocabulary when it is not null. The OpenNLP models are loaded once and shared by every
     * engine made here.
     */
    public static List<EnhancementEngine> engines(Vocabulary vocabulary) {
        List<EnhancementEngine> engines = new ArrayList<>(6);
        engines.add(new TikaEngine());
        engines.add(new LanguageDetectionEngine());
        engines.add(new SentenceDetectionEngine());
        engines.add(new TokenizerEngine());
        if (vocabulary != null) {
            engines.add(new DictionaryLinkingEngine(DictionaryLinkingEngine.NAME, vocabulary));
            engines.add(new EntityDereferenceEngine(vocabulary));
        }
        return engines;
    }

    /**
     * Binds the engines under their names and the chain under {@value #NAME}, e.g. in
     * {@code context.getRegistry()}; {@code vocabulary} may be null (no NER, no dereferencing).
     */
    public static void bind(Registry registry, Vocabulary vocabulary) {
        for (EnhancementEngine engine : engines(vocabulary)) {
            registry.bind(engine.getName(), engine);
        }
        registry.bind(NAME, chain(vocabulary != null));
    }

    /** Adds the engines and the chain to an enhancer component; {@code vocabulary} may be null (no NER). */
    public static EnhancerComponent addTo(EnhancerComponent component, Vocabulary vocabulary) {
        for (EnhancementEngine engine : engines(vocabulary)) {
            component.addEngine(engine);
        }
        return component.addChain(chain(vocabulary != null));
    }
}
