package dev.camelsuite.enhancer.engines.tika;

import java.util.Set;

import dev.camelsuite.enhancer.engine.Cancellation;
import org.xml.sax.Attributes;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * The text of a document as Tika's parsers describe it (XHTML events): its characters, and a line break after each
 * block (a paragraph, a heading, a list item, a table row or cell …), so that the sentence engine sees the ends of
 * headings and paragraphs that the document marks only by their layout. At most {@code limit} characters: a document
 * of more text stops its reading with {@link TooLong}. Between pieces of text the chain's cancellation is looked at,
 * so a run that ran out of time stops here too.
 */
final class DocumentText extends DefaultHandler {

    /** The text passes the limit. */
    static final class TooLong extends SAXException {
        TooLong(int limit) {
            super("The document's text passes " + limit + " characters");
        }
    }

    private static final Set<String> BLOCKS = Set.of("p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "li", "tr", "td",
            "th", "dt", "dd", "blockquote", "pre", "title", "section", "article", "header", "footer", "caption",
            "address", "table", "ul", "ol", "dl", "body");

    private final StringBuilder text = new StringBuilder();
    private final int limit;
    private final Cancellation cancellation;

    DocumentText(int limit, Cancellation cancellation) {
        this.limit = limit;
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
    public void startElement(String uri, String localName, String qName, Attributes attributes) {
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
