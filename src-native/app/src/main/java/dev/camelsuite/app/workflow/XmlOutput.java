package dev.camelsuite.app.workflow;

import java.io.StringWriter;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/** A small XML document written in order, escaped by the JDK's StAX writer. */
final class XmlOutput {

    private static final XMLOutputFactory FACTORY = XMLOutputFactory.newInstance();

    private final StringWriter out = new StringWriter(256);
    private final XMLStreamWriter writer;

    XmlOutput() {
        try {
            writer = FACTORY.createXMLStreamWriter(out);
            writer.writeStartDocument("UTF-8", "1.0");
        } catch (XMLStreamException e) {
            throw new IllegalStateException("Cannot write XML", e);
        }
    }

    /** Opens an element that gets attributes, children or text; close it with {@link #end()}. */
    XmlOutput start(String name) {
        try {
            writer.writeStartElement(name);
        } catch (XMLStreamException e) {
            throw new IllegalStateException("Cannot write XML", e);
        }
        return this;
    }

    /** An element without content; give its attributes next. */
    XmlOutput empty(String name) {
        try {
            writer.writeEmptyElement(name);
        } catch (XMLStreamException e) {
            throw new IllegalStateException("Cannot write XML", e);
        }
        return this;
    }

    XmlOutput attribute(String name, String value) {
        try {
            writer.writeAttribute(name, value == null ? "" : value);
        } catch (XMLStreamException e) {
            throw new IllegalStateException("Cannot write XML", e);
        }
        return this;
    }

    XmlOutput text(String text) {
        try {
            writer.writeCharacters(text == null ? "" : text);
        } catch (XMLStreamException e) {
            throw new IllegalStateException("Cannot write XML", e);
        }
        return this;
    }

    XmlOutput end() {
        try {
            writer.writeEndElement();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("Cannot write XML", e);
        }
        return this;
    }

    /** Closes what is open and answers the document. */
    String finish() {
        try {
            writer.writeEndDocument();
            writer.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("Cannot write XML", e);
        }
        return out.toString();
    }
}
