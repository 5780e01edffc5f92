package dev.camelsuite.enhancer.content;

/**
 * A statement about the document a content item holds — its title, author, dates — as an extraction engine read it
 * from the document (Stanbol's tika engine writes these about the content item): the property's IRI and its value, a
 * literal of a datatype (an IRI; null for plain text).
 *
 * @param property the property's IRI, e.g. {@code http://purl.org/dc/terms/title}
 * @param value    its value, as text
 * @param datatype the value's datatype IRI (e.g. {@code xsd:dateTime}), or null for plain text
 */
public record DocumentMetadata(String property, String value, String datatype) {

    /** The most characters of one value; longer ones are cut there. */
    public static final int MAX_VALUE_LENGTH = 10_000;

    public DocumentMetadata {
        if (!AnnotationRules.isIri(property)) {
            throw new IllegalArgumentException("Document metadata need a property IRI, not '" + property + "'");
        }
        if (datatype != null && !AnnotationRules.isIri(datatype)) {
            throw new IllegalArgumentException("The datatype of document metadata " + property + " must be an IRI, not '"
                                               + datatype + "'");
        }
        if (value == null) {
            throw new IllegalArgumentException("Document metadata " + property + " need a value");
        }
        if (value.length() > MAX_VALUE_LENGTH) {
            value = value.substring(0, MAX_VALUE_LENGTH);
        }
    }
}
