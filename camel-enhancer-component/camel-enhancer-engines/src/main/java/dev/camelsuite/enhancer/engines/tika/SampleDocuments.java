package dev.camelsuite.enhancer.engines.tika;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.List;
import java.util.TimeZone;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import java.util.zip.ZipOutputStream;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.poi.openxml4j.exceptions.InvalidFormatException;
import org.apache.poi.xwpf.usermodel.XWPFDocument;

/**
 * Documents of each kind the tika engine reads, written here with the libraries it reads them with (PDFBox, POI) or
 * by hand (HTML, OpenDocument, RTF, XML): a title, an author, a creation date and paragraphs of text. For examples,
 * tests and benchmarks; paragraphs in Latin script (a PDF's standard fonts have no other).
 */
public final class SampleDocuments {

    /** The creation date every sample states: 2024-01-02T03:04:05Z. */
    public static final String CREATED = "2024-01-02T03:04:05Z";

    private SampleDocuments() {
    }

    public static byte[] html(String title, String author, List<String> paragraphs) {
        StringBuilder html = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
                .append(escape(title)).append("</title><meta name=\"author\" content=\"").append(escape(author))
                .append("\"></head><body><h1>").append(escape(title)).append("</h1>");
        for (String p : paragraphs) {
            html.append("<p>").append(escape(p)).append("</p>");
        }
        // nothing of a document runs: a script's text is not the document's text either
        html.append("<script>document.write('not text');</script></body></html>");
        return html.toString().getBytes(StandardCharsets.UTF_8);
    }

