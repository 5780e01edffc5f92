package dev.camelsuite.examples.documents;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.DocumentMetadata;
import dev.camelsuite.enhancer.content.TextAnnotation;

/**
 * What a route branches on in an enhanced document: whether its text mentions people or places (the kind the
 * linking engine gives each mention, as Stanbol's NER engines type theirs), and its title as the document states it.
 */
// tag::mentions[]
public final class Mentions {

    static final String PERSON = "http://dbpedia.org/ontology/Person";
    static final String PLACE = "http://dbpedia.org/ontology/Place";

    private Mentions() {
    }

    /** Whether the text mentions a person. */
    public static boolean people(ContentItem item) {
        return mentions(item, PERSON);
    }

    /** Whether the text mentions a place. */
    public static boolean places(ContentItem item) {
        return mentions(item, PLACE);
    }

    /** The document's title, as it states it (its {@code dc:title}), or its id. */
    public static String title(ContentItem item) {
        return item.getDocumentMetadata().stream()
                .filter(m -> m.property().equals("http://purl.org/dc/terms/title")).map(DocumentMetadata::value)
                .findFirst().orElse(item.getUri());
    }

    private static boolean mentions(ContentItem item, String kind) {
        return item.getAnnotationsOfType("entity").stream()
                .anyMatch(a -> kind.equals(a.getFeature(TextAnnotation.ENTITY_TYPE_FEATURE)));
    }
}
// end::mentions[]
