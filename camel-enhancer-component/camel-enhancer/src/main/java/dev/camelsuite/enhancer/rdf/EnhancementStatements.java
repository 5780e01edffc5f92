package dev.camelsuite.enhancer.rdf;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.UnaryOperator;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.DocumentMetadata;
import dev.camelsuite.enhancer.content.EntityAnnotation;
import dev.camelsuite.enhancer.content.EntityStatement;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.vocabulary.RDF;

import static dev.camelsuite.enhancer.rdf.RdfTerms.*;

/** The statements of a content item's enhancements in Stanbol's enhancement structure, those of one subject together. */
final class EnhancementStatements {

    private EnhancementStatements() {
    }

    /** Where the statements of {@link #emit} go: a model, or a writer. */
    @FunctionalInterface
    interface Statements {
        void add(Resource subject, IRI predicate, Value object);
    }

    /**
     * The statements of {@link EnhancementRdf#toModel(ContentItem, boolean)}, those of one subject together.
     *
     * @param creators the {@code dc:creator} written for an engine's name
     */
    static void emit(ContentItem item, boolean withMetadata, UnaryOperator<String> creators, Statements model) {
        IRI itemIri = VF.createIRI(item.getUri());
        ExecutionMetadata md = item.getExecutionMetadata();
        Map<String, Instant> createdBy = new HashMap<>();
        if (md != null) {
            for (EngineExecution e : md.getEngineExecutions()) {
                if (e.getCompleted() != null) {
                    createdBy.put(e.getEngine(), e.getCompleted());
                }
            }
        }
        Mentions mentions = new Mentions(item, itemIri, createdBy, Instant.now(), creators);
        for (TextAnnotation a : item.getAnnotations()) {
            textAnnotation(model, mentions, a);
        }
        // what an extraction engine read of the document, about the item (as Stanbol's tika engine writes it)
        for (DocumentMetadata m : item.getDocumentMetadata()) {
            model.add(itemIri, VF.createIRI(m.property()), m.datatype() == null ? VF.createLiteral(m.value())
                    : VF.createLiteral(m.value(), VF.createIRI(m.datatype())));
        }
        for (EntityAnnotation e : item.getEntities()) {
            entityAnnotation(model, mentions, e);
        }
        // the linked entities' own statements, as Stanbol's dereference engines write them into the results
        for (EntityStatement s : item.getEntityDescriptions().statements()) {
            model.add(VF.createIRI(s.entity()), VF.createIRI(s.property()), valueOf(s));
        }
        if (md != null && withMetadata) {
            // the metadata are small: gathered first, so that each subject's statements come together
            Model metadata = new LinkedHashModel();
            MetadataRdf.addMetadata(metadata, md, itemIri);
            for (Resource subject : metadata.subjects()) {
                for (Statement st : metadata.getStatements(subject, null, null)) {
                    model.add(st.getSubject(), st.getPredicate(), st.getObject());
                }
            }
        }
    }

    /** What the annotations of one item share: its IRI, language and text, who made what when, and the mentions. */
    private static final class Mentions {
        final ContentItem item;
        final IRI itemIri;
        final String text;
        final String language;
        final Map<String, Instant> createdBy;
        final Instant now;
        final UnaryOperator<String> creators;
        final Map<String, IRI> annotationIris = new HashMap<>();
        /** Entities suggested per text annotation. */
        final Map<String, Integer> suggestions = new HashMap<>();

        Mentions(ContentItem item, IRI itemIri, Map<String, Instant> createdBy, Instant now,
                 UnaryOperator<String> creators) {
            this.item = item;
            this.itemIri = itemIri;
            this.text = item.getText();
            this.language = languageTag(item.getLanguage());
            this.createdBy = createdBy;
            this.now = now;
            this.creators = creators;
            for (EntityAnnotation e : item.getEntities()) {
                if (e.getTextAnnotation() != null) {
                    suggestions.merge(e.getTextAnnotation().getId(), 1, Integer::sum);
                }
            }
        }

        Instant created(String engine) {
            return createdBy.getOrDefault(engine, now);
        }

        String creator(String engine) {
            return engine == null ? "unknown" : creators.apply(engine);
        }
    }

    /**
     * An enhancement's IRI in Stanbol's shape, {@code urn:enhancement-} and a UUID (Stanbol's clients match on it). The
     * UUID is made from the item's URI and the annotation's id rather than drawn at random, so writing one content
     * item twice (in two formats, or again after a remote worker sent it back) names its enhancements the same.
     */
    static IRI enhancementIri(ContentItem item, String annotationId) {
        byte[] name = (item.getUri() + "#" + annotationId).getBytes(StandardCharsets.UTF_8);
        return VF.createIRI("urn:enhancement-" + UUID.nameUUIDFromBytes(name));
    }

