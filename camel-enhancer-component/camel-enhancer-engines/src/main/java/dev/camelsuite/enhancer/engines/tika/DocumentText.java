package dev.camelsuite.enhancer.engines.tika;

import java.util.Set;

import dev.camelsuite.enhancer.spi.Cancellation;
import org.xml.sax.Attributes;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The text of a document as Tika's parsers describe it (XHTML events): its characters, and a line break after each
 * block (a paragraph, a heading, a list item, a table row or cell …), so that the sentence engine sees the ends of
 * headings and paragraphs that the document marks only by their layout. At most {@code limit} characters: a document
 * of more text stops its reading with {@link TooLong}, one of more elements than its size can hold (a zip bomb of
 * empty paragraphs) with {@link TooManyElements}. Between pieces of text, and every thousand elements, the chain's
 * cancellation is looked at, so a run that ran out of time stops here too.
 */
final class DocumentText extends DefaultHandler {

    /** The text passes the limit. */
    static final class TooLong extends SAXException {
        TooLong(int limit) {
            super("The document's text passes " + limit + " characters");
        }
    }

    /** The document's structure passes what its size can hold: a zip bomb of empty elements. */
    static final class TooManyElements extends SAXException {
        TooManyElements(long limit, long size) {
            super("Zip bomb detected: the document's " + size + " bytes hold more than " + limit + " elements ("
                  + ELEMENTS_PER_BYTE + " a byte at most)");
        }
    }

    /**
     * The most elements a document may have for each byte it takes: text documents have one every few dozen bytes
     * once unpacked, a few a byte packed; a 900 KB Word document of 100 million empty paragraphs has a hundred.
     */
    static final int ELEMENTS_PER_BYTE = 20;
    /** Small documents may have this many elements whatever their size. */
    private static final long LEAST_ELEMENTS = 100_000;

    private static final Set<String> BLOCKS = Set.of("p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "td",
            "th", "dt", "dd", "blockquote", "pre", "title", "section", "article", "header", "footer", "caption",
            "address", "table", "ul", "ol", "dl", "body");

    private final StringBuilder text = new StringBuilder();
    private final int limit;
    private final long documentSize;
    private final long maxElements;
    private final Cancellation cancellation;
    private long elements;

    /**
     * @param limit        the most characters of text
     * @param documentSize the document's bytes, which bound how many elements it may have
     */
    DocumentText(int limit, long documentSize, Cancellation cancellation) {
        this.limit = limit;
        this.documentSize = documentSize;
        this.maxElements = Math.max(LEAST_ELEMENTS, documentSize * ELEMENTS_PER_BYTE);
        this.cancellation = cancellation;
    }

    @Override
    public void characters(char[] ch, int start, int length) throws SAXException {
        cancellation.check();
        if (text.length() + length > limit) {
            throw new TooLong(limit);
        }
        text.append(ch, start, length);
    }

    @Override
    public void ignorableWhitespace(char[] ch, int start, int length) throws SAXException {
        characters(ch, start, length);
    }

    @Override
    public void startElement(String uri, String localName, String qName, Attributes attributes) throws SAXException {
        if (++elements > maxElements) {
            throw new TooManyElements(maxElements, documentSize);
        }
        if ((elements & 0x3FF) == 0) {
            // a document of empty elements makes no text to look at the cancellation between
            cancellation.check();
        }
        if ("br".equals(localName)) {
            lineBreak();
        }
    }

    @Override
    public void endElement(String uri, String localName, String qName) {
        if (BLOCKS.contains(localName)) {
            lineBreak();
        }
    }

    private void lineBreak() {
        if (!text.isEmpty() && text.charAt(text.length() - 1) != '\n') {
            text.append('\n');
        }
    }

    /** The text, without the white space around it. */
    String text() {
        return text.toString().strip();
    }
}
