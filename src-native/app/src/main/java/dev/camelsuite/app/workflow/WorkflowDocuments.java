package dev.camelsuite.app.workflow;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.workflow.model.Step;

/**
 * The workflow service's XML of an object's workflows:
 * {@code <workflows objectId><workflow objectId id><process version note lifecycle laneId elapsed attempts datetime
 * context status name errorMessage?/>…</workflow>…</workflows>}. Absent values are empty attributes, as there; the
 * error message appears only when set and the error text never.
 */
final class WorkflowDocuments {

    private WorkflowDocuments() {
    }

    /**
     * One workflow: {@code <workflow objectId id>} with every step of every version (empty when there is none).
     *
     * @param contexts the object's context (JSON) by version
     */
    static String workflow(String objectId, String workflow, List<Step> steps, Map<Integer, String> contexts) {
        XmlOutput xml = new XmlOutput();
        write(xml, objectId, workflow, steps, contexts);
        return xml.finish();
    }

    /** Every workflow of an object in {@code <workflows objectId>}; {@code steps} ordered by workflow. */
    static String workflows(String objectId, List<Step> steps, Map<Integer, String> contexts) {
        Map<String, List<Step>> byWorkflow = new LinkedHashMap<>();
        for (Step s : steps) {
            byWorkflow.computeIfAbsent(s.workflow(), w -> new java.util.ArrayList<>()).add(s);
        }
        XmlOutput xml = new XmlOutput().start("workflows").attribute("objectId", objectId);
        byWorkflow.forEach((workflow, its) -> write(xml, objectId, workflow, its, contexts));
        return xml.end().finish();
    }

    private static void write(XmlOutput xml, String objectId, String workflow, List<Step> steps,
                              Map<Integer, String> contexts) {
        xml.start("workflow").attribute("objectId", objectId).attribute("id", workflow);
        for (Step s : steps) {
            xml.empty("process").attribute("version", String.valueOf(s.version())).attribute("note", s.note())
                    .attribute("lifecycle", s.lifecycle()).attribute("laneId", s.lane())
                    .attribute("elapsed", elapsed(s.elapsed())).attribute("attempts", String.valueOf(s.attempts()))
                    .attribute("datetime", ServiceTimes.xml(s.statusAt()))
                    .attribute("context", contexts.get(s.version())).attribute("status", s.status())
                    .attribute("name", s.process());
            if (s.errorMessage() != null) {
                xml.attribute("errorMessage", s.errorMessage());
            }
        }
        xml.end();
    }

    /** Seconds as the service writes them: {@code 1.25}, {@code 3.0}; empty when never given. */
    static String elapsed(BigDecimal seconds) {
        if (seconds == null) {
            return "";
        }
        BigDecimal plain = seconds.stripTrailingZeros();
        return plain.scale() < 1 ? plain.setScale(1).toPlainString() : plain.toPlainString();
    }
}
