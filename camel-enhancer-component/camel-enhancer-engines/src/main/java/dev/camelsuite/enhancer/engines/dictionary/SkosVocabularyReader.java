package dev.camelsuite.enhancer.engines.dictionary;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.LabelKind;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;
import org.eclipse.rdf4j.model.vocabulary.SKOS;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.helpers.StatementCollector;
import org.eclipse.rdf4j.rio.ntriples.NTriplesParser;
import org.eclipse.rdf4j.rio.rdfxml.RDFXMLParser;
import org.eclipse.rdf4j.rio.turtle.TurtleParser;

/**
 * Reads a vocabulary from SKOS: every IRI with a {@code skos:prefLabel}, {@code skos:altLabel} or
 * {@code skos:hiddenLabel} is an entity (and so is one with only an {@code rdfs:label}, taken as its preferred
 * label), except concept schemes and collections. A label's language tag is its language; a label without one names
 * the entity in every language. The entity's types are its {@code rdf:type}s other than {@code skos:Concept} (or
 * {@code skos:Concept} when it has no other).
 */
public final class SkosVocabularyReader {

    /** The RDF syntaxes read, each by its own parser (no service lookup, which suits native images). */
    public enum Syntax {
        TURTLE, N_TRIPLES, RDF_XML;

        /** The syntax of a file name's extension, or null. */
        public static Syntax ofFileName(String name) {
            if (name.endsWith(".ttl")) {
                return TURTLE;
            }
            if (name.endsWith(".nt")) {
                return N_TRIPLES;
            }
            if (name.endsWith(".rdf") || name.endsWith(".owl") || name.endsWith(".xml")) {
                return RDF_XML;
            }
            return null;
        }

        RDFParser parser() {
            return switch (this) {
                case TURTLE -> new TurtleParser();
                case N_TRIPLES -> new NTriplesParser();
                case RDF_XML -> new RDFXMLParser();
            };
        }
    }

    private SkosVocabularyReader() {
    }

    /** Reads the whole stream (the caller closes it); {@code source} names it in messages and is the base IRI. */
    public static Vocabulary read(InputStream in, Syntax syntax, String source) {
        Model model = new LinkedHashModel();
        RDFParser parser = syntax.parser();
        parser.setRDFHandler(new StatementCollector(model));
        try {
            parser.parse(in, "urn:vocabulary:");
        } catch (RDFParseException e) {
            throw new IllegalArgumentException("Vocabulary " + source + " is not valid " + syntax + ": "
                                               + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read vocabulary " + source, e);
        }
        return fromModel(model, source);
    }

    /** The entities of an RDF model read as SKOS. */
    public static Vocabulary fromModel(Model model, String source) {
        Set<IRI> subjects = new LinkedHashSet<>();
        for (Statement s : model) {
            if (s.getSubject() instanceof IRI iri && kindOf(s.getPredicate()) != null
                && !isSchemeOrCollection(model, iri)) {
                subjects.add(iri);
            }
        }
        Vocabulary.Builder builder = new Vocabulary.Builder(source);
        for (IRI subject : subjects) {
            builder.entity(subject.stringValue(), types(model, subject));
            boolean hasSkosLabel = false;
            for (Statement s : model.getStatements(subject, null, null)) {
                LabelKind kind = kindOf(s.getPredicate());
                if (kind != null && !RDFS.LABEL.equals(s.getPredicate()) && s.getObject() instanceof Literal) {
                    hasSkosLabel = true;
                }
            }
            for (Statement s : model.getStatements(subject, null, null)) {
                LabelKind kind = kindOf(s.getPredicate());
                if (kind == null || !(s.getObject() instanceof Literal literal)) {
                    continue;
                }
                if (RDFS.LABEL.equals(s.getPredicate()) && hasSkosLabel) {
                    continue; // SKOS labels say it better
                }
                builder.label(subject.stringValue(), literal.getLabel(), literal.getLanguage().orElse(null), kind);
            }
        }
        return builder.build();
    }

    private static boolean isSchemeOrCollection(Model model, Resource subject) {
        return model.contains(subject, RDF.TYPE, SKOS.CONCEPT_SCHEME)
               || model.contains(subject, RDF.TYPE, SKOS.COLLECTION)
               || model.contains(subject, RDF.TYPE, SKOS.ORDERED_COLLECTION);
    }

    private static List<String> types(Model model, Resource subject) {
        List<String> types = new ArrayList<>();
        boolean concept = false;
        for (Statement s : model.getStatements(subject, RDF.TYPE, null)) {
            if (SKOS.CONCEPT.equals(s.getObject())) {
                concept = true;
            } else if (s.getObject() instanceof IRI type) {
                types.add(type.stringValue());
            }
        }
        if (types.isEmpty() && concept) {
            types.add(SKOS.CONCEPT.stringValue());
        }
        return types;
    }

    private static LabelKind kindOf(IRI predicate) {
        if (SKOS.PREF_LABEL.equals(predicate) || RDFS.LABEL.equals(predicate)) {
            return LabelKind.PREFERRED;
        }
        if (SKOS.ALT_LABEL.equals(predicate)) {
            return LabelKind.ALTERNATIVE;
        }
        if (SKOS.HIDDEN_LABEL.equals(predicate)) {
            return LabelKind.HIDDEN;
        }
        return null;
    }
}
