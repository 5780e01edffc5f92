package dev.camelsuite.enhancer.engines;

import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.chain.ChainType;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EntityAnnotation;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.engines.dictionary.DictionaryLinkingEngine;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.engines.opennlp.SentenceDetectionEngine;
import dev.camelsuite.enhancer.engines.opennlp.TokenizerEngine;
import dev.camelsuite.enhancer.engines.tika.SampleDocuments;
import dev.camelsuite.enhancer.engines.tika.SampleImages;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/** The default chain through an {@code enhancer:default} route, on real text. */
class DefaultChainRouteTest extends CamelTestSupport {

    private static final String EX = "https://example.org/camelsuite/entity/";

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        // tag::bind[]
        // engines under their names and the chain "default" in the registry; or Vocabulary.load("classpath:my.ttl"),
        // or null: no NER
        DefaultChain.bind(context.getRegistry(), Vocabulary.sample());
        // end::bind[]
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // tag::route[]
                from("direct:enhance").to("enhancer:default");
                // end::route[]
                from("direct:lenient").to("enhancer:default?throwOnFailure=false");
            }
        };
    }

    @Test
    void enhancesEnglishText() {
        Exchange result = template.request("direct:enhance", ex -> ex.getIn().setBody(
                "Alan Turing was born in London. He later worked with colleagues in the United Kingdom and visited "
                + "Geneva, where the United Nations have offices."));

        assertThat(result.getException()).isNull();
        assertThat(result.getMessage().getHeader(EnhancerConstants.LANGUAGE)).isEqualTo("en");
        assertThat(result.getMessage().getHeader(EnhancerConstants.CHAIN_STATUS)).isEqualTo("completed");
        assertThat(result.getMessage().getHeader(EnhancerConstants.FAILED_ENGINES, List.class)).isEmpty();
        assertThat(result.getMessage().getHeader(EnhancerConstants.ENGINE_TIMINGS, Map.class))
                .containsOnlyKeys("tika", "langid", "sentences", "tokens", "ner", "dereference");
        ContentItem item = result.getMessage().getBody(ContentItem.class);
        assertThat(item.getAnnotationsOfType(SentenceDetectionEngine.SENTENCE)).hasSize(2);
        assertThat(item.getAnnotationsOfType(TokenizerEngine.TOKEN)).hasSizeGreaterThan(20)
                .extracting(TextAnnotation::getCoveredText).startsWith("Alan", "Turing", "was", "born", "in", "London", ".");
        assertThat(item.getEntities()).extracting(EntityAnnotation::getReference).containsExactly(EX + "alan-turing",
                EX + "london", EX + "united-kingdom", EX + "geneva", EX + "united-nations");

        String turtle = EnhancementRdf.toString(EnhancementRdf.toModel(item), RdfFormat.TURTLE);
        assertThat(turtle).contains("<" + EX + "alan-turing>", "\"en\"", "<http://dbpedia.org/ontology/Scientist>")
                // the NLP analysis stays on the item: as in Stanbol, sentences and tokens are no enhancements
                .doesNotContain("\"sentence\"", "\"token\"");
        long enhancements = item.getAnnotations().stream()
                .filter(a -> !TextAnnotation.ANALYSIS_TYPES.contains(a.getType())).count();
        assertThat(enhancements).isPositive();
        assertThat(EnhancementRdf.toModel(item).filter(null, RDF.TYPE,
                SimpleValueFactory.getInstance().createIRI("http://fise.iks-project.eu/ontology/TextAnnotation"))
                .subjects()).hasSize((int) enhancements);
    }

    @Test
    void documentsAreEnhancedByTheirTextAndKeepWhatTheySayOfThemselves() {
        List<String> paragraphs = List.of("Marie Curie was born in Warsaw.", "She later worked in Paris.");
        for (String type : List.of("text/html", "application/pdf",
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document")) {
            byte[] document = switch (type) {
                case "text/html" -> SampleDocuments.html("A life", "Ann Author", paragraphs);
                case "application/pdf" -> SampleDocuments.pdf("A life", "Ann Author", paragraphs);
                default -> SampleDocuments.docx("A life", "Ann Author", paragraphs);
            };
            Exchange result = template.request("direct:enhance", ex -> {
                ex.getIn().setBody(document);
                ex.getIn().setHeader(Exchange.CONTENT_TYPE, type);
            });
            assertThat(result.getException()).as(type).isNull();
            assertThat(result.getMessage().getHeader(EnhancerConstants.LANGUAGE)).as(type).isEqualTo("en");
            ContentItem item = result.getMessage().getBody(ContentItem.class);
            assertThat(item.getEntities()).as(type).extracting(EntityAnnotation::getReference)
                    .containsExactly(EX + "marie-curie", EX + "paris");
            assertThat(item.getAnnotationsOfType(SentenceDetectionEngine.SENTENCE)).as(type).hasSizeGreaterThan(1);
            String turtle = EnhancementRdf.toString(EnhancementRdf.toModel(item), RdfFormat.TURTLE);
            assertThat(turtle).as(type).contains("dc:title \"A life\"", "dc:creator \"Ann Author\"",
                    "<http://www.w3.org/ns/ma-ont#title> \"A life\"");
        }
    }

    @Test
    void aPhotoSentWithoutItsTypeGivesItsMetadataAndTheTextEnginesDecline() {
        Exchange result = template.request("direct:enhance", ex -> ex.getIn().setBody(SampleImages.jpeg("serbor")));
        assertThat(result.getException()).isNull();
        ContentItem item = result.getMessage().getBody(ContentItem.class);
        assertThat(item.getText()).isNull();
        String ntriples = EnhancementRdf.toString(EnhancementRdf.toModel(item), RdfFormat.N_TRIPLES);
        assertThat(ntriples).contains("<http://purl.org/dc/terms/format> \"image/jpeg\"",
                "<http://www.w3.org/ns/ma-ont#hasKeyword> \"serbor\"",
                "<http://www.semanticdesktop.org/ontologies/2007/05/10/nexif#isoSpeedRatings> \"400\"");
    }

    @Test
    void enhancesGermanAndFrenchText() {
        ContentItem german = template.requestBody("direct:enhance",
                "Goethe lebte viele Jahre in Weimar. Später reiste er durch die Schweiz nach Italien.", ContentItem.class);
        ContentItem french = template.requestBody("direct:enhance",
                "Victor Hugo est né à Besançon. L'écrivain a vécu longtemps à Paris, puis en exil.", ContentItem.class);

        assertThat(german.getLanguage()).isEqualTo("de");
        assertThat(german.getAnnotationsOfType(SentenceDetectionEngine.SENTENCE)).hasSize(2);
        assertThat(german.getEntities()).extracting(EntityAnnotation::getLabel)
                .containsExactly("Johann Wolfgang von Goethe", "Schweiz", "Italien");
        assertThat(french.getLanguage()).isEqualTo("fr");
        assertThat(french.getAnnotationsOfType(SentenceDetectionEngine.SENTENCE)).hasSize(2);
        assertThat(french.getAnnotationsOfType(TokenizerEngine.TOKEN)).extracting(TextAnnotation::getCoveredText)
                .contains("L'", "écrivain");
        assertThat(french.getEntities()).extracting(EntityAnnotation::getLabel).containsExactly("Victor Hugo", "Paris");
    }

    @Test
    void theCallersLanguageWins() {
        // German words, but the caller says the text is English
        Exchange result = template.request("direct:enhance", ex -> {
            ex.getIn().setBody("Berlin liegt an der Spree.");
            ex.getIn().setHeader(EnhancerConstants.CONTENT_LANGUAGE, "en");
        });

        assertThat(result.getMessage().getHeader(EnhancerConstants.LANGUAGE)).isEqualTo("en");
        ContentItem item = result.getMessage().getBody(ContentItem.class);
        assertThat(item.getAnnotationsOfType(TextAnnotation.LANGUAGE)).singleElement()
                .satisfies(a -> assertThat(a.getConfidence()).isEqualTo(1.0));
        assertThat(item.getEntities()).extracting(EntityAnnotation::getReference).containsExactly(EX + "berlin");
    }

    @Test
    void aLanguageWithoutModelsIsDeclinedAndTheChainGoesOn() {
        Exchange done = template.request("direct:enhance",
                ex -> ex.getIn().setBody("El tren de Madrid llegó con media hora de retraso. Nadie se quejó."));

        // as Stanbol's engines: no model for the language, "cannot enhance", and the chain completes with the rest
        assertThat(done.getException()).isNull();
        assertThat(done.getMessage().getHeader(EnhancerConstants.CHAIN_STATUS)).isEqualTo("completed");
        assertThat(done.getMessage().getHeader(EnhancerConstants.LANGUAGE)).isEqualTo("es");
        ContentItem item = done.getMessage().getBody(ContentItem.class);
        assertThat(item.getExecutionMetadata().getEngineExecutions())
                .extracting(e -> e.getEngine(), e -> e.getStatus(), e -> e.getStatusMessage())
                .containsExactly(tuple("tika", ExecutionStatus.COMPLETED, null),
                        tuple("langid", ExecutionStatus.COMPLETED, null),
                        tuple("sentences", ExecutionStatus.COMPLETED, "cannot enhance: no sentence model for language"
                                                                      + " 'es' (engine 'sentences' has de, en, fr)"),
                        tuple("tokens", ExecutionStatus.COMPLETED, "cannot enhance: no tokenizer model for language"
                                                                   + " 'es' (engine 'tokens' has de, en, fr)"),
                        tuple("ner", ExecutionStatus.COMPLETED, null),
                        tuple("dereference", ExecutionStatus.COMPLETED, null));
        assertThat(item.getEntities()).extracting(EntityAnnotation::getReference).containsExactly(EX + "madrid");
    }

    @Test
    void anEmptyTextIsNothingForAnyEngine() {
        ContentItem item = template.requestBody("direct:enhance", "  \n ", ContentItem.class);

        assertThat(item.getExecutionMetadata().getChainExecution().getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
        // Stanbol's rule: a required engine that cannot enhance completes, an optional one is skipped
        assertThat(item.getExecutionMetadata().getEngineExecutions())
                .extracting(e -> e.getEngine(), e -> e.getStatus(), e -> e.getStatusMessage())
                .containsExactly(tuple("tika", ExecutionStatus.COMPLETED, null),
                        tuple("langid", ExecutionStatus.COMPLETED, "cannot enhance: the item has no text"),
                        tuple("sentences", ExecutionStatus.COMPLETED, "cannot enhance: the item has no text"),
                        tuple("tokens", ExecutionStatus.COMPLETED, "cannot enhance: the item has no text"),
                        tuple("ner", ExecutionStatus.SKIPPED, "cannot enhance: the item has no text"),
                        tuple("dereference", ExecutionStatus.SKIPPED,
                                "cannot enhance: the item has no entity annotations"));
        assertThat(item.getAnnotations()).isEmpty();
    }

    @Test
    void nerIsOptional() throws Exception {
        Vocabulary englishOnly = Vocabulary.builder()
                .label(EX + "thames", "Thames", "en", Vocabulary.LabelKind.PREFERRED)
                .build();
        try (CamelContext other = new org.apache.camel.impl.DefaultCamelContext()) {
            other.addComponent("enhancer", DefaultChain.addTo(new dev.camelsuite.enhancer.EnhancerComponent(), englishOnly));
            other.start();
            ContentItem item = other.createProducerTemplate().requestBody("enhancer:default",
                    "Die Themse fließt durch London.", ContentItem.class);

            assertThat(item.getLanguage()).isEqualTo("de");
            assertThat(item.getExecutionMetadata().getChainExecution().getStatus()).isEqualTo(ExecutionStatus.COMPLETED);
            // a language the vocabulary has no labels for: NER declines, and being optional is skipped
            assertThat(item.getExecutionMetadata().getFailedEngines()).isEmpty();
            assertThat(item.getExecutionMetadata().getEngineExecution("ner").getStatus())
                    .isEqualTo(ExecutionStatus.SKIPPED);
            assertThat(item.getExecutionMetadata().getEngineExecution("ner").getStatusMessage())
                    .startsWith("cannot enhance: no labels of vocabulary").endsWith("for language 'de' (engine 'ner'"
                                                                                     + " has en)");
            assertThat(item.getAnnotationsOfType(TokenizerEngine.TOKEN)).isNotEmpty();
        }
    }

    @Test
    void theChainWithoutNer() {
        assertThat(DefaultChain.elements(false)).containsExactly("tika;optional", "langid", "sentences", "tokens");
        assertThat(DefaultChain.elements(true)).containsExactly("tika;optional", "langid", "sentences", "tokens",
                "ner;optional", "dereference;optional");
        assertThat(DefaultChain.chain(true).getType()).isEqualTo(ChainType.LIST);
        assertThat(DefaultChain.chain(true).getElements()).hasSize(6);
        assertThat(DefaultChain.engines(null)).extracting(e -> e.getName())
                .containsExactly("tika", "langid", "sentences", "tokens");
    }
}
