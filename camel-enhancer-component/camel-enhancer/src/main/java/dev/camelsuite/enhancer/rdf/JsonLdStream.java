package dev.camelsuite.enhancer.rdf;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.rio.RDFHandlerException;
import org.eclipse.rdf4j.rio.helpers.AbstractRDFHandler;

/**
 * Writes statements as JSON-LD in Stanbol's shape while they come, one node object per subject (the statements of a
 * subject must come together, as {@link EnhancementRdf} and {@link AnalysisNif} hand them out). Stanbol writes the
 * expanded form of its JSON-LD library, pretty-printed by Jackson, and clients and scripts read it by its text
 * ({@code "@id" : "…"}): a top-level array of node objects, full IRIs, no {@code @context}; in each node {@code @id}
 * first, then its properties in the order of their IRIs ({@code @type} where {@code rdf:type} sorts), every value in
 * an array; a literal as {@code @value} with its {@code @language}, or its {@code @type} unless it is a string. RDF4J's
 * JSON-LD writer would gather the whole graph before it writes a byte, which for the analysis of a large text is
 * hundreds of megabytes; this one holds one subject at a time.
 */
final class JsonLdStream extends AbstractRDFHandler {

    private static final JsonFactory JSON = new JsonFactory();
    private static final String TYPE = RDF.TYPE.stringValue();

    private final OutputStream out;
    private JsonGenerator json;
    private Resource subject;
    private final List<Statement> node = new ArrayList<>();

    JsonLdStream(OutputStream out) {
        this.out = out;
    }

    @Override
    public void handleStatement(Statement st) {
        try {
            if (json == null) {
                begin();
            }
            if (!st.getSubject().equals(subject)) {
                flush();
                subject = st.getSubject();
            }
            node.add(st);
        } catch (IOException e) {
            throw new RDFHandlerException(e);
        }
    }

    @Override
    public void endRDF() {
        try {
            if (json == null) {
                begin();
            }
            flush();
            json.writeEndArray();
            json.flush();
        } catch (IOException e) {
            throw new RDFHandlerException(e);
        }
    }

    private void begin() throws IOException {
        json = JSON.createGenerator(out);
        // Jackson's default printer is Stanbol's: "key" : value, two spaces a level, arrays on one line
        json.useDefaultPrettyPrinter();
        json.writeStartArray();
    }

    /** Writes the node of the subject in hand: its id, then each property in the order of its IRI. */
    private void flush() throws IOException {
        if (node.isEmpty()) {
            return;
        }
        json.writeStartObject();
        json.writeStringField("@id", id(subject));
        Map<String, List<Value>> properties = new TreeMap<>();
        for (Statement st : node) {
            properties.computeIfAbsent(st.getPredicate().stringValue(), k -> new ArrayList<>()).add(st.getObject());
        }
        for (Map.Entry<String, List<Value>> p : properties.entrySet()) {
            if (p.getKey().equals(TYPE) && p.getValue().stream().allMatch(v -> v instanceof IRI)) {
                json.writeArrayFieldStart("@type");
                for (Value t : p.getValue()) {
                    json.writeString(t.stringValue());
                }
            } else {
                json.writeArrayFieldStart(p.getKey());
                for (Value v : p.getValue()) {
                    value(v);
                }
            }
            json.writeEndArray();
        }
        json.writeEndObject();
        node.clear();
    }

    private void value(Value v) throws IOException {
        json.writeStartObject();
        if (v instanceof Literal l) {
            json.writeStringField("@value", l.getLabel());
            if (l.getLanguage().isPresent()) {
                json.writeStringField("@language", l.getLanguage().get());
            } else if (!XSD.STRING.equals(l.getDatatype())) {
                json.writeStringField("@type", l.getDatatype().stringValue());
            }
        } else {
            json.writeStringField("@id", id((Resource) v));
        }
        json.writeEndObject();
    }

    /** A node's {@code @id}: its IRI, or {@code _:} and a blank node's label. */
    static String id(Resource r) {
        return r instanceof BNode b ? "_:" + b.getID() : r.stringValue();
    }
}
