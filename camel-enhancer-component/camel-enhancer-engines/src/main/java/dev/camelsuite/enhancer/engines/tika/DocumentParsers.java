package dev.camelsuite.enhancer.engines.tika;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.tika.detect.CompositeDetector;
import org.apache.tika.detect.CompositeEncodingDetector;
import org.apache.tika.detect.Detector;
import org.apache.tika.detect.EncodingDetector;
import org.apache.tika.detect.microsoft.ooxml.OPCPackageDetector;
import org.apache.tika.detect.zip.DefaultZipContainerDetector;
import org.apache.tika.detect.zip.OpenDocumentDetector;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.mime.MediaType;
import org.apache.tika.mime.MimeTypes;
import org.apache.tika.parser.Parser;
import org.apache.tika.parser.html.HtmlEncodingDetector;
import org.apache.tika.parser.html.JSoupParser;
import org.apache.tika.parser.image.JpegParser;
import org.apache.tika.parser.image.TiffParser;
import org.apache.tika.parser.image.WebPParser;
import org.apache.tika.parser.microsoft.ooxml.OOXMLParser;
import org.apache.tika.parser.microsoft.rtf.RTFParser;
import org.apache.tika.parser.odf.OpenDocumentParser;
import org.apache.tika.parser.pdf.PDFParser;
import org.apache.tika.parser.txt.Icu4jEncodingDetector;
import org.apache.tika.parser.txt.TXTParser;
import org.apache.tika.parser.txt.UniversalEncodingDetector;
import org.apache.tika.parser.xml.DcXMLParser;

/**
 * The document parsers of the tika engine, each made by hand (Tika's service loader, its default parser and
 * detector, are never used: nothing is found by scanning the class path) and shared: Tika's parsers are thread-safe.
 * A document's parser is chosen by its media type; a document of no known type ({@code application/octet-stream}) is
 * recognised by its bytes first.
 */
final class DocumentParsers {

    private static final EncodingDetector ENCODINGS = new CompositeEncodingDetector(List.of(
            new HtmlEncodingDetector(), new UniversalEncodingDetector(), new Icu4jEncodingDetector()));
    private static final Parser HTML = new JSoupParser(ENCODINGS);
    private static final Parser PDF = new PDFParser();
    private static final Parser OOXML = new OOXMLParser();
    private static final Parser ODF = new OpenDocumentParser();
    private static final Parser RTF = new RTFParser();
    private static final Parser XML = new DcXMLParser();
    /**
     * Images' metadata (EXIF, XMP, size), read with metadata-extractor: JPEG, TIFF and WebP. Their pixels are never
     * decoded; PNG and GIF, which Tika reads through ImageIO (whose PNG reader inflates compressed text chunks whole),
     * pass untouched.
     */
    private static final Parser JPEG = new JpegParser();
    private static final Parser TIFF = new TiffParser();
    private static final Parser WEBP = new WebPParser();
    /** Only for a document sent without its type that turns out to be text: its encoding is detected. */
    private static final Parser TEXT = new TXTParser(ENCODINGS);

    /** The parsers by media type (without parameters). */
    private static final Map<String, Parser> BY_TYPE = Map.ofEntries(
            Map.entry("text/html", HTML),
            Map.entry("application/xhtml+xml", HTML),
            Map.entry("application/pdf", PDF),
            Map.entry("application/vnd.openxmlformats-officedocument.wordprocessingml.document", OOXML),
            Map.entry("application/vnd.openxmlformats-officedocument.presentationml.presentation", OOXML),
            Map.entry("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", OOXML),
            Map.entry("application/vnd.oasis.opendocument.text", ODF),
            Map.entry("application/vnd.oasis.opendocument.presentation", ODF),
            Map.entry("application/vnd.oasis.opendocument.spreadsheet", ODF),
            Map.entry("application/rtf", RTF),
            Map.entry("text/rtf", RTF),
            Map.entry("application/xml", XML),
            Map.entry("text/xml", XML),
            Map.entry("text/plain", TEXT),
            Map.entry("image/jpeg", JPEG),
            Map.entry("image/tiff", TIFF),
            Map.entry("image/webp", WEBP));

    /** The media types the engine turns into text, for messages and docs. */
    static final String TYPES = "HTML, XHTML, PDF, DOCX, PPTX, XLSX, ODT, ODP, ODS, RTF and XML";

    /**
     * Tika's own types by their bytes (magic numbers, XML root elements) and, to tell a Word document from any Office
     * Open XML zip, the two container detectors; both made here, not looked up.
     */
    private static final Detector DETECTOR = new CompositeDetector(MimeTypes.getDefaultMimeTypes().getMediaTypeRegistry(),
            List.of(new DefaultZipContainerDetector(List.of(new OPCPackageDetector(), new OpenDocumentDetector())),
                    MimeTypes.getDefaultMimeTypes()));

    private DocumentParsers() {
    }

    /** The parser of a media type (its parameters ignored), or null. */
    static Parser forType(String mediaType) {
        return mediaType == null ? null : BY_TYPE.get(baseType(mediaType));
    }

    /** Whether the engine reads documents of this type, or recognises them ({@code application/octet-stream}). */
    static boolean reads(String mediaType) {
        return forType(mediaType) != null || isUnknown(mediaType);
    }

    /** A type that says nothing of the document: its bytes say what it is. */
    static boolean isUnknown(String mediaType) {
        return mediaType == null || baseType(mediaType).equals("application/octet-stream");
    }

    /** The document's type, as its bytes (and its name, when it has one) say. */
    static String detect(byte[] data, String name) throws IOException {
        Metadata metadata = new Metadata();
        if (name != null) {
            metadata.set(TikaCoreProperties.RESOURCE_NAME_KEY, name);
        }
        try (TikaInputStream in = TikaInputStream.get(data)) {
            MediaType type = DETECTOR.detect(in, metadata);
            return type.getType() + "/" + type.getSubtype();
        }
    }

    /** Whether documents of this type are images: what the engine reads of them is their metadata, never text. */
    static boolean isImage(String mediaType) {
        return mediaType != null && baseType(mediaType).startsWith("image/");
    }

    static String baseType(String mediaType) {
        return mediaType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    }
}