    public static byte[] pdf(String title, String author, List<String> paragraphs) {
        try (PDDocument doc = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDType1Font font = new PDType1Font(Standard14Fonts.FontName.HELVETICA);
            List<String> lines = new ArrayList<>();
            lines.add(title);
            lines.add("");
            for (String p : paragraphs) {
                lines.addAll(wrap(p, 90));
                lines.add("");
            }
            int perPage = 50;
            for (int first = 0; first < lines.size(); first += perPage) {
                PDPage page = new PDPage();
                doc.addPage(page);
                try (PDPageContentStream text = new PDPageContentStream(doc, page)) {
                    text.beginText();
                    text.setFont(font, 11);
                    text.setLeading(14);
                    text.newLineAtOffset(60, 740);
                    for (String line : lines.subList(first, Math.min(lines.size(), first + perPage))) {
                        text.showText(line);
                        text.newLine();
                    }
                    text.endText();
                }
            }
            PDDocumentInformation info = doc.getDocumentInformation();
            info.setTitle(title);
            info.setAuthor(author);
            Calendar created = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
            created.clear();
            created.set(2024, Calendar.JANUARY, 2, 3, 4, 5);
            info.setCreationDate(created);
            doc.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static byte[] docx(String title, String author, List<String> paragraphs) {
        try (XWPFDocument doc = new XWPFDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            doc.createParagraph().createRun().setText(title);
            for (String p : paragraphs) {
                doc.createParagraph().createRun().setText(p);
            }
            var properties = doc.getProperties().getCoreProperties();
            properties.setTitle(title);
            properties.setCreator(author);
            properties.setCreated(CREATED);
            doc.write(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InvalidFormatException e) {
            throw new IllegalStateException("POI could not write a Word document", e);
        }
    }

    /**
     * A Word document whose {@code document.xml} unpacks to that many megabytes of text, or of empty paragraphs: a
     * zip bomb of a few hundred kilobytes, for tests of a reader's limits.
     */
    public static byte[] docxBomb(long megabytes, boolean emptyParagraphs) {
        byte[] small = docx("Bomb", "Ann", List.of("x"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(small));
             ZipOutputStream zip = new ZipOutputStream(out)) {
            zip.setLevel(9);
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                zip.putNextEntry(new ZipEntry(e.getName()));
                if (e.getName().equals("word/document.xml")) {
                    String xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
                    int body = xml.indexOf("<w:body>") + "<w:body>".length();
                    zip.write(xml.substring(0, body).getBytes(StandardCharsets.UTF_8));
                    byte[] chunk = (emptyParagraphs ? "<w:p/>".repeat(100_000)
                            : "<w:p><w:r><w:t>" + "a ".repeat(300_000) + "</w:t></w:r></w:p>")
                            .getBytes(StandardCharsets.UTF_8);
                    for (long written = 0; written < megabytes << 20; written += chunk.length) {
                        zip.write(chunk);
                    }
                    zip.write(xml.substring(body).getBytes(StandardCharsets.UTF_8));
                } else {
                    in.transferTo(zip);
                }
                zip.closeEntry();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    public static byte[] odt(String title, String author, List<String> paragraphs) {
        StringBuilder body = new StringBuilder("<text:h text:outline-level=\"1\">").append(escape(title))
                .append("</text:h>");
        for (String p : paragraphs) {
            body.append("<text:p>").append(escape(p)).append("</text:p>");
        }
        String office = "urn:oasis:names:tc:opendocument:xmlns:office:1.0";
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            byte[] type = "application/vnd.oasis.opendocument.text".getBytes(StandardCharsets.US_ASCII);
            ZipEntry mimetype = new ZipEntry("mimetype");
            mimetype.setMethod(ZipEntry.STORED);
            mimetype.setSize(type.length);
            CRC32 crc = new CRC32();
            crc.update(type);
            mimetype.setCrc(crc.getValue());
            zip.putNextEntry(mimetype);
            zip.write(type);
            zip.closeEntry();
            entry(zip, "META-INF/manifest.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><manifest:manifest"
                    + " xmlns:manifest=\"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0\" manifest:version=\"1.2\">"
                    + "<manifest:file-entry manifest:full-path=\"/\""
                    + " manifest:media-type=\"application/vnd.oasis.opendocument.text\"/>"
                    + "<manifest:file-entry manifest:full-path=\"content.xml\" manifest:media-type=\"text/xml\"/>"
                    + "<manifest:file-entry manifest:full-path=\"meta.xml\" manifest:media-type=\"text/xml\"/>"
                    + "</manifest:manifest>");
            entry(zip, "content.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><office:document-content"
                    + " xmlns:office=\"" + office + "\" xmlns:text=\"urn:oasis:names:tc:opendocument:xmlns:text:1.0\""
                    + " office:version=\"1.2\"><office:body><office:text>" + body
                    + "</office:text></office:body></office:document-content>");
            entry(zip, "meta.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><office:document-meta xmlns:office=\""
                    + office + "\" xmlns:meta=\"urn:oasis:names:tc:opendocument:xmlns:meta:1.0\""
                    + " xmlns:dc=\"http://purl.org/dc/elements/1.1/\" office:version=\"1.2\"><office:meta><dc:title>"
                    + escape(title) + "</dc:title><dc:creator>" + escape(author) + "</dc:creator>"
                    + "<meta:creation-date>2024-01-02T03:04:05</meta:creation-date></office:meta>"
                    + "</office:document-meta>");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    public static byte[] rtf(String title, String author, List<String> paragraphs) {
        StringBuilder rtf = new StringBuilder("{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times;}}{\\info{\\title ")
                .append(rtfText(title)).append("}{\\author ").append(rtfText(author))
                .append("}{\\creatim\\yr2024\\mo1\\dy2\\hr3\\min4}}\\f0\\fs24 ");
        for (String p : paragraphs) {
            rtf.append(rtfText(p)).append("\\par ");
        }
        return rtf.append('}').toString().getBytes(StandardCharsets.US_ASCII);
    }

    public static byte[] xml(String title, String author, List<String> paragraphs) {
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?><record"
                                              + " xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:title>")
                .append(escape(title)).append("</dc:title><dc:creator>").append(escape(author))
                .append("</dc:creator><dc:date>2024-01-02</dc:date>");
        for (String p : paragraphs) {
            xml.append("<p>").append(escape(p)).append("</p>");
        }
        return xml.append("</record>").toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void entry(ZipOutputStream zip, String name, String text) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(text.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
    }

    private static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.isEmpty() ? "" : " ").append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Text in RTF: its specials escaped, characters beyond ASCII as {@code \'hh} (Latin-1) or {@code \\uN?}. */
    private static String rtfText(String text) {
        StringBuilder rtf = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '\\' || c == '{' || c == '}') {
                rtf.append('\\').append(c);
            } else if (c < 128) {
                rtf.append(c);
            } else if (c < 256) {
                rtf.append(String.format("\\'%02x", (int) c));
            } else {
                rtf.append("\\u").append((int) c).append('?');
            }
        }
        return rtf.toString();
    }
}
