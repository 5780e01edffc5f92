package dev.camelsuite.app;

import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The structure rules find what a Stanbol client would refuse: here, the shape the answers had before they held. */
class EnhancementStructureRulesTest {

    static final String CONTENT = "Angela Merkel travelled from Berlin to Paris.";

    @Test
    void aPlainWordTypeAndASelectionWithoutItsOccurrenceAreFound() {
        String turtle = """
                @prefix fise: <http://fise.iks-project.eu/ontology/> .
                @prefix dc: <http://purl.org/dc/terms/> .
                @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
                <urn:test:doc#ta-1> a fise:Enhancement, fise:TextAnnotation ;
                    fise:extracted-from <urn:test:doc> ; dc:creator "ner" ;
                    dc:created "2026-01-01T00:00:00Z"^^xsd:dateTime ; fise:confidence 1.0E0 ;
                    dc:type "entity" ; fise:start "29"^^xsd:int ; fise:end "35"^^xsd:int ; fise:selected-text "Berlin" .
                <urn:test:doc#ea-1> a fise:Enhancement, fise:EntityAnnotation ;
                    fise:extracted-from <urn:test:doc> ; dc:creator "ner" ;
                    dc:created "2026-01-01T00:00:00Z"^^xsd:dateTime ; fise:confidence "0.5"^^xsd:float ;
                    fise:entity-reference <https://example.org/berlin> ; dc:relation <urn:test:doc#ta-1> .
                """;
        EnhancementStructure s = EnhancementStructure.check(EnhancementRdf.parse(turtle, RdfFormat.TURTLE), CONTENT,
                "urn:test:doc");
        assertThat(s.violations()).anyMatch(v -> v.endsWith("dc:type is an IRI, not \"entity\""))
                .anyMatch(v -> v.endsWith("a selection has a fise:selection-context"))
                .anyMatch(v -> v.endsWith("a span has fise:selection-prefix and -suffix (STANBOL-987)"))
                .anyMatch(v -> v.endsWith("fise:confidence is an xsd:double"))
                .anyMatch(v -> v.endsWith("a fise:entity-label"))
                .hasSize(5);
    }
}
