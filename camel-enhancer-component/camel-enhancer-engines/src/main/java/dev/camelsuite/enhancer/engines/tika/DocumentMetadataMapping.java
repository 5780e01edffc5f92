package dev.camelsuite.enhancer.engines.tika;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import dev.camelsuite.enhancer.content.DocumentMetadata;
import dev.camelsuite.enhancer.metadata.Namespaces;
import org.apache.tika.metadata.Geographic;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.Office;
import org.apache.tika.metadata.Property;
import org.apache.tika.metadata.TIFF;
import org.apache.tika.metadata.TikaCoreProperties;

/**
 * What Tika read of a document, as Stanbol's tika engine writes it about the content item by default: in DC Terms
 * ({@code http://purl.org/dc/terms/}) and the W3C Media Ontology ({@code http://www.w3.org/ns/ma-ont#}) — the
 * document's format, title, creators, contributors, description, subjects and keywords, language, publisher, rights,
 * identifier, and its dates as {@code xsd:dateTime} (or {@code xsd:date}); an image's EXIF in Nepomuk's EXIF
 * ontology (camera, exposure, ISO speed, the moment it was taken …), its size as the Media Ontology's frame height
 * and width, and where it was taken in the W3C's WGS84 vocabulary, each typed as Stanbol types it.
 */
final class DocumentMetadataMapping {

    static final String DC = Namespaces.DC;
    static final String MA = "http://www.w3.org/ns/ma-ont#";
    static final String NEXIF = "http://www.semanticdesktop.org/ontologies/2007/05/10/nexif#";
    static final String GEO = "http://www.w3.org/2003/01/geo/wgs84_pos#";
    static final String XSD = "http://www.w3.org/2001/XMLSchema#";

    private static final Pattern DATE_TIME = Pattern.compile(
            "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2})?");
    private static final Pattern DATE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");

    /** How a value is written: as text, or typed (a value that is not of its type is left out, as Stanbol does). */
    private enum Kind {
        TEXT, DATE, INT, DOUBLE, BOOLEAN
    }

    /** One of Tika's properties, and the terms Stanbol maps it to. */
    private record Mapping(Property tika, Kind kind, String... terms) {
    }

    private static final List<Mapping> MAPPINGS = List.of(
            new Mapping(TikaCoreProperties.TITLE, Kind.TEXT, DC + "title", MA + "title"),
            new Mapping(TikaCoreProperties.CREATOR, Kind.TEXT, DC + "creator", MA + "hasCreator"),
            new Mapping(TikaCoreProperties.CONTRIBUTOR, Kind.TEXT, DC + "contributor", MA + "hasContributor"),
            new Mapping(TikaCoreProperties.DESCRIPTION, Kind.TEXT, DC + "description", MA + "description"),
            new Mapping(TikaCoreProperties.SUBJECT, Kind.TEXT, DC + "subject", MA + "hasKeyword"),
            new Mapping(Office.KEYWORDS, Kind.TEXT, DC + "subject", MA + "hasKeyword"),
            new Mapping(TikaCoreProperties.LANGUAGE, Kind.TEXT, DC + "language", MA + "hasLanguage"),
            new Mapping(TikaCoreProperties.PUBLISHER, Kind.TEXT, DC + "publisher", MA + "hasPublisher"),
            new Mapping(TikaCoreProperties.RIGHTS, Kind.TEXT, DC + "rights", MA + "copyright"),
            new Mapping(TikaCoreProperties.IDENTIFIER, Kind.TEXT, DC + "identifier"),
            new Mapping(TikaCoreProperties.CREATED, Kind.DATE, DC + "created", MA + "creationDate"),
            new Mapping(TikaCoreProperties.MODIFIED, Kind.DATE, DC + "modified", MA + "editDate"),
            // an image: its EXIF (Stanbol's Nepomuk EXIF mappings), its size and where it was taken
            new Mapping(TIFF.EQUIPMENT_MAKE, Kind.TEXT, NEXIF + "make"),
            new Mapping(TIFF.EQUIPMENT_MODEL, Kind.TEXT, NEXIF + "model"),
            new Mapping(TIFF.SOFTWARE, Kind.TEXT, NEXIF + "software"),
            new Mapping(TIFF.ORIGINAL_DATE, Kind.DATE, NEXIF + "dateTimeOriginal", MA + "creationDate"),
            new Mapping(TIFF.ISO_SPEED_RATINGS, Kind.INT, NEXIF + "isoSpeedRatings"),
            new Mapping(TIFF.EXPOSURE_TIME, Kind.DOUBLE, NEXIF + "exposureTime"),
            new Mapping(TIFF.F_NUMBER, Kind.DOUBLE, NEXIF + "fNumber"),
            new Mapping(TIFF.FOCAL_LENGTH, Kind.DOUBLE, NEXIF + "focalLength"),
            new Mapping(TIFF.FLASH_FIRED, Kind.BOOLEAN, NEXIF + "flash"),
            new Mapping(TIFF.ORIENTATION, Kind.TEXT, NEXIF + "orientation"),
            new Mapping(TIFF.RESOLUTION_HORIZONTAL, Kind.DOUBLE, NEXIF + "xResolution"),
            new Mapping(TIFF.RESOLUTION_VERTICAL, Kind.DOUBLE, NEXIF + "yResolution"),
            new Mapping(TIFF.RESOLUTION_UNIT, Kind.TEXT, NEXIF + "resolutionUnit"),
            new Mapping(TIFF.BITS_PER_SAMPLE, Kind.INT, NEXIF + "bitsPerSample"),
            new Mapping(TIFF.SAMPLES_PER_PIXEL, Kind.INT, NEXIF + "samplesPerPixel"),
            new Mapping(TIFF.IMAGE_WIDTH, Kind.INT, NEXIF + "relatedImageWidth", MA + "frameWidth"),
            new Mapping(TIFF.IMAGE_LENGTH, Kind.INT, NEXIF + "relatedImageLength", MA + "frameHeight"),
            new Mapping(Geographic.LATITUDE, Kind.DOUBLE, GEO + "lat"),
            new Mapping(Geographic.LONGITUDE, Kind.DOUBLE, GEO + "long"),
            new Mapping(Geographic.ALTITUDE, Kind.DOUBLE, GEO + "alt"));

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
                String datatype = datatype(m.kind(), text);
                if (datatype != null && datatype.isEmpty()) {
                    continue;
                }
                for (String term : m.terms()) {
                    statements.add(new DocumentMetadata(term, text, datatype));
                }
            }
        }
        return new ArrayList<>(statements);
    }

    /** The value's datatype: null for plain text, empty for a value that is not of its kind. */
    private static String datatype(Kind kind, String value) {
        return switch (kind) {
            case TEXT -> null;
            // a date Tika could not read as one stays text, as the document wrote it
            case DATE -> DATE_TIME.matcher(value).matches() ? XSD + "dateTime"
                    : DATE.matcher(value).matches() ? XSD + "date" : null;
            case INT -> value.matches("[+-]?\\d{1,9}") ? XSD + "int" : "";
            case DOUBLE -> isDouble(value) ? XSD + "double" : "";
            case BOOLEAN -> value.equals("true") || value.equals("false") ? XSD + "boolean" : "";
        };
    }

    private static boolean isDouble(String value) {
        if (value.length() > 40) {
            return false;
        }
        try {
            return Double.isFinite(Double.parseDouble(value));
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