    /** A text annotation; the NLP analysis (sentences, tokens) only where an entity was suggested for it. */
    private static void textAnnotation(Statements model, Mentions m, TextAnnotation a) {
        if (TextAnnotation.ANALYSIS_TYPES.contains(a.getType()) && !m.suggestions.containsKey(a.getId())) {
            return;
        }
        IRI ta = enhancementIri(m.item, a.getId());
        m.annotationIris.put(a.getId(), ta);
        model.add(ta, RDF.TYPE, FISE_ENHANCEMENT);
        model.add(ta, RDF.TYPE, FISE_TEXT_ANNOTATION);
        enhancement(model, ta, m.itemIri, m.creator(a.getEngine()), a.getConfidence(), m.created(a.getEngine()));
        if (TextAnnotation.LANGUAGE.equals(a.getType())) {
            model.add(ta, DC_TYPE, DC_LINGUISTIC_SYSTEM);
            model.add(ta, DC_LANGUAGE, VF.createLiteral(String.valueOf(a.getFeature(TextAnnotation.LANGUAGE_FEATURE))));
        } else {
            IRI type = typeOf(a);
            if (type != null) {
                model.add(ta, DC_TYPE, type);
            }
        }
        if (a.hasSpan() && m.text != null) {
            Occurrence at = Occurrence.of(m.text, a.getBegin(), a.getEnd());
            model.add(ta, FISE_START, VF.createLiteral(a.getBegin()));
            model.add(ta, FISE_END, VF.createLiteral(a.getEnd()));
            model.add(ta, FISE_SELECTED_TEXT, text(at.selected(), m.language));
            model.add(ta, FISE_SELECTION_PREFIX, text(at.prefix(), m.language));
            model.add(ta, FISE_SELECTION_SUFFIX, text(at.suffix(), m.language));
            model.add(ta, FISE_SELECTION_CONTEXT, text(at.context(), m.language));
        }
    }

    private static void entityAnnotation(Statements model, Mentions m, EntityAnnotation e) {
        IRI ea = enhancementIri(m.item, e.getId());
        model.add(ea, RDF.TYPE, FISE_ENHANCEMENT);
        model.add(ea, RDF.TYPE, FISE_ENTITY_ANNOTATION);
        enhancement(model, ea, m.itemIri, m.creator(e.getEngine()), e.getConfidence(), m.created(e.getEngine()));
        model.add(ea, FISE_ENTITY_REFERENCE, VF.createIRI(e.getReference()));
        String labelLanguage = e.getLabelLanguage() == null ? m.language : languageTag(e.getLabelLanguage());
        model.add(ea, FISE_ENTITY_LABEL, text(labelOf(e), labelLanguage));
        for (String type : e.getTypes()) {
            model.add(ea, FISE_ENTITY_TYPE, VF.createIRI(type));
        }
        IRI mention = e.getTextAnnotation() == null ? null : m.annotationIris.get(e.getTextAnnotation().getId());
        if (mention != null) {
            model.add(ea, DC_RELATION, mention);
            // one entity for a mention is a suggestion; several, a choice still to be made
            model.add(ea, FISE_CONFIDENCE_LEVEL, m.suggestions.get(e.getTextAnnotation().getId()) > 1
                    ? FISE_CL_AMBIGUOUS : FISE_CL_SUGGESTION);
        }
    }

    private static void enhancement(Statements model, IRI subject, IRI item, String creator, double confidence,
                                    Instant created) {
        model.add(subject, FISE_EXTRACTED_FROM, item);
        model.add(subject, DC_CREATOR, VF.createLiteral(creator));
        model.add(subject, DC_CREATED, dateTime(created));
        model.add(subject, FISE_CONFIDENCE, VF.createLiteral(confidence));
    }

    /**
     * The annotation's {@code dc:type}, which Stanbol requires to be an IRI: the kind of entity a mention names, else
     * the annotation's type when it is an absolute IRI; null for a type that is a plain word (it stays in the item's
     * JSON, the RDF has no IRI for it).
     */
    private static IRI typeOf(TextAnnotation a) {
        Object kind = a.getFeature(TextAnnotation.ENTITY_TYPE_FEATURE);
        if (kind instanceof String k && isAbsoluteIri(k)) {
            return VF.createIRI(k);
        }
        return isAbsoluteIri(a.getType()) ? VF.createIRI(a.getType()) : null;
    }

    private static boolean isAbsoluteIri(String value) {
        return value.startsWith("http://") || value.startsWith("https://") || value.startsWith("urn:");
    }

    /** Stanbol requires a label: the entity's own, else the text it was found for, else its reference. */
    private static String labelOf(EntityAnnotation e) {
        if (e.getLabel() != null && !e.getLabel().isBlank()) {
            return e.getLabel();
        }
        TextAnnotation mention = e.getTextAnnotation();
        return mention != null && mention.getCoveredText() != null ? mention.getCoveredText() : e.getReference();
    }

    private static Value valueOf(EntityStatement s) {
        if (s.iri()) {
            return VF.createIRI(s.value());
        }
        if (s.datatype() != null) {
            return VF.createLiteral(s.value(), VF.createIRI(s.datatype()));
        }
        return text(s.value(), languageTag(s.language()));
    }

    /** Text from the content, tagged with its language as Stanbol tags it, when the language is a valid tag. */
    private static Literal text(String value, String language) {
        return language == null ? VF.createLiteral(value) : VF.createLiteral(value, language);
    }

    private static String languageTag(String language) {
        return language != null && LANGUAGE_TAG.matcher(language).matches() ? language : null;
    }
}
