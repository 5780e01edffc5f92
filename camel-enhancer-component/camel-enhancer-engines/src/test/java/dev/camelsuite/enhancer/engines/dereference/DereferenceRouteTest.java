package dev.camelsuite.enhancer.engines.dereference;

import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EntityStatement;
import dev.camelsuite.enhancer.engines.dictionary.DictionaryLinkingEngine;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.engines.opennlp.LanguageDetectionEngine;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A chain that links and dereferences, through {@code enhancer:} routes: what an answer says of each linked entity. */
class DereferenceRouteTest extends CamelTestSupport {

    static final String LONDON = "https://example.org/camelsuite/entity/london";
    static final String SKOS = "http://www.w3.org/2004/02/skos/core#";
    static final String RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
    static final String DEPICTION = "http://xmlns.com/foaf/0.1/depiction";
    static final String TEXT = "Alan Turing was born in London.";

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        // tag::chain[]
        Vocabulary vocabulary = Vocabulary.sample();
        context.getRegistry().bind("langid", new LanguageDetectionEngine());
        context.getRegistry().bind("ner", new DictionaryLinkingEngine(DictionaryLinkingEngine.NAME, vocabulary));
        context.getRegistry().bind("dereference", new EntityDereferenceEngine(vocabulary));
        context.getRegistry().bind("entities", Chain.list("entities", "langid", "ner", "dereference"));
        // end::chain[]
        // tag::defaults[]
        EntityDereferenceEngine pictures = new EntityDereferenceEngine("pictures", vocabulary);
        pictures.setFields(List.of("skos:prefLabel", "foaf:depiction"));
        pictures.setLanguages(List.of("de"));
        // end::defaults[]
        context.getRegistry().bind("pictures", pictures);
        context.getRegistry().bind("withPictures", Chain.list("withPictures", "langid", "ner", "pictures"));
        // tag::chain-scoped[]
        context.getRegistry().bind("labels", Chain.list("labels", "langid", "ner",
                "dereference;enhancer.engines.dereference.fields=skos:prefLabel;"
                + "enhancer.engines.dereference.languages=de,fr"));
        // end::chain-scoped[]
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // tag::route[]
                from("direct:entities").to("enhancer:entities");
                // end::route[]
                from("direct:pictures").to("enhancer:withPictures");
            }
        };
    }

    private ContentItem enhance(String uri, Map<String, Object> properties) {
        Exchange done = template.request(uri, ex -> {
            ex.getIn().setBody(TEXT);
            ex.getIn().setHeader(EnhancerConstants.PROPERTIES, properties);
        });
        assertThat(done.getException()).isNull();
        return done.getMessage().getBody(ContentItem.class);
    }

    @Test
    void everyFieldOfTheLinkedEntitiesInTheTextsLanguage() {
        ContentItem item = enhance("direct:entities", Map.of());

        assertThat(item.getEntityDescriptions().of(LONDON)).contains(
                EntityStatement.text(LONDON, SKOS + "prefLabel", "London", "en"),
                EntityStatement.iri(LONDON, RDF_TYPE, "http://dbpedia.org/ontology/City"),
                EntityStatement.iri(LONDON, DEPICTION, "https://example.org/camelsuite/images/london.jpg"),
                EntityStatement.text(LONDON, SKOS + "definition", "The capital of the United Kingdom", "en"),
                EntityStatement.iri(LONDON, SKOS + "inScheme", "https://example.org/camelsuite/entity/"))
                .noneMatch(s -> "de".equals(s.language()) || "fr".equals(s.language()));
        assertThat(item.getEntityDescriptions().describes("https://example.org/camelsuite/entity/alan-turing"))
                .isTrue();
        String nt = EnhancementRdf.toString(item, RdfFormat.N_TRIPLES);
        assertThat(nt).contains(
                "<" + LONDON + "> <" + DEPICTION + "> <https://example.org/camelsuite/images/london.jpg>",
                "<" + LONDON + "> <" + SKOS + "prefLabel> \"London\"@en");
    }

    @Test
    void onlyTheFieldsAndLanguagesTheRequestAsksFor() {
        ContentItem item = enhance("direct:entities", Map.of(
                "enhancer.engines.dereference.fields", List.of("skos:prefLabel", "foaf:depiction"),
                "enhancer.engines.dereference.languages", List.of("fr")));

        // Stanbol's rule: the asked fields only (no type unless asked), labels in the asked and the text's languages
        assertThat(item.getEntityDescriptions().of(LONDON)).containsExactlyInAnyOrder(
                EntityStatement.text(LONDON, SKOS + "prefLabel", "London", "en"),
                EntityStatement.text(LONDON, SKOS + "prefLabel", "Londres", "fr"),
                EntityStatement.iri(LONDON, DEPICTION, "https://example.org/camelsuite/images/london.jpg"));
        // an engine's own property wins over the one for every engine
        ContentItem types = enhance("direct:entities", Map.of("enhancer.engines.dereference.fields", "foaf:depiction",
                "dereference:enhancer.engines.dereference.fields", "rdf:type"));
        assertThat(types.getEntityDescriptions().of(LONDON)).extracting(EntityStatement::property)
                .containsOnly(RDF_TYPE);
    }

    @Test
    void theEnginesOwnFieldsAndLanguagesUnlessTheRequestSaysOtherwise() {
        ContentItem item = enhance("direct:pictures", Map.of());
        assertThat(item.getEntityDescriptions().of(LONDON)).containsExactlyInAnyOrder(
                EntityStatement.text(LONDON, SKOS + "prefLabel", "London", "en"),
                EntityStatement.text(LONDON, SKOS + "prefLabel", "London", "de"),
                EntityStatement.iri(LONDON, DEPICTION, "https://example.org/camelsuite/images/london.jpg"));

        // the request's fields replace the engine's; its languages add to the engine's
        ContentItem asked = enhance("direct:pictures", Map.of("enhancer.engines.dereference.fields",
                "http://www.w3.org/2004/02/skos/core#prefLabel", "enhancer.engines.dereference.languages", "fr"));
        assertThat(asked.getEntityDescriptions().of(LONDON)).extracting(EntityStatement::value)
                .containsExactlyInAnyOrder("London", "London", "Londres");
    }

    @Test
    void aChainsOwnPropertiesForAnEngineUnderTheRequests() {
        // Stanbol's chain-scoped enhancement properties: enhancer.… parameters of the engine's line in the chain
        Exchange labels = template.request("enhancer:labels", ex -> ex.getIn().setBody(TEXT));
        assertThat(labels.getMessage().getBody(ContentItem.class).getEntityDescriptions().of(LONDON))
                .extracting(EntityStatement::value).containsExactlyInAnyOrder("London", "London", "Londres");

        // the request's, for every engine, win over the chain's for this engine
        ContentItem asked = enhance("enhancer:labels", Map.of("enhancer.engines.dereference.fields", "foaf:depiction"));
        assertThat(asked.getEntityDescriptions().of(LONDON)).extracting(EntityStatement::property)
                .containsOnly(DEPICTION);
    }

    @Test
    void aFieldThatIsNoIriFailsTheEngineNamingTheProperty() {
        Exchange done = template.request("direct:entities", ex -> {
            ex.getIn().setBody(TEXT);
            ex.getIn().setHeader(EnhancerConstants.PROPERTIES,
                    Map.of("enhancer.engines.dereference.fields", "nope:label"));
        });
        assertThat(done.getException()).isInstanceOf(EnhancementException.class)
                .hasMessageContaining("Enhancement property enhancer.engines.dereference.fields: Unknown prefix 'nope'"
                                      + " in 'nope:label'");
    }
}
