package dev.camelsuite.enhancer.rdf;

import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.vocabulary.DCTERMS;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A literal holding characters XML cannot carry (a PDF's title with {@code \x01\x0b\x1f}) keeps an RDF/XML answer XML:
 * those characters become U+FFFD there, and stay as they are in the formats that escape them.
 */
class XmlSafeLiteralsTest {

    private static final String TITLE = "A\u0001B\u000bC\u001fD\uFFFEE \uD83D\uDE00 tab\there";

    @Test
    void rdfXmlStaysXmlAndOtherFormatsKeepTheCharacters() {
        Model model = new LinkedHashModel();
        model.add(RdfTerms.VF.createIRI("urn:doc"), DCTERMS.TITLE, RdfTerms.VF.createLiteral(TITLE, "en"));
        String xml = EnhancementRdf.toString(model, RdfFormat.RDF_XML);
        Model read = EnhancementRdf.parse(xml, RdfFormat.RDF_XML);
        assertThat(read.objects().iterator().next().stringValue())
                .isEqualTo("A\uFFFDB\uFFFDC\uFFFDD\uFFFDE \uD83D\uDE00 tab\there");
        String turtle = EnhancementRdf.toString(model, RdfFormat.TURTLE);
        assertThat(EnhancementRdf.parse(turtle, RdfFormat.TURTLE).objects().iterator().next().stringValue())
                .isEqualTo(TITLE);
    }
}
