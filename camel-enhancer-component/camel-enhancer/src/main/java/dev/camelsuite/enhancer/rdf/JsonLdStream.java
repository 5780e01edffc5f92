package dev.camelsuite.enhancer.rdf;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
 * Writes statements as JSON-LD while they come, one node object per subject: the statements of a subject must come
 * together, as {@link AnalysisNif} hands them out. RDF4J's JSON-LD writer gathers the whole graph before it writes a
 * byte, which for the analysis of a large text is hundreds of megabytes; this one holds one subject at a time. Its
 * output is a JSON-LD document ({@code @context} with the namespaces given, {@code @graph} of flattened nodes) that
 * any JSON-LD processor reads as the same graph.
 */
final class JsonLdStream extends AbstractRDFHandler {

    private static final JsonFactory JSON = new JsonFactory();

    private final OutputStream out;
    private final Map<String, String> prefixes = new LinkedHashMap<>();
    private JsonGenerator json;
    private Resource subject;
    private final List<Statement> node = new ArrayList<>();

    JsonLdStream(OutputStream out) {
        this.out = out;
    }

    @Override
    public void handleNamespace(String prefix, String uri) {
        prefixes.put(prefix, uri);
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
            json.writeEndObject();
            json.flush();
        } catch (IOException e) {
            throw new RDFHandlerException(e);
        }
    }

    private void begin() throws IOException {
        json = JSON.createGenerator(out);
        json.writeStartObject();
        json.writeObjectFieldStart("@context");
        for (Map.Entry<String, String> p : prefixes.entrySet()) {
            json.writeStringField(p.getKey(), p.getValue());
        }
        json.writeEndObject();
        json.writeArrayFieldStart("@graph");
    }

    /** Writes the node of the subject in hand: its types, then each property with its values. */
    private void flush() throws IOException {
        if (node.isEmpty()) {
            return;
        }
        json.writeStartObject();
        json.writeStringField("@id", id(subject));
        Map<IRI, List<Value>> properties = new LinkedHashMap<>();
        List<Value> types = new ArrayList<>();
        for (Statement st : node) {
            if (st.getPredicate().equals(RDF.TYPE) && st.getObject() instanceof IRI) {
                types.add(st.getObject());
            } else {
                properties.computeIfAbsent(st.getPredicate(), k -> new ArrayList<>()).add(st.getObject());
            }
        }
        if (!types.isEmpty()) {
            json.writeArrayFieldStart("@type");
            for (Value t : types) {
                json.writeString(compact((IRI) t));
            }
            json.writeEndArray();
        }
        for (Map.Entry<IRI, List<Value>> p : properties.entrySet()) {
            json.writeArrayFieldStart(compact(p.getKey()));
            for (Value v : p.getValue()) {
                value(v);
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
                json.writeStringField("@type", compact(l.getDatatype()));
            }
        } else {
            json.writeStringField("@id", id((Resource) v));
        }
        json.writeEndObject();
    }

    private static String id(Resource r) {
        return r instanceof BNode b ? "_:" + b.getID() : r.stringValue();
    }

    /** {@code prefix:local} where a namespace given covers the IRI, else the IRI itself. */
    private String compact(IRI iri) {
        String value = iri.stringValue();
        for (Map.Entry<String, String> p : prefixes.entrySet()) {
            if (value.startsWith(p.getValue()) && value.length() > p.getValue().length()) {
                return p.getKey() + ":" + value.substring(p.getValue().length());
            }
        }
        return value;
    }
}
