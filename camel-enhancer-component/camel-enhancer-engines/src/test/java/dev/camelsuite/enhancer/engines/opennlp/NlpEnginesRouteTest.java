package dev.camelsuite.enhancer.engines.opennlp;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.chain.ChainType;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.engines.dictionary.DictionaryLinkingEngine;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Parts of speech and names of one's own models, from a Camel route: a chain of the OpenNLP engines. */
class NlpEnginesRouteTest extends CamelTestSupport {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        Path dir = Files.createTempDirectory("name-models");
        List<Path> models = SampleNameModels.write(dir);
        context.getRegistry().bind("langid", new LanguageDetectionEngine());
        context.getRegistry().bind("sentences", new SentenceDetectionEngine());
        context.getRegistry().bind("tokens", new TokenizerEngine());
        context.getRegistry().bind("pos", new PosTaggingEngine());
        context.getRegistry().bind("namefinder", new NameFinderEngine(NameFinderEngine.NAME, Map.of("en",
                List.of(OpenNlpModels.nameFinderModel(models.get(0)), OpenNlpModels.nameFinderModel(models.get(1))))));
        context.getRegistry().bind("analysis", new Chain("analysis", ChainType.LIST,
                List.of("langid", "sentences", "tokens", "pos", "namefinder")));
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("direct:analyse").to("enhancer:analysis");
            }
        };
    }

    @Test
    void eachWordHasItsPartOfSpeechAndTheNamesTheirKind() {
        ContentItem item = template.requestBody("direct:analyse",
                "Yesterday Anna Berg met Paul Meyer in Lisbon. Later Paul Meyer thanked Anna Berg for the dinner.",
                ContentItem.class);
        assertThat(item.getLanguage()).isEqualTo("en");
        assertThat(item.getAnnotationsOfType(TextAnnotation.POS)).hasSameSizeAs(
                item.getAnnotationsOfType(TextAnnotation.TOKEN));
        assertThat(item.getAnnotationsOfType(TextAnnotation.POS))
                .filteredOn(a -> a.getCoveredText().equals("met"))
                .extracting(a -> a.getFeature(TextAnnotation.POS_TAG_FEATURE)).containsExactly("VERB");
        assertThat(item.getAnnotationsOfType(DictionaryLinkingEngine.ENTITY)).extracting(TextAnnotation::getCoveredText)
                .contains("Anna Berg", "Paul Meyer", "Lisbon");
        assertThat(item.getExecutionMetadata().getChainExecution().getStatus().name()).isEqualTo("COMPLETED");
    }
}
