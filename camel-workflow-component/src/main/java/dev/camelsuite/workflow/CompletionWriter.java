package dev.camelsuite.workflow;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepEndResult;
import dev.camelsuite.workflow.store.WorkflowStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the ends of the steps a robot endpoint's robots processed, many in one transaction, on a thread of its own
 * while the robots go on with their next steps (option {@code completionBatch}). It takes whatever ended meanwhile,
 * up to the batch size, so under load one commit carries many steps and when idle a step is written at once. A robot
 * hands a step's end over and continues; when the writer is a full queue behind, the robot waits for room.
 * <p>
 * A crash between a step's route and its write leaves the step {@code started}: the sweeper hands it out again, as for
 * a robot that died mid-step. A write that fails (the database is gone) leaves its steps started the same way.
 */
final class CompletionWriter {

    private static final Logger LOG = LoggerFactory.getLogger(CompletionWriter.class);
    private static final long POLL_MILLIS = 100;

    private final Supplier<WorkflowStore> store;
    private final int batchSize;
    private final BlockingQueue<StepEnd> pending;
    private final Consumer<StepEndResult> written;
    private volatile boolean running;
    private ExecutorService thread;

    /**
     * @param written told of each step's end once it is written (applied, or refused with why)
     */
    CompletionWriter(Supplier<WorkflowStore> store, int batchSize, int robots, Consumer<StepEndResult> written) {
        this.store = store;
        this.batchSize = batchSize;
        // room for every robot to hand over a few batches before it has to wait for the writer
        this.pending = new ArrayBlockingQueue<>(batchSize * Math.max(2, robots * 2));
        this.written = written;
    }

    void start(ExecutorService thread) {
        this.thread = thread;
        running = true;
        thread.execute(this::writeUntilStopped);
    }

    /** Hands a step's end over; waits while the writer is a full queue behind. */
    void submit(StepEnd end) throws InterruptedException {
        pending.put(end);
    }

    /** Writes what is still pending, then stops. */
    void stop() throws InterruptedException {
        running = false;
        if (thread != null) {
            thread.shutdown();
            if (!thread.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("The completion writer did not finish within 30 s; {} step end(s) not written: the sweeper"
                         + " will hand those steps out again", pending.size());
            }
        }
        writeBatch(drain());
    }

    private void writeUntilStopped() {
        while (running || !pending.isEmpty()) {
            try {
                StepEnd first = pending.poll(POLL_MILLIS, TimeUnit.MILLISECONDS);
                if (first == null) {
                    continue;
                }
                List<StepEnd> batch = new ArrayList<>(batchSize);
                batch.add(first);
                pending.drainTo(batch, batchSize - 1);
                writeBatch(batch);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private List<StepEnd> drain() {
        List<StepEnd> rest = new ArrayList<>();
        pending.drainTo(rest);
        return rest;
    }

    private void writeBatch(List<StepEnd> batch) {
        if (batch.isEmpty()) {
            return;
        }
        try {
            for (StepEndResult result : store.get().updateAll(batch)) {
                written.accept(result);
            }
        } catch (Exception e) {
            LOG.error("Could not write the end of {} step(s): {}. They stay started; the sweeper hands them out again.",
                    batch.size(), e.getMessage(), e);
        }
    }
}
