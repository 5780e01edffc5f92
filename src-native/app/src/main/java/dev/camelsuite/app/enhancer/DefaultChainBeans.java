package dev.camelsuite.app.enhancer;

import java.util.List;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dereference.EntityDereferenceEngine;
import dev.camelsuite.enhancer.engines.dictionary.DictionaryLinkingEngine;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.engines.opennlp.LanguageDetectionEngine;
import dev.camelsuite.enhancer.engines.opennlp.PosTaggingEngine;
import dev.camelsuite.enhancer.engines.opennlp.SentenceDetectionEngine;
import dev.camelsuite.enhancer.engines.opennlp.TokenizerEngine;
import dev.camelsuite.enhancer.engines.tika.TikaEngine;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The ready {@code default} chain (tika optional → langid → sentences → tokens → ner optional → dereference optional)
 * and its engines as beans, which the enhancer component finds by name in the registry. The vocabulary of NER and
 * dereferencing is {@code camelsuite.enhancer.vocabulary} (CSV, or RDF — SKOS or any dataset — in Turtle, N-Triples
 * or RDF/XML, gzipped too; {@code classpath:…} or {@code file:…}), read once for both. A chain {@code default} from
 * configuration ({@code camel.component.enhancer.chains[default]}) wins over this bean.
 */
@Singleton
public class DefaultChainBeans {

    private final List<EnhancementEngine> engines;

    DefaultChainBeans(@ConfigProperty(name = "camelsuite.enhancer.vocabulary") String vocabulary,
                      @ConfigProperty(name = "camelsuite.enhancer.default-language") String defaultLanguage) {
        this.engines = DefaultChain.engines(Vocabulary.load(vocabulary));
        ((LanguageDetectionEngine) engine(LanguageDetectionEngine.NAME)).setDefaultLanguage(defaultLanguage);
    }

    @Produces
    @Singleton
    @Named(DefaultChain.NAME)
    Chain defaultChain() {
        return DefaultChain.chain(true);
    }

    @Produces
    @Singleton
    @Named(TikaEngine.NAME)
    EnhancementEngine documents() {
        return engine(TikaEngine.NAME);
    }

    @Produces
    @Singleton
    @Named(LanguageDetectionEngine.NAME)
    EnhancementEngine languages() {
        return engine(LanguageDetectionEngine.NAME);
    }

    @Produces
    @Singleton
    @Named(SentenceDetectionEngine.NAME)
    EnhancementEngine sentences() {
        return engine(SentenceDetectionEngine.NAME);
    }

    @Produces
    @Singleton
    @Named(TokenizerEngine.NAME)
    EnhancementEngine tokens() {
        return engine(TokenizerEngine.NAME);
    }

    @Produces
    @Singleton
    @Named(DictionaryLinkingEngine.NAME)
    EnhancementEngine entities() {
        return engine(DictionaryLinkingEngine.NAME);
    }

    @Produces
    @Singleton
    @Named(EntityDereferenceEngine.NAME)
    EnhancementEngine entityDescriptions() {
        return engine(EntityDereferenceEngine.NAME);
    }

    /**
     * The part-of-speech engine, beside the default chain (the chain {@code analysis} runs it): made when first
     * looked up, so its models are read only by an application that uses it.
     */
    @Produces
    @Singleton
    @Named(PosTaggingEngine.NAME)
    EnhancementEngine partsOfSpeech() {
        return new PosTaggingEngine();
    }

    private EnhancementEngine engine(String name) {
        return engines.stream().filter(e -> e.getName().equals(name)).findFirst().orElseThrow();
    }
}
