package dev.camelsuite.app.workflow;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.stream.Collectors;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.SafeXml;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The body of a step update, {@code <process name status errorMessage errorText elapsed lifecycle note laneId/>}: the
 * first {@code process} element of the document, as the workflow service reads it. Absent attributes are null. The
 * parser refuses document types, so no external entity is ever read.
 */
record ProcessElement(String name, String status, String errorMessage, String errorText, String elapsed,
                      String lifecycle, String note, String laneId) {

    private static final String STATUSES = Arrays.stream(StepStatus.values()).map(StepStatus::label)
            .collect(Collectors.joining(", "));

    static ProcessElement parse(String body) {
        if (body == null || body.isBlank()) {
            throw new InvalidRequestException("The body must be a <process> element, e.g."
                                              + " <process name=\"shelve\" status=\"completed\"/>");
        }
        Element process;
        try {
            NodeList found = SafeXml.newDocumentBuilder().parse(new InputSource(new StringReader(body)))
                    .getElementsByTagName("process");
            if (found.getLength() == 0) {
                throw new InvalidRequestException("The body has no <process> element, e.g."
                                                  + " <process name=\"shelve\" status=\"completed\"/>");
            }
            process = (Element) found.item(0);
        } catch (SAXException | IOException e) {
            throw new InvalidRequestException("The body is not well-formed XML (document types are not allowed): "
                                              + e.getMessage(), e);
        }
        return new ProcessElement(attribute(process, "name"), attribute(process, "status"),
                attribute(process, "errorMessage"), attribute(process, "errorText"), attribute(process, "elapsed"),
                attribute(process, "lifecycle"), attribute(process, "note"), attribute(process, "laneId"));
    }

    /**
     * The update of step {@code process} this element asks for, checked: it names that process, has one of the
     * service's statuses, and an elapsed time that is a number of seconds.
     *
     * @param currentStatus the status the step must have now ({@code current-status}), or null
     */
    StepUpdate updateOf(String process, String currentStatus) {
        if (!process.equals(name)) {
            throw new InvalidRequestException("Process name in body (" + (name == null ? "none" : name)
                                              + ") does not match process name in URI (" + process + ")");
        }
        within("errorMessage", errorMessage, 4000);
        within("errorText", errorText, 60_000);
        within("lifecycle", lifecycle, 100);
        within("note", note, 4000);
        within("laneId", laneId, 100);
        return new StepUpdate(knownStatus(), currentStatus == null || currentStatus.isBlank() ? null : currentStatus,
                errorMessage, errorText, elapsedSeconds(), lifecycle, note, laneId);
    }

    /** An attribute no longer than the store keeps it, so a long one is a 400 that names it, not a failed write. */
    private static void within(String attribute, String value, int max) {
        if (value != null && value.length() > max) {
            throw new InvalidRequestException("The attribute " + attribute + " has at most " + max + " characters");
        }
    }

    private String knownStatus() {
        if (status == null || status.isBlank()) {
            throw new InvalidRequestException("The <process> element needs a status attribute: one of " + STATUSES);
        }
        if (StepStatus.of(status) == null) {
            throw new InvalidRequestException("Unknown status '" + status + "' in the body: one of " + STATUSES);
        }
        return status;
    }

    private BigDecimal elapsedSeconds() {
        if (elapsed == null || elapsed.isBlank()) {
            return null;
        }
        try {
            BigDecimal seconds = new BigDecimal(elapsed.trim());
            if (seconds.signum() >= 0) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new InvalidRequestException("Attribute elapsed must be a number of seconds >= 0, not '" + elapsed + "'");
    }

    private static String attribute(Element e, String name) {
        return e.hasAttribute(name) ? e.getAttribute(name) : null;
    }
}
