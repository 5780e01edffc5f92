package dev.camelsuite.enhancer.engines.tika;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.CancellationException;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentPart;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.tika.exception.TikaException;
import org.apache.tika.io.TikaInputStream;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.metadata.TikaCoreProperties;
import org.apache.tika.parser.EmptyParser;
import org.apache.tika.parser.ParseContext;
import org.apache.tika.parser.Parser;
import org.apache.tika.parser.microsoft.OfficeParserConfig;
import org.apache.tika.sax.BodyContentHandler;
import org.apache.tika.sax.SecureContentHandler;
import org.xml.sax.SAXException;

/**
 * Stanbol's {@code tika} engine: turns a document — HTML, XHTML, PDF, Word, PowerPoint and Excel (Office Open XML),
 * OpenDocument text, presentations and spreadsheets, RTF, XML — into the plain text the text engines read, and writes
 * what the document says of itself (title, creators, dates …) about the content item, in DC Terms and the Media
 * Ontology ({@link DocumentMetadataMapping}); of a JPEG, TIFF or WebP image, its EXIF, XMP and size, and no text. The text becomes the item's text and a {@code text/plain} content part
 * {@code urn:tika:text:<uuid>}, as Stanbol names it. A document sent without its type
 * ({@code application/octet-stream}) is recognised by its bytes first, as Stanbol's engine does; one that turns out to
 * be text is read in the encoding its bytes show. Text passes untouched, as does a document of a type the engine does
 * not read (a PNG image): the text engines then find no text.
 * <p>
 * Nothing of a document is fetched or run: HTML is parsed without loading what it links to, XML without its external
 * entities or DTDs (at most 20 entity expansions), a PDF's JavaScript and an Office document's macros are neither run
 * nor read, and documents embedded in the document are left out. A document whose text passes
 * {@link #setMaxTextLength maxTextLength} characters, or that expands far beyond its size (a zip bomb), fails the
 * engine. Runs first ({@link EngineOrder#PRE_PROCESSING}).
 */
public class TikaEngine implements EnhancementEngine {

    /** Stanbol's name of the engine. */
    public static final String NAME = "tika";
    /** The name of the item's part the text goes into is this prefix and a UUID, as Stanbol names it. */
    public static final String TEXT_PART_PREFIX = "urn:tika:text:";

    /**
     * Word and PowerPoint documents are read as a stream of XML events, as spreadsheets are by default: POI's own
     * reading holds a document's whole XML as a tree first (a 300 MB {@code document.xml} from a 400 KB file).
     */
    private static final OfficeParserConfig OFFICE = new OfficeParserConfig();

    static {
        OFFICE.setUseSAXDocxExtractor(true);
        OFFICE.setUseSAXPptxExtractor(true);
    }

    private final String name;
    private int maxTextLength = 1_000_000;

    public TikaEngine() {
        this(NAME);
    }

    public TikaEngine(String name) {
        this.name = name;
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrder() {
        return EngineOrder.PRE_PROCESSING;
    }

    public int getMaxTextLength() {
        return maxTextLength;
    }

    /**
     * The most characters of text one document may give (default 1,000,000: as much text as the enhancer takes in a
     * request's body, a few megabytes of memory); more fails the engine.
     */
    public void setMaxTextLength(int maxTextLength) {
        if (maxTextLength < 1) {
            throw new IllegalArgumentException("maxTextLength must be at least 1, not " + maxTextLength);
        }
        this.maxTextLength = maxTextLength;
    }

    /**
     * Always: an item the engine has nothing to do for — text already, no content, a document of a type it does not
     * read — passes untouched, as Stanbol's tika engine lets it pass.
     */
    /**
     * The type a document's bytes say it is, for a document that came without one (or as
     * {@code application/octet-stream}): Tika's detection by magic numbers, XML root elements and the Office and
     * OpenDocument containers; {@code text/plain} for text; {@code application/octet-stream} for bytes it does not
     * know.
     */
    public static String detectType(byte[] data) {
        try {
            return DocumentParsers.detect(data, null);
        } catch (IOException e) {
            // the bytes are in memory: detection reading them cannot fail, and unknown is the honest answer
            return "application/octet-stream";
        }
    }

    @Override
    public CanEnhance canEnhance(ContentItem item) {
        return CanEnhance.SYNCHRONOUS;
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        ContentPart content = item.getPart("content");
        if (item.getText() != null || content == null) {
            return;
        }
        String type = content.mediaType();
        try {
            if (DocumentParsers.isUnknown(type)) {
                type = DocumentParsers.detect(content.data(), null);
            }
        } catch (IOException e) {
            throw new EngineException("The type of the document could not be recognised: " + e.getMessage(), e);
        }
        Parser parser = DocumentParsers.forType(type);
        if (parser == null) {
            return;
        }
        Metadata metadata = new Metadata();
        DocumentText text = parse(parser, content.data(), type, item.getUri(), metadata);
        String extracted = text.text();
        // an image has metadata and no text: the text engines then decline it, as they do any item without text
        if (!(extracted.isBlank() && DocumentParsers.isImage(type))) {
            item.setText(extracted);
            item.addPart(new ContentPart(TEXT_PART_PREFIX + UUID.randomUUID(), "text/plain; charset=UTF-8",
                    extracted.getBytes(StandardCharsets.UTF_8)));
        }
        DocumentMetadataMapping.of(metadata).forEach(item::addDocumentMetadata);
    }

    /** The document's text, read within the engine's bounds; what it says of itself goes into {@code metadata}. */
    private DocumentText parse(Parser parser, byte[] data, String type, String uri, Metadata metadata)
            throws EngineException {
        Cancellation cancellation = Cancellation.current();
        DocumentText text = new DocumentText(maxTextLength, data.length, cancellation);
        metadata.set(Metadata.CONTENT_TYPE, type);
        metadata.set(TikaCoreProperties.RESOURCE_NAME_KEY, uri);
        ParseContext context = new ParseContext();
        // documents inside the document are left out: Tika would otherwise make its default parser for them
        context.set(Parser.class, EmptyParser.INSTANCE);
        context.set(OfficeParserConfig.class, OFFICE);
        try (TikaInputStream in = TikaInputStream.get(data)) {
            SecureContentHandler secure = new SecureContentHandler(new BodyContentHandler(text), in);
            try {
                parser.parse(in, secure, metadata, context);
            } catch (SAXException e) {
                secure.throwIfCauseOf(e);
                throw e;
            }
        } catch (CancellationException e) {
            throw e;
        } catch (IOException | SAXException | TikaException | RuntimeException e) {
            cancellation.check();
            for (Throwable t = e; t != null; t = t.getCause()) {
                if (t instanceof DocumentText.TooManyElements) {
                    throw new EngineException(t.getMessage(), e);
                }
                if (t instanceof DocumentText.TooLong) {
                    throw new EngineException(t.getMessage() + ", the most engine '" + name + "' takes"
                                              + " (maxTextLength)", e);
                }
            }
            throw new EngineException("The document could not be read as " + DocumentParsers.baseType(type) + ": "
                                      + reason(e), e);
        }
        return text;
    }

    /**
     * Why a document could not be read, in the caller's words: a zip bomb as Tika names it, else that the document
     * is damaged or not of its type. The parser's own message (POI's, PDFBox's, XmlBeans' terms) stays in the log,
     * with the stack trace, under the engine's failure.
     */
    private static String reason(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && t.getMessage().toLowerCase(java.util.Locale.ROOT).contains("zip bomb")) {
                return "it expands far beyond its size (Zip bomb detected)";
            }
        }
        return "it is damaged, or not a document of that type";
    }
}
