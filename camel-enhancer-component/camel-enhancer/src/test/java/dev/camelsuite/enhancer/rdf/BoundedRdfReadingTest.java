package dev.camelsuite.enhancer.rdf;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CancellationException;

import org.eclipse.rdf4j.model.Model;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * RDF from a caller read within its budget: an RDF/XML part whose entities stay within the XML parser's own limits
 * but expand to millions of characters, JSON-LD and Turtle nested thousands deep, and a remote JSON-LD context are
 * each refused with the caller's words, never the parser's; ordinary RDF, RDF/XML's namespace entities included, is
 * read.
 */
class BoundedRdfReadingTest {

    private static Model parse(String rdf, RdfFormat format) {
        // a budget is one request's: made anew for each
        return parse(rdf, format, new RdfReadBudget(100_000, 64, () -> {
        }));
    }

    private static Model parse(String rdf, RdfFormat format, RdfReadBudget budget) {
        return EnhancementRdf.parse(new ByteArrayInputStream(rdf.getBytes(StandardCharsets.UTF_8)), format, budget);
    }

    @Test
    void ordinaryRdfIsRead() {
        String xml = "<?xml version=\"1.0\"?><!DOCTYPE rdf:RDF [<!ENTITY dc \"http://purl.org/dc/terms/\">]>"
                     + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns:dc=\"&dc;\">"
                     + "<rdf:Description rdf:about=\"urn:doc\"><dc:title>A title</dc:title></rdf:Description></rdf:RDF>";
        assertThat(parse(xml, RdfFormat.RDF_XML)).hasSize(1);
        assertThat(parse("<urn:doc> <http://purl.org/dc/terms/title> \"A title\" ; <urn:p> [ <urn:q> ( 1 2 ) ] .",
                RdfFormat.TURTLE)).hasSizeGreaterThan(3);
        assertThat(parse("{\"@id\": \"urn:doc\", \"http://purl.org/dc/terms/title\": \"A title\"}", RdfFormat.JSON_LD)).hasSize(1);
    }

    @Test
    void entitiesThatExpandPastTheBudgetAreRefused() {
        String bomb = "<?xml version=\"1.0\"?><!DOCTYPE rdf:RDF [<!ENTITY a \"" + "A".repeat(9000) + "\">"
                      + "<!ENTITY b \"" + "&a;".repeat(100) + "\">]>"
                      + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\" xmlns:dc=\"urn:dc:\">"
                      + "<rdf:Description rdf:about=\"urn:doc\"><dc:title>" + "&b;".repeat(40)
                      + "</dc:title></rdf:Description></rdf:RDF>";
        assertThatThrownBy(() -> parse(bomb, RdfFormat.RDF_XML)).isInstanceOf(RdfReadBudget.Exceeded.class)
                .hasMessageContaining("expand to more than 100000 characters").message().doesNotContain("JAXP");
    }

    @Test
    void literalsPastTheBudgetAreRefused() {
        assertThatThrownBy(() -> parse("<urn:doc> <urn:p> \"" + "x".repeat(100_001) + "\" .", RdfFormat.N_TRIPLES)).isInstanceOf(RdfReadBudget.Exceeded.class).hasMessageContaining("100000 characters");
    }

    @Test
    void nestingPastTheBudgetIsRefusedBeforeTheParserRecurses() {
        String json = "{\"@id\": \"urn:doc\", \"urn:p\": " + "[".repeat(3000) + "]".repeat(3000) + "}";
        assertThatThrownBy(() -> parse(json, RdfFormat.JSON_LD)).isInstanceOf(RdfReadBudget.Exceeded.class)
                .hasMessageContaining("nests more than 64 levels");
        String turtle = "<urn:doc> <urn:p> " + "[ <urn:q> ".repeat(3000) + "]".repeat(3000) + " .";
        assertThatThrownBy(() -> parse(turtle, RdfFormat.TURTLE)).isInstanceOf(RdfReadBudget.Exceeded.class);
        String xml = "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
                     + "<rdf:Description rdf:about=\"urn:a\"><rdf:value rdf:parseType=\"Literal\">"
                     + "<x>".repeat(3000) + "</x>".repeat(3000) + "</rdf:value></rdf:Description></rdf:RDF>";
        assertThatThrownBy(() -> parse(xml, RdfFormat.RDF_XML)).isInstanceOf(RdfReadBudget.Exceeded.class);
    }

    @Test
    void aRemoteContextIsNotLoadedAndSaysSoInTheCallersWords() {
        assertThatThrownBy(() -> parse("{\"@context\": \"http://127.0.0.1:9/context.jsonld\", \"@id\": \"urn:doc\"}",
                RdfFormat.JSON_LD)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a remote JSON-LD context is not loaded")
                .message().doesNotContain("WHITELIST", "JSONLDSettings");
    }

    @Test
    void theChecksExceptionStopsTheReadingUnchanged() {
        RdfReadBudget late = new RdfReadBudget(100_000, 64, () -> {
            throw new CancellationException("out of time");
        });
        assertThatThrownBy(() -> parse("<urn:doc> <urn:p> \"x\" .", RdfFormat.N_TRIPLES, late))
                .isInstanceOf(CancellationException.class).hasMessage("out of time");
    }
}
