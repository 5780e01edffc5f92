package dev.camelsuite.enhancer.content;

/**
 * A statement about an entity that an entity annotation links to ({@code fise:entity-reference}), as a dereferencing
 * engine copied it from the entity's vocabulary — its label in a language, a type, its picture. Stanbol writes these
 * into the enhancement results, so that a client shows what a mention names without asking anyone else. The value is
 * an IRI ({@link #iri()}), or a literal: text in a language, a value of a datatype, or plain text.
 *
 * @param entity   the entity's IRI, the subject
 * @param property the property's IRI, e.g. {@code http://www.w3.org/2004/02/skos/core#prefLabel}
 * @param value    an IRI when {@code iri}, else the literal's text
 * @param iri      whether the value is an IRI
 * @param language the literal's language tag, or null
 * @param datatype the literal's datatype IRI, or null (plain text, or text in a language)
 */
public record EntityStatement(String entity, String property, String value, boolean iri, String language,
                              String datatype) {

    public EntityStatement {
        if (!AnnotationRules.isIri(entity)) {
            throw new IllegalArgumentException("A statement about an entity needs the entity's IRI, not '" + entity
                                               + "'");
        }
        if (!AnnotationRules.isIri(property)) {
            throw new IllegalArgumentException("A statement about <" + entity + "> needs a property IRI, not '"
                                               + property + "'");
        }
        if (value == null || iri && !AnnotationRules.isIri(value)) {
            throw new IllegalArgumentException("Statement <" + entity + "> <" + property + "> needs a value"
                                               + (iri ? " that is an IRI, not '" + value + "'" : ""));
        }
        if (iri && (language != null || datatype != null) || language != null && datatype != null) {
            throw new IllegalArgumentException("Statement <" + entity + "> <" + property
                                               + ">: an IRI has no language or datatype, a literal one of them");
        }
        if (datatype != null && !AnnotationRules.isIri(datatype)) {
            throw new IllegalArgumentException("Statement <" + entity + "> <" + property + ">: datatype '" + datatype
                                               + "' is no IRI");
        }
    }

    /** Whether a statement can hold this IRI: absolute, at most 2048 characters, none that IRIs may not hold. */
    public static boolean isIri(String text) {
        return AnnotationRules.isIri(text);
    }

    /** A statement whose value is an IRI (a type, a picture). */
    public static EntityStatement iri(String entity, String property, String iri) {
        return new EntityStatement(entity, property, iri, true, null, null);
    }

    /** A statement whose value is text, in a language or (null) in none. */
    public static EntityStatement text(String entity, String property, String text, String language) {
        return new EntityStatement(entity, property, text, false, language, null);
    }

    /** A statement whose value is a literal of a datatype (a number, a date). */
    public static EntityStatement typed(String entity, String property, String lexical, String datatype) {
        return new EntityStatement(entity, property, lexical, false, null, datatype);
    }
}
