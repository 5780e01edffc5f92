package dev.camelsuite.enhancer.engines.tika;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import dev.camelsuite.enhancer.content.DocumentMetadata;
import dev.camelsuite.enhancer.metadata.Namespaces;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.Office;
import org.apache.tika.metadata.Property;
import org.apache.tika.metadata.TikaCoreProperties;

/**
 * What Tika read of a document, as Stanbol's tika engine writes it about the content item by default: in DC Terms
 * ({@code http://purl.org/dc/terms/}) and the W3C Media Ontology ({@code http://www.w3.org/ns/ma-ont#}) — the
 * document's format, title, creators, contributors, description, subjects and keywords, language, publisher, rights,
 * identifier, and its dates as {@code xsd:dateTime} (or {@code xsd:date}).
 */
final class DocumentMetadataMapping {

    static final String DC = Namespaces.DC;
    static final String MA = "http://www.w3.org/ns/ma-ont#";
    static final String XSD = "http://www.w3.org/2001/XMLSchema#";

    private static final Pattern DATE_TIME = Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})?");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    /** One of Tika's properties, and what Stanbol maps it to (the Media Ontology's term, or null). */
    private record Mapping(Property tika, String dcTerm, String maTerm, boolean date) {
    }

    private static final List<Mapping> MAPPINGS = List.of(
            new Mapping(TikaCoreProperties.TITLE, "title", "title", false),
            new Mapping(TikaCoreProperties.CREATOR, "creator", "hasCreator", false),
            new Mapping(TikaCoreProperties.CONTRIBUTOR, "contributor", "hasContributor", false),
            new Mapping(TikaCoreProperties.DESCRIPTION, "description", "description", false),
            new Mapping(TikaCoreProperties.SUBJECT, "subject", "hasKeyword", false),
            new Mapping(Office.KEYWORDS, "subject", "hasKeyword", false),
            new Mapping(TikaCoreProperties.LANGUAGE, "language", "hasLanguage", false),
            new Mapping(TikaCoreProperties.PUBLISHER, "publisher", "hasPublisher", false),
            new Mapping(TikaCoreProperties.RIGHTS, "rights", "copyright", false),
            new Mapping(TikaCoreProperties.IDENTIFIER, "identifier", null, false),
            new Mapping(TikaCoreProperties.CREATED, "created", "creationDate", true),
            new Mapping(TikaCoreProperties.MODIFIED, "modified", "editDate", true));

    private DocumentMetadataMapping() {
    }

    /** The statements about the document: its format first (the type Tika read it as), then the others. */
    static List<DocumentMetadata> of(Metadata metadata) {
        Set<DocumentMetadata> statements = new LinkedHashSet<>();
        String format = metadata.get(Metadata.CONTENT_TYPE);
        if (format != null && !format.isBlank()) {
            statements.add(new DocumentMetadata(DC + "format", format, null));
            statements.add(new DocumentMetadata(MA + "hasFormat", format, null));
        }
        for (Mapping m : MAPPINGS) {
            for (String value : metadata.getValues(m.tika())) {
                if (value == null || value.isBlank()) {
                    continue;
                }
                String text = value.strip();
                String datatype = m.date() ? datatype(text) : null;
                statements.add(new DocumentMetadata(DC + m.dcTerm(), text, datatype));
                if (m.maTerm() != null) {
                    statements.add(new DocumentMetadata(MA + m.maTerm(), text, datatype));
                }
            }
        }
        return new ArrayList<>(statements);
    }

    /** {@code xsd:dateTime} or {@code xsd:date} for a value written as one, else none (plain text). */
    private static String datatype(String value) {
        if (DATE_TIME.matcher(value).matches()) {
            return XSD + "dateTime";
        }
        return DATE.matcher(value).matches() ? XSD + "date" : null;
    }
}
