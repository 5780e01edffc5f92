package dev.camelsuite.app.workflow.monitor;

import java.time.Duration;

/** Steps of a process in a status for longer than its threshold. */
public record Overdue(String workflow, String process, String status, long count, Duration over) {

    String key() {
        return workflow + "/" + process + ":" + status;
    }

    /** The log line of a process that has steps overdue. */
    String warning() {
        return count + (count == 1 ? " step of " : " steps of ") + workflow + "/" + process
               + (count == 1 ? " has" : " have") + " been " + status + " for more than " + human(over)
               + " (camelsuite.workflow.monitor)";
    }

    /** The log line of a process that has none any more. */
    String cleared() {
        return "No step of " + workflow + "/" + process + " has been " + status + " for more than " + human(over)
               + " any more (camelsuite.workflow.monitor)";
    }

    static String human(Duration d) {
        return d.toString().substring(2).toLowerCase();
    }
}
