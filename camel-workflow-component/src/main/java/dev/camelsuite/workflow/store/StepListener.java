package dev.camelsuite.workflow.store;

import java.util.List;

import dev.camelsuite.workflow.model.StepChange;

/** Told of the status changes of each store operation, after its transaction committed, in the order they were made. */
@FunctionalInterface
public interface StepListener {

    void changed(List<StepChange> changes);
}
