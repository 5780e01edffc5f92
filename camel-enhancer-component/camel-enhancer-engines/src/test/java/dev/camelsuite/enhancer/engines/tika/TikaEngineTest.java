package dev.camelsuite.enhancer.engines.tika;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentPart;
import dev.camelsuite.enhancer.content.DocumentMetadata;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.PDEmbeddedFilesNameTreeNode;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The tika engine on a document of each kind it reads, on plain text, and on hostile documents. */
class TikaEngineTest {

    static final String DC = "http://purl.org/dc/terms/";
    static final String MA = "http://www.w3.org/ns/ma-ont#";
    static final List<String> TEXT = List.of("Marie Curie worked in Paris.", "She was born in Warsaw.");

    private final TikaEngine engine = new TikaEngine();

    interface Writer extends Function<List<String>, byte[]> {
    }

    static Stream<Arguments> documents() {
        return Stream.of(
                Arguments.of("text/html; charset=UTF-8", (Writer) p -> SampleDocuments.html("A trip", "Ann Author", p)),
                Arguments.of("application/pdf", (Writer) p -> SampleDocuments.pdf("A trip", "Ann Author", p)),
                Arguments.of("application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                        (Writer) p -> SampleDocuments.docx("A trip", "Ann Author", p)),
                Arguments.of("application/vnd.oasis.opendocument.text",
                        (Writer) p -> SampleDocuments.odt("A trip", "Ann Author", p)),
                Arguments.of("application/rtf", (Writer) p -> SampleDocuments.rtf("A trip", "Ann Author", p)),
                Arguments.of("application/xml", (Writer) p -> SampleDocuments.xml("A trip", "Ann Author", p)));
    }

    @ParameterizedTest
    @MethodSource("documents")
    void aDocumentBecomesTextAndMetadata(String type, Writer writer) throws EngineException {
        ContentItem item = ContentItem.ofBytes("urn:test:doc", writer.apply(TEXT), type);
        assertThat(item.getText()).isNull();

        engine.computeEnhancements(item);

        // each paragraph on a line of its own, for the sentence engine; nothing of the markup or of a script
        assertThat(item.getText()).contains("Marie Curie worked in Paris.").contains("She was born in Warsaw.")
                .doesNotContain("<").doesNotContain("document.write");
        if (!type.equals("application/xml")) {
            // XML has no paragraphs Tika knows of: its text is all its character data, in one line
            assertThat(item.getText().lines()).anyMatch(l -> l.strip().equals("She was born in Warsaw."));
        }
        assertThat(item.getParts()).extracting(ContentPart::name)
                .anyMatch(n -> n.startsWith(TikaEngine.TEXT_PART_PREFIX));
        assertThat(item.getDocumentMetadata()).contains(new DocumentMetadata(DC + "title", "A trip", null),
                new DocumentMetadata(MA + "title", "A trip", null));
        assertThat(item.getDocumentMetadata()).extracting(DocumentMetadata::property).contains(DC + "format",
                MA + "hasFormat");
        if (!type.contains("xml") || type.contains("openxml")) {
            assertThat(item.getDocumentMetadata()).contains(new DocumentMetadata(DC + "creator", "Ann Author", null));
        }
    }

    @Test
    void theDatesOfADocumentAreTyped() throws EngineException {
        ContentItem item = ContentItem.ofBytes(null, SampleDocuments.pdf("A trip", "Ann", TEXT), "application/pdf");
        engine.computeEnhancements(item);
        assertThat(item.getDocumentMetadata()).contains(new DocumentMetadata(DC + "created", SampleDocuments.CREATED,
                        "http://www.w3.org/2001/XMLSchema#dateTime"),
                new DocumentMetadata(MA + "creationDate", SampleDocuments.CREATED,
                        "http://www.w3.org/2001/XMLSchema#dateTime"));
    }

    @Test
    void plainTextAndTypesItDoesNotReadPassUntouched() throws EngineException {
        ContentItem text = ContentItem.ofText("Just text about Paris.");
        engine.computeEnhancements(text);
        assertThat(text.getText()).isEqualTo("Just text about Paris.");
        assertThat(text.getParts()).isEmpty();
        // PNG: read only through ImageIO, which inflates compressed text chunks whole; it passes untouched
        ContentItem image = ContentItem.ofBytes(null, new byte[] { (byte) 0x89, 'P', 'N', 'G' }, "image/png");
        engine.computeEnhancements(image);
        assertThat(image.getText()).isNull();
        assertThat(image.getDocumentMetadata()).isEmpty();
        assertThat(engine.getOrder()).isEqualTo(EngineOrder.PRE_PROCESSING);
        assertThat(engine.getName()).isEqualTo("tika");
    }

    @Test
    void aDocumentOfNoStatedTypeIsRecognisedByItsBytes() throws EngineException {
        ContentItem item = ContentItem.ofBytes(null, SampleDocuments.docx("A trip", "Ann", TEXT),
                "application/octet-stream");
        engine.computeEnhancements(item);
        assertThat(item.getText()).contains("Marie Curie worked in Paris.");
        assertThat(item.getDocumentMetadata()).contains(new DocumentMetadata(DC + "format",
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document", null));
    }

    @Test
    void aDocumentOfNoStatedTypeThatIsTextIsReadInTheEncodingItsBytesShow() throws EngineException {
        // Stanbol's clients send documents as application/octet-stream; one that is text becomes the item's text
        String text = "Le café de la gare, où Zoë attend. " + "Marie Curie travailla à Paris. ".repeat(8);
        ContentItem item = ContentItem.ofBytes(null, text.getBytes(StandardCharsets.ISO_8859_1), null);
        engine.computeEnhancements(item);
        assertThat(item.getText()).contains("Le café de la gare, où Zoë attend.");
        assertThat(item.getDocumentMetadata()).extracting(DocumentMetadata::value)
                .anyMatch(v -> v.startsWith("text/plain"));
        assertThat(TikaEngine.detectType(SampleDocuments.pdf("A trip", "Ann", TEXT))).isEqualTo("application/pdf");
        assertThat(TikaEngine.detectType("Just text.".getBytes(StandardCharsets.UTF_8))).isEqualTo("text/plain");
        assertThat(TikaEngine.detectType(new byte[] { 0, 1, 2, 3, (byte) 0xfe })).isEqualTo("application/octet-stream");
    }

    @Test
    void aPhotoGivesItsMetadataAsStanbolWritesIt() throws EngineException {
        // what Stanbol's own test of its tika engine checks of a JPEG: its format, its keywords, its ISO speed
        ContentItem photo = ContentItem.ofBytes(null, SampleImages.jpeg("serbor", "camel"), null);
        engine.computeEnhancements(photo);
        String nexif = "http://www.semanticdesktop.org/ontologies/2007/05/10/nexif#";
        String xsd = "http://www.w3.org/2001/XMLSchema#";
        assertThat(photo.getDocumentMetadata()).contains(new DocumentMetadata(DC + "format", "image/jpeg", null),
                new DocumentMetadata(MA + "hasKeyword", "serbor", null),
                new DocumentMetadata(MA + "hasKeyword", "camel", null),
                new DocumentMetadata(nexif + "isoSpeedRatings", "400", xsd + "int"),
                new DocumentMetadata(nexif + "make", SampleImages.MAKE, null),
                new DocumentMetadata(nexif + "model", SampleImages.MODEL, null),
                new DocumentMetadata(nexif + "dateTimeOriginal", "2024-01-02T03:04:05", xsd + "dateTime"),
                new DocumentMetadata(MA + "frameWidth", String.valueOf(SampleImages.WIDTH), xsd + "int"),
                new DocumentMetadata(MA + "frameHeight", String.valueOf(SampleImages.HEIGHT), xsd + "int"));
        assertThat(photo.getDocumentMetadata()).anySatisfy(m -> {
            assertThat(m.property()).isEqualTo("http://www.w3.org/2003/01/geo/wgs84_pos#lat");
            assertThat(Double.parseDouble(m.value())).isCloseTo(48.858, org.assertj.core.data.Offset.offset(0.001));
        });
        // an image has no text: the text engines decline it
        assertThat(photo.getText()).isNull();
        assertThat(photo.getParts()).extracting(ContentPart::name).noneMatch(n -> n.startsWith(TikaEngine.TEXT_PART_PREFIX));
    }

    @Test
    void xmlIsReadWithoutItsExternalEntitiesAndWithoutExpandingBombs() throws EngineException {
        byte[] xxe = ("<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                      + "<r><p>before &x; after</p></r>").getBytes(StandardCharsets.UTF_8);
        ContentItem item = ContentItem.ofBytes(null, xxe, "application/xml");
        engine.computeEnhancements(item);
        assertThat(item.getText()).contains("before").contains("after").doesNotContain("root:");

        StringBuilder laughs = new StringBuilder("<?xml version=\"1.0\"?><!DOCTYPE l [<!ENTITY l0 \"lol\">");
        for (int i = 1; i <= 9; i++) {
            laughs.append("<!ENTITY l").append(i).append(" \"").append(("&l" + (i - 1) + ";").repeat(10)).append("\">");
        }
        laughs.append("]><l>&l9;</l>");
        ContentItem bomb = ContentItem.ofBytes(null, laughs.toString().getBytes(StandardCharsets.UTF_8), "text/xml");
        assertThatThrownBy(() -> engine.computeEnhancements(bomb)).isInstanceOf(EngineException.class)
                .hasMessageStartingWith("The document could not be read as text/xml");
    }

    @Test
    void aZipBombAndATextPastTheLimitFailTheEngine() throws Exception {
        byte[] bomb = SampleDocuments.docx("Bomb", "Ann", List.of("a".repeat(3_000_000)));
        assertThat(bomb.length).isLessThan(100_000);
        ContentItem item = ContentItem.ofBytes(null, bomb, "application/vnd.openxmlformats-officedocument"
                                                         + ".wordprocessingml.document");
        assertThatThrownBy(() -> engine.computeEnhancements(item)).isInstanceOf(EngineException.class)
                .hasMessageContaining("Zip bomb");

        TikaEngine small = new TikaEngine();
        small.setMaxTextLength(20);
        ContentItem longer = ContentItem.ofBytes(null, SampleDocuments.html("T", "A", TEXT), "text/html");
        assertThatThrownBy(() -> small.computeEnhancements(longer)).isInstanceOf(EngineException.class)
                .hasMessage("The document's text passes 20 characters, the most engine 'tika' takes (maxTextLength)");
        assertThatThrownBy(() -> small.setMaxTextLength(0)).hasMessageContaining("maxTextLength");
    }

    @Test
    void aWordDocumentOfHundredsOfMegabytesOfXmlIsRefusedWhileItIsRead() throws Exception {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        // 300 MB of text in 320 KB, 600 MB of empty paragraphs in 900 KB: POI's tree of either filled any heap
        for (byte[] bomb : List.of(SampleDocuments.docxBomb(300, false), SampleDocuments.docxBomb(600, true))) {
            assertThat(bomb.length).isLessThan(1_000_000);
            ContentItem item = ContentItem.ofBytes(null, bomb, "application/vnd.openxmlformats-officedocument"
                                                               + ".wordprocessingml.document");
            long before = threads.getCurrentThreadAllocatedBytes();
            assertThatThrownBy(() -> engine.computeEnhancements(item)).isInstanceOf(EngineException.class)
                    .hasMessageMatching(".*(passes 1000000 characters|Zip bomb detected).*");
            assertThat(threads.getCurrentThreadAllocatedBytes() - before).as("bytes allocated").isLessThan(200_000_000);
        }
    }

    @Test
    void aBrokenDocumentFailsTheEngineSayingWhatItWasReadAs() {
        ContentItem item = ContentItem.ofBytes(null, "%PDF-1.4 not really".getBytes(StandardCharsets.US_ASCII),
                "application/pdf");
        assertThatThrownBy(() -> engine.computeEnhancements(item)).isInstanceOf(EngineException.class)
                .hasMessageStartingWith("The document could not be read as application/pdf: ");
    }

    @Test
    void documentsInsideTheDocumentAreLeftOut() throws Exception {
        // a PDF with a text file attached: Tika would read the attachment with its default parser
        ByteArrayOutputStream pdf = new ByteArrayOutputStream();
        try (PDDocument doc = Loader.loadPDF(SampleDocuments.pdf("Outer", "Ann", List.of("Outer text.")))) {
            PDComplexFileSpecification file = new PDComplexFileSpecification();
            file.setFile("inner.txt");
            PDEmbeddedFile embedded = new PDEmbeddedFile(doc, new ByteArrayInputStream(
                    "Hidden inner text.".getBytes(StandardCharsets.US_ASCII)));
            embedded.setSubtype("text/plain");
            file.setEmbeddedFile(embedded);
            PDEmbeddedFilesNameTreeNode files = new PDEmbeddedFilesNameTreeNode();
            files.setNames(Map.of("inner.txt", file));
            PDDocumentNameDictionary names = new PDDocumentNameDictionary(doc.getDocumentCatalog());
            names.setEmbeddedFiles(files);
            doc.getDocumentCatalog().setNames(names);
            doc.save(pdf);
        }
        ContentItem item = ContentItem.ofBytes(null, pdf.toByteArray(), "application/pdf");
        engine.computeEnhancements(item);
        assertThat(item.getText()).contains("Outer text.").doesNotContain("Hidden inner text.");
    }
}
