package dev.camelsuite.enhancer.engines.dictionary;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;

import dev.camelsuite.enhancer.content.EntityStatement;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Entity;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Label;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.LabelKind;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.rio.RDFHandlerException;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.helpers.AbstractRDFHandler;
import org.eclipse.rdf4j.rio.helpers.BasicParserSettings;
import org.eclipse.rdf4j.rio.ntriples.NTriplesParser;
import org.eclipse.rdf4j.rio.rdfxml.RDFXMLParser;
import org.eclipse.rdf4j.rio.turtle.TurtleParser;

/**
 * Reads a vocabulary from RDF — a SKOS thesaurus or any dataset — statement by statement, never holding the graph:
 * every IRI with a label (a value of one of the {@link LabelProperties}) is an entity, except SKOS concept schemes and
 * collections. A label's language tag is its language; a label without one names the entity in every language. The
 * entity's types are its {@code rdf:type}s other than {@code skos:Concept} (or {@code skos:Concept} when it has no
 * other). Its other statements whose value is an IRI or a literal are kept, for dereferencing; those about blank
 * nodes, and with blank nodes as values, are left out.
 */
public final class RdfVocabularyReader extends AbstractRDFHandler {

    /** The RDF syntaxes read, each by its own parser (no service lookup, which suits native images). */
    public enum Syntax {
        TURTLE, N_TRIPLES, RDF_XML;

        /** The syntax of a file name's extension (a {@code .gz} after it left out first), or null. */
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

    private static final String SKOS_CONCEPT = LabelProperties.SKOS + "Concept";
    private static final Set<String> NOT_ENTITIES = Set.of(LabelProperties.SKOS + "ConceptScheme",
            LabelProperties.SKOS + "Collection", LabelProperties.SKOS + "OrderedCollection");

    private final VocabularyBuilder builder;
    private final LabelProperties labels;

    private RdfVocabularyReader(VocabularyBuilder builder, LabelProperties labels) {
        this.builder = builder;
        this.labels = labels;
    }

    /** Reads the whole stream (the caller closes it) with the default label properties and no heap budget. */
    public static Vocabulary read(InputStream in, Syntax syntax, String source) {
        return read(in, syntax, new VocabularyBuilder(source), LabelProperties.defaults(), source);
    }

    static Vocabulary read(InputStream in, Syntax syntax, VocabularyBuilder builder, LabelProperties labels,
                           String source) {
        RDFParser parser = syntax.parser();
        // RDF4J's own checks of IRIs and language tags took a quarter of the reading time of a large dataset; every
        // IRI kept is checked as an answer needs it (EntityStatement.isIri), every language tag normalized
        parser.getParserConfig().set(BasicParserSettings.VERIFY_URI_SYNTAX, false);
        parser.getParserConfig().set(BasicParserSettings.VERIFY_LANGUAGE_TAGS, false);
        parser.setRDFHandler(new RdfVocabularyReader(builder, labels));
        try {
            parser.parse(in, "urn:vocabulary:");
        } catch (RDFParseException e) {
            throw new IllegalArgumentException("Vocabulary " + source + " is not valid " + syntax + ": "
                                               + e.getMessage(), e);
        } catch (RDFHandlerException e) {
            // what the handler threw: a label without text, a vocabulary too big for the heap
            throw e.getCause() instanceof RuntimeException r ? r : e;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read vocabulary " + source, e);
        }
        return builder.build(draft -> entityOf(draft, builder.shared()));
    }

    /** Keeps a statement as a label, a type or a statement of its subject; one RDF holds and our IRIs do not, not. */
    @Override
    public void handleStatement(Statement st) {
        String entity = st.getSubject().stringValue();
        if (!(st.getSubject() instanceof IRI) || !EntityStatement.isIri(entity)) {
            return;
        }
        try {
            keep(st, entity, st.getPredicate().stringValue());
        } catch (IllegalArgumentException e) {
            // an IRI value RDF4J read and an answer could not carry (a space in it, or 3,000 characters): left out
        }
    }

    private void keep(Statement st, String entity, String property) {
        if (st.getObject() instanceof Literal literal) {
            LabelKind kind = labels.kindOf(property);
            String language = literal.getLanguage().orElse(null);
            if (kind != null && !literal.getLabel().isBlank()) {
                builder.label(entity, literal.getLabel(), language, kind, property);
            } else if (language != null || XSD.STRING.equals(literal.getDatatype())) {
                builder.statement(EntityStatement.text(entity, property, literal.getLabel(), language));
            } else {
                builder.statement(EntityStatement.typed(entity, property, literal.getLabel(),
                        literal.getDatatype().stringValue()));
            }
        } else if (st.getObject() instanceof IRI value) {
            if (RDF.TYPE.equals(st.getPredicate())) {
                builder.entity(entity, List.of(value.stringValue()));
            } else {
                builder.statement(EntityStatement.iri(entity, property, value.stringValue()));
            }
        }
    }

    /**
     * The entity a subject is, by SKOS's rules, or null: none without a label, none for a concept scheme or a
     * collection; {@code skos:Concept} a type only when it is the only one (else a statement); a label of a property
     * other than SKOS's a statement when the entity has a {@code skos:prefLabel}.
     */
    static Entity entityOf(EntityDraft draft, SharedStrings shared) {
        if (draft.labels.isEmpty() || draft.types.stream().anyMatch(NOT_ENTITIES::contains)) {
            return null;
        }
        if (draft.types.size() > 1 && draft.types.remove(SKOS_CONCEPT)) {
            draft.addStatement(EntityStatement.iri(draft.reference, shared.share(Vocabulary.RDF_TYPE), SKOS_CONCEPT));
        }
        if (draft.labels.stream().anyMatch(l -> l.property().equals(LabelProperties.PREF_LABEL))) {
            for (Label label : List.copyOf(draft.labels)) {
                if (LabelProperties.yieldsToSkos(label.property())) {
                    draft.labels.remove(label);
                    draft.addStatement(EntityStatement.text(draft.reference, label.property(), label.text(),
                            label.language()));
                }
            }
        }
        return draft.toEntity(shared);
    }
}
