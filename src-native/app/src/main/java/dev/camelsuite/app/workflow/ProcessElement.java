package dev.camelsuite.app.workflow;

import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.stream.Collectors;

import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.SafeXml;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * The body of a step update, {@code <process name status errorMessage errorText elapsed lifecycle note laneId/>}: the
 * first {@code process} element of the document, as the workflow service reads it. Absent attributes are null. The
 * parser refuses document types, so no external entity is ever read.
 */
record ProcessElement(String name, String status, String errorMessage, String errorText, String elapsed,
                      String lifecycle, String note, String laneId) {

    /** The longest number read from a body. */
    private static final int MAX_NUMBER_LENGTH = 40;
    /** Digits before the point of the store's elapsed column, DECIMAL(14, 3). */
    private static final int MAX_ELAPSED_DIGITS = 11;
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
        } catch (SAXParseException e) {
            throw new InvalidRequestException(notWellFormed(e), e);
        } catch (SAXException | IOException e) {
            throw new InvalidRequestException("The body is not well-formed XML", e);
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

    /**
     * The elapsed seconds as the store keeps them (at most {@value #MAX_ELAPSED_DIGITS} digits before the point, 3
     * after). The text is bounded before it is read, and the number's magnitude before any arithmetic: a number like
     * {@code 1e2000000} is short, but rounding it would take seconds.
     */
    private BigDecimal elapsedSeconds() {
        if (elapsed == null || elapsed.isBlank()) {
            // the workflow service stores 0 for an update without an elapsed time
            return BigDecimal.ZERO.setScale(3);
        }
        String text = elapsed.trim();
        BigDecimal seconds = null;
        if (text.length() <= MAX_NUMBER_LENGTH) {
            try {
                seconds = new BigDecimal(text);
            } catch (NumberFormatException e) {
                // answered below
            }
        }
        if (seconds == null || seconds.signum() < 0
            || seconds.signum() > 0 && seconds.precision() - seconds.scale() > MAX_ELAPSED_DIGITS) {
            throw new InvalidRequestException("Attribute elapsed must be a number of seconds from 0 to 99999999999.999,"
                                              + " e.g. 12.5, not '" + abbreviated(text) + "'");
        }
        // a value too small to keep (1e-2000000) is 0: no rounding that would have to divide by 10^2000000
        return seconds.scale() > MAX_NUMBER_LENGTH ? BigDecimal.ZERO.setScale(3)
                : seconds.setScale(3, RoundingMode.HALF_UP);
    }

    /** Where the XML went wrong, in this API's words rather than the parser's. */
    private static String notWellFormed(SAXParseException e) {
        String message = e.getMessage() == null ? "" : e.getMessage();
        if (message.contains("DOCTYPE")) {
            return "The body has a document type declaration (<!DOCTYPE …>): this API takes none";
        }
        return "The body is not well-formed XML at line " + e.getLineNumber() + ", column " + e.getColumnNumber();
    }

    private static String abbreviated(String text) {
        return text.length() <= MAX_NUMBER_LENGTH ? text : text.substring(0, MAX_NUMBER_LENGTH) + "…";
    }

    private static String attribute(Element e, String name) {
        return e.hasAttribute(name) ? e.getAttribute(name) : null;
    }
}
