package dev.camelsuite.examples;

import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

import dev.camelsuite.workflow.model.StepCount;
import dev.camelsuite.workflow.store.WorkflowStore;

/**
 * Prints the workflow's progress whenever it changes, until every document is done: classified, or in error at a
 * step (the demo's robots have one attempt each).
 */
final class Progress {

    private final PrintStream out;
    private final WorkflowStore store;
    private final int documents;

    Progress(PrintStream out, WorkflowStore store, int documents) {
        this.out = out;
        this.store = store;
        this.documents = documents;
    }

    void awaitDone(Duration deadline) throws SQLException, InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        String last = "";
        while (System.nanoTime() < end) {
            Map<String, Long> counts = new TreeMap<>();
            long done = 0;
            for (StepCount c : store.counts()) {
                if (!c.process().equals("register")) {
                    counts.merge(c.process() + " " + c.status(), c.count(), Long::sum);
                }
                if (c.process().equals("classify") && c.status().equals("completed") || c.status().equals("error")) {
                    done += c.count();
                }
            }
            String line = "  progress: " + done + "/" + documents + " done  " + counts;
            if (!line.equals(last)) {
                out.println(line);
                last = line;
            }
            if (done >= documents) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("The documents were not done within " + deadline + ": " + last.trim());
    }
}
