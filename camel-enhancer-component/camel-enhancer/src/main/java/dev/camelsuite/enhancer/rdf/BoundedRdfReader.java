package dev.camelsuite.enhancer.rdf;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import no.hasmac.jsonld.JsonLdError;
import no.hasmac.jsonld.JsonLdErrorCode;
import no.hasmac.jsonld.loader.DocumentLoader;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.helpers.AbstractRDFHandler;
import org.eclipse.rdf4j.rio.helpers.StatementCollector;
import org.eclipse.rdf4j.rio.helpers.XMLParserSettings;
import org.eclipse.rdf4j.rio.jsonld.JSONLDSettings;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;

/**
 * Reads RDF sent by a caller within an {@link RdfReadBudget}: its nesting measured before a recursive parser sees it
 * (JSON-LD and RDF/JSON with a streaming JSON reader, Turtle by its brackets), RDF/XML through an XML reader whose
 * entities may expand to no more than the characters left and whose elements nest no deeper than the budget says,
 * and every statement's characters counted as it is read.
 */
final class BoundedRdfReader {

    /** The JDK's XML reader properties for entity sizes and element depth (JAXP 1.5 / JDK 8+). */
    private static final String TOTAL_ENTITY_SIZE = "http://www.oracle.com/xml/jaxp/properties/totalEntitySizeLimit";
    private static final String GENERAL_ENTITY_SIZE = "http://www.oracle.com/xml/jaxp/properties/maxGeneralEntitySizeLimit";
    private static final String ELEMENT_DEPTH = "http://www.oracle.com/xml/jaxp/properties/maxElementDepth";
    /** How far ahead of the parser the nesting is measured: the whole part (its size is the request body's bound). */
    private static final int MARK_LIMIT = Integer.MAX_VALUE;

    static final String REMOTE_CONTEXT = "a remote JSON-LD context is not loaded; put the context in the document";
    /** JSON-LD of a caller names no document to fetch: a remote context is refused, in the caller's words. */
    private static final DocumentLoader NO_REMOTE_CONTEXTS = (uri, options) -> {
        throw new JsonLdError(JsonLdErrorCode.LOADING_REMOTE_CONTEXT_FAILED, REMOTE_CONTEXT);
    };

    private BoundedRdfReader() {
    }

    static Model parse(InputStream in, RdfFormat format, RdfReadBudget budget, Model into) throws IOException {
        InputStream marked = new BufferedInputStream(in);
        marked.mark(MARK_LIMIT);
        switch (format) {
            case JSON_LD, RDF_JSON -> checkJsonNesting(marked, budget.maxNesting());
            case TURTLE, N3 -> {
                if (BracketNesting.deeperThan(new String(marked.readAllBytes(), StandardCharsets.UTF_8),
                        budget.maxNesting(), true)) {
                    throw nestedTooDeeply(budget.maxNesting());
                }
            }
            default -> {
                // N-Triples do not nest; RDF/XML's depth is the XML reader's
            }
        }
        marked.reset();
        RDFParser parser = format.parser();
        if (format == RdfFormat.RDF_XML) {
            parser.getParserConfig().set(XMLParserSettings.CUSTOM_XML_READER, xmlReader(budget));
        }
        if (format == RdfFormat.JSON_LD) {
            // RDF4J's own loader refuses a remote context too, but logs each refusal as an error with its stack trace
            parser.getParserConfig().set(JSONLDSettings.DOCUMENT_LOADER, NO_REMOTE_CONTEXTS);
        }
        StatementCollector collector = new StatementCollector(into);
        parser.setRDFHandler(new AbstractRDFHandler() {
            @Override
            public void handleNamespace(String prefix, String uri) {
                collector.handleNamespace(prefix, uri);
            }

            @Override
            public void handleStatement(Statement st) {
                budget.read(length(st.getSubject()) + length(st.getPredicate()) + length(st.getObject()));
                collector.handleStatement(st);
            }
        });
        parser.parse(marked, "urn:x-base:");
        return into;
    }

    private static long length(Value value) {
        return value instanceof Literal literal ? literal.getLabel().length() : value.stringValue().length();
    }

    private static void checkJsonNesting(InputStream in, int max) throws IOException {
        JsonFactory json = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(max + 1).build()).build();
        int depth = 0;
        try (JsonParser parser = json.createParser(new FilterInputStream(in) {
            @Override
            public void close() {
                // the parser reads the part again
            }
        })) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                if (token.isStructStart() && ++depth > max) {
                    throw nestedTooDeeply(max);
                }
                if (token.isStructEnd()) {
                    depth--;
                }
            }
        } catch (JsonProcessingException e) {
            // not JSON at all: the RDF parser says where
        }
    }

    static RdfReadBudget.Exceeded nestedTooDeeply(int max) {
        return new RdfReadBudget.Exceeded("the RDF nests more than " + max + " levels deep");
    }

    private static XMLReader xmlReader(RdfReadBudget budget) {
        try {
            SAXParserFactory factory = SAXParserFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            XMLReader reader = factory.newSAXParser().getXMLReader();
            // nothing outside the document is read: no external entity, no external DTD
            reader.setFeature("http://xml.org/sax/features/external-general-entities", false);
            reader.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
            reader.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            String left = String.valueOf(Math.min(Integer.MAX_VALUE, budget.charactersLeft()));
            reader.setProperty(TOTAL_ENTITY_SIZE, left);
            reader.setProperty(GENERAL_ENTITY_SIZE, left);
            reader.setProperty(ELEMENT_DEPTH, String.valueOf(budget.maxNesting() * 2));
            return reader;
        } catch (ParserConfigurationException | SAXException e) {
            throw new IllegalStateException("The JDK's XML reader takes no entity limits", e);
        }
    }

    /** Whether a parser's failure is an XML reader's limit: its message is the JDK's, named by a JAXP code. */
    static boolean isXmlLimit(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().contains("JAXP0001")) {
                return true;
            }
        }
        return false;
    }
}
