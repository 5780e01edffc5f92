package dev.camelsuite.enhancer.rdf;

import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.rio.RDFHandler;
import org.eclipse.rdf4j.rio.helpers.RDFHandlerWrapper;

/**
 * Literals as XML 1.0 can hold them: a character XML cannot carry in any form — a control character other than tab,
 * line feed and carriage return (a PDF title's {@code \x01}), U+FFFE, U+FFFF, half a surrogate pair — becomes U+FFFD.
 * RDF4J's RDF/XML writer writes them as they are, and the whole answer stops being XML for one character of a
 * document's title; the other formats escape them and get them unchanged.
 */
final class XmlSafeLiterals extends RDFHandlerWrapper {

    XmlSafeLiterals(RDFHandler writer) {
        super(writer);
    }

    @Override
    public void handleStatement(Statement st) {
        if (st.getObject() instanceof Literal literal && !isXml(literal.getLabel())) {
            String label = xml(literal.getLabel());
            Literal safe = literal.getLanguage().isPresent() ? RdfTerms.VF.createLiteral(label, literal.getLanguage().get())
                    : RdfTerms.VF.createLiteral(label, literal.getDatatype());
            st = RdfTerms.VF.createStatement(st.getSubject(), st.getPredicate(), safe, st.getContext());
        }
        super.handleStatement(st);
    }

    static boolean isXml(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (!isXmlChar(text, i)) {
                return false;
            }
        }
        return true;
    }

    static String xml(String text) {
        StringBuilder safe = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            safe.append(isXmlChar(text, i) ? text.charAt(i) : '\uFFFD');
        }
        return safe.toString();
    }

    private static boolean isXmlChar(String text, int i) {
        char c = text.charAt(i);
        if (c < 0x20) {
            return c == '\t' || c == '\n' || c == '\r';
        }
        if (Character.isHighSurrogate(c)) {
            return i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
        }
        if (Character.isLowSurrogate(c)) {
            return i > 0 && Character.isHighSurrogate(text.charAt(i - 1));
        }
        return c != '\uFFFE' && c != '\uFFFF';
    }
}
