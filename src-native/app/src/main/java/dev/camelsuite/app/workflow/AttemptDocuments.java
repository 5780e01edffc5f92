package dev.camelsuite.app.workflow;

import java.util.List;

import dev.camelsuite.workflow.model.HeldStep;
import dev.camelsuite.workflow.model.StepAttempt;

/**
 * The answers this API adds to the workflow service's, in its style: the attempts robots made at a step, and the
 * started steps with who holds them.
 */
final class AttemptDocuments {

    private AttemptDocuments() {
    }

    /**
     * {@code <attempts objectId workflow process><attempt version number robot started ended status
     * errorMessage>error text</attempt>…</attempts>}; {@code ended} and {@code status} are absent while an attempt runs.
     * Administrators get each robot's whole name (host and process id) and each error text whole (a stack trace, as
     * robots write them); other callers the robot's route and the error text's first line.
     */
    static String attempts(String objectId, String workflow, String process, List<StepAttempt> attempts,
                           boolean whole) {
        XmlOutput xml = new XmlOutput().start("attempts").attribute("objectId", objectId)
                .attribute("workflow", workflow).attribute("process", process);
        for (StepAttempt a : attempts) {
            xml.start("attempt").attribute("version", String.valueOf(a.version()))
                    .attribute("number", String.valueOf(a.attempt())).attribute("robot", whole ? a.robot() : route(a.robot()))
                    .attribute("started", ServiceTimes.xml(a.startedAt()));
            if (a.endedAt() != null) {
                xml.attribute("ended", ServiceTimes.xml(a.endedAt()));
            }
            if (a.status() != null) {
                xml.attribute("status", a.status());
            }
            if (a.errorMessage() != null) {
                xml.attribute("errorMessage", a.errorMessage());
            }
            if (a.errorText() != null) {
                xml.text(whole ? a.errorText() : firstLine(a.errorText()));
            }
            xml.end();
        }
        return xml.end().finish();
    }

    /** A robot's route, as its name ends ({@code host:pid (route enhance)}); a name without one is "a robot". */
    static String route(String robot) {
        if (robot == null) {
            return null;
        }
        int open = robot.lastIndexOf('(');
        return open >= 0 && robot.endsWith(")") ? robot.substring(open + 1, robot.length() - 1) : "a robot";
    }

    private static String firstLine(String text) {
        int eol = text.indexOf('\n');
        return (eol < 0 ? text : text.substring(0, eol)).strip();
    }

    /**
     * {@code <workflows><workflow name process druid version laneId attempts heldBy heldSince leaseUntil/>…}, as
     * {@code all_queued} lists queued steps; the holder's attributes are absent for a step nobody known holds.
     */
    static String held(List<HeldStep> steps) {
        XmlOutput xml = new XmlOutput().start("workflows");
        for (HeldStep s : steps) {
            xml.empty("workflow").attribute("name", s.workflow()).attribute("process", s.process())
                    .attribute("druid", s.objectId()).attribute("version", String.valueOf(s.version()))
                    .attribute("laneId", s.lane()).attribute("attempts", String.valueOf(s.attempts()));
            if (s.heldBy() != null) {
                xml.attribute("heldBy", s.heldBy()).attribute("heldSince", ServiceTimes.xml(s.heldSince()));
            }
            if (s.leaseUntil() != null) {
                xml.attribute("leaseUntil", ServiceTimes.xml(s.leaseUntil()));
            }
        }
        return xml.end().finish();
    }
}
