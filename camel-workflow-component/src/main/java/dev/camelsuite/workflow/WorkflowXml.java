package dev.camelsuite.workflow;

import java.time.format.DateTimeFormatter;

import dev.camelsuite.workflow.model.Step;
import org.apache.camel.Converter;

/**
 * The workflow service's XML for a workflow:
 * {@code <workflow objectId="…" id="accessionWF"><process version="1" note="" lifecycle="submitted" laneId="default"
 * elapsed="0.0" attempts="0" datetime="…" status="completed" name="start-accession"/>…</workflow>}. The error message
 * appears only when set; the error text is never returned on reads (as the original).
 */
@Converter(generateLoader = true)
public final class WorkflowXml {

    private WorkflowXml() {
    }

    @Converter
    public static String toXml(Workflow workflow) {
        StringBuilder xml = new StringBuilder(256);
        xml.append("<workflow objectId=\"").append(escape(workflow.objectId())).append("\" id=\"")
                .append(escape(workflow.name())).append("\">");
        for (Step s : workflow.steps()) {
            xml.append("<process version=\"").append(s.version()).append('"');
            attribute(xml, "note", s.note() == null ? "" : s.note());
            attribute(xml, "lifecycle", s.lifecycle() == null ? "" : s.lifecycle());
            attribute(xml, "laneId", s.lane());
            attribute(xml, "elapsed", s.elapsed() == null ? "0.0" : s.elapsed().toPlainString());
            attribute(xml, "attempts", String.valueOf(s.attempts()));
            attribute(xml, "datetime", s.statusAt().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
            attribute(xml, "status", s.status());
            attribute(xml, "name", s.process());
            if (s.errorMessage() != null) {
                attribute(xml, "errorMessage", s.errorMessage());
            }
            xml.append("/>");
        }
        return xml.append("</workflow>").toString();
    }

    private static void attribute(StringBuilder xml, String name, String value) {
        xml.append(' ').append(name).append("=\"").append(escape(value)).append('"');
    }

    private static String escape(String value) {
        StringBuilder sb = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\n' -> sb.append("&#10;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
