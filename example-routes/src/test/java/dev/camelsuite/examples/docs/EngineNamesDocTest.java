package dev.camelsuite.examples.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine and chain names the docs give are the code's: each engine of the engines reference is named as its class
 * names itself, the default chain's elements are the ones it has, and no page names an engine that does not exist
 * (the application's docs once posted to {@code /enhancer/engine/langdetect}).
 */
class EngineNamesDocTest {

    private static final Pattern ENGINE_PATH = Pattern.compile("/enhancer/engine/([a-z-]+)");

    @Test
    void theDocsNameTheEnginesAndTheChainAsTheCodeDoes() throws Exception {
        String engines = Files.readString(Path.of("../docs/engines.adoc"));
        for (EnhancementEngine engine : DefaultChain.engines(Vocabulary.sample())) {
            String constructor = "`new " + engine.getClass().getSimpleName() + "(";
            assertThat(engines).as("the engines reference on %s", engine.getClass().getSimpleName())
                    .contains(constructor)
                    .containsPattern(Pattern.quote(constructor) + "[^`]*` \\(name `" + engine.getName() + "`");
        }
        assertThat(DefaultChain.elements(true)).containsExactly("tika;optional", "langid", "sentences", "tokens",
                "ner;optional", "dereference;optional");
        assertThat(engines).contains("tika (optional) ──► langid ──► sentences ──► tokens ──► ner (optional) ──►"
                                     + " dereference (optional)");
        var names = DefaultChain.engines(Vocabulary.sample()).stream().map(EnhancementEngine::getName).toList();
        try (var pages = Files.list(Path.of("../docs"))) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".adoc")).toList()) {
                Matcher m = ENGINE_PATH.matcher(Files.readString(page));
                while (m.find()) {
                    assertThat(names).as("the engine of %s in %s", m.group(), page.getFileName()).contains(m.group(1));
                }
            }
        }
    }
}
