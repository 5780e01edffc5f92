package dev.camelsuite.enhancer.engines.dereference;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EntityAnnotation;
import dev.camelsuite.enhancer.content.EntityStatement;
import dev.camelsuite.enhancer.engines.LanguageCodes;
import dev.camelsuite.enhancer.engines.NamespacePrefixes;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;

/**
 * Stanbol's dereference engine over a {@link Vocabulary}: for each entity an entity annotation of the item links to
 * ({@code fise:entity-reference}), it copies the entity's own statements from the vocabulary into the item
 * ({@link ContentItem#getEntityDescriptions()}), so that the answer shows what a mention names — its labels, types,
 * picture. It runs after the linking engines (post-processing), as an engine of its own, as in Stanbol.
 * <p>
 * What it copies, as Stanbol's engine does: only the {@linkplain #setFields fields} asked for (by the request's
 * {@code enhancer.engines.dereference.fields}, else the engine's; none: every field — a type only when
 * {@code rdf:type} is one of them); of text in a language, only that in the text's language and the
 * {@linkplain #setLanguages languages} asked for (the request's {@code enhancer.engines.dereference.languages} and the
 * engine's); text without a language always. An entity of another vocabulary, or one another engine described
 * already (Stanbol's fallback mode), is left as it is.
 */
public class EntityDereferenceEngine implements EnhancementEngine {

    /** The name the default chain uses. */
    public static final String NAME = "dereference";
    private static final String RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

    private final String name;
    private final Vocabulary vocabulary;
    private volatile List<String> fields = List.of();
    private volatile List<String> languages = List.of();

    /** The engine {@value #NAME} over a vocabulary (the one the linking engine links to). */
    public EntityDereferenceEngine(Vocabulary vocabulary) {
        this(NAME, vocabulary);
    }

    public EntityDereferenceEngine(String name, Vocabulary vocabulary) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("An engine needs a name");
        }
        this.name = name;
        this.vocabulary = Objects.requireNonNull(vocabulary, "vocabulary");
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrder() {
        return EngineOrder.POST_PROCESSING;
    }

    public Vocabulary getVocabulary() {
        return vocabulary;
    }

    public List<String> getFields() {
        return fields;
    }

    /**
     * The properties copied when the request names none, as IRIs or prefixed names ({@code rdfs:label},
     * {@code foaf:depiction}); none (the default): every property.
     *
     * @throws IllegalArgumentException for a name that is neither an IRI nor a prefixed name known here
     */
    public void setFields(List<String> fields) {
        List<String> iris = new ArrayList<>();
        for (String field : fields) {
            iris.add(NamespacePrefixes.iri(field));
        }
        this.fields = List.copyOf(iris);
    }

    public List<String> getLanguages() {
        return languages;
    }

    /** Languages whose text is always copied, besides the text's own and those the request asks for (default none). */
    public void setLanguages(List<String> languages) {
        List<String> normalized = new ArrayList<>();
        for (String language : languages) {
            String code = LanguageCodes.normalize(language);
            if (code != null) {
                normalized.add(code);
            }
        }
        this.languages = List.copyOf(normalized);
    }

    /** Runs on items with entity annotations; it takes the item's lock for what it reads and adds (Stanbol's async). */
    @Override
    public CanEnhance canEnhance(ContentItem item) {
        return item.getEntities().isEmpty() ? CanEnhance.CANNOT : CanEnhance.ASYNCHRONOUS;
    }

    @Override
    public String cannotEnhanceReason(ContentItem item) {
        return "the item has no entity annotations";
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        DereferenceProperties asked;
        try {
            asked = DereferenceProperties.of(item.getProperties().forEngine(name), fields, languages);
        } catch (IllegalArgumentException e) {
            throw new EngineException(e.getMessage());
        }
        Set<String> wanted = languagesOf(item, asked);
        Set<String> references = new LinkedHashSet<>();
        for (EntityAnnotation e : item.getEntities()) {
            references.add(e.getReference());
        }
        Cancellation cancellation = Cancellation.current();
        for (String reference : references) {
            cancellation.check();
            Vocabulary.Entity entity = vocabulary.entity(reference);
            if (entity == null || item.getEntityDescriptions().describes(reference)) {
                continue;
            }
            item.getEntityDescriptions().add(copy(entity, asked.fields(), wanted));
        }
    }

    /**
     * What is copied of the entity: what {@link Vocabulary.Entity#description()} holds, in the fields and languages
     * wanted — chosen before a statement is made of a label or a type, since an item may link to thousands.
     */
    private static List<EntityStatement> copy(Vocabulary.Entity entity, Set<String> fields, Set<String> languages) {
        List<EntityStatement> copied = new ArrayList<>();
        for (Vocabulary.Label l : entity.labels()) {
            if (isAsked(fields, l.property()) && inLanguage(l.language(), languages)) {
                copied.add(EntityStatement.text(entity.reference(), l.property(), l.text(), l.language()));
            }
        }
        if (isAsked(fields, RDF_TYPE)) {
            for (String type : entity.types()) {
                copied.add(EntityStatement.iri(entity.reference(), RDF_TYPE, type));
            }
        }
        for (EntityStatement s : entity.statements()) {
            if (isAsked(fields, s.property()) && inLanguage(s.language(), languages)) {
                copied.add(s);
            }
        }
        return copied;
    }

    private static boolean isAsked(Set<String> fields, String property) {
        return fields.isEmpty() || fields.contains(property);
    }

    /** The languages of text to copy: those asked for and the text's; null when neither is known (every language). */
    private static Set<String> languagesOf(ContentItem item, DereferenceProperties asked) {
        String content = LanguageCodes.normalize(item.getLanguage());
        if (content == null && asked.languages().isEmpty()) {
            return null;
        }
        Set<String> wanted = new LinkedHashSet<>(asked.languages());
        if (content != null) {
            wanted.add(content);
        }
        return wanted;
    }

    private static boolean inLanguage(String language, Set<String> wanted) {
        return language == null || wanted == null || wanted.contains(LanguageCodes.normalize(language));
    }

    @Override
    public String toString() {
        return "EntityDereferenceEngine[" + name + ", " + vocabulary + "]";
    }
}
