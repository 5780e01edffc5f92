package dev.camelsuite.workflow.store;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.workflow.Templates;
import dev.camelsuite.workflow.WorkflowConflictException;
import dev.camelsuite.workflow.WorkflowNotFoundException;
import dev.camelsuite.workflow.model.Milestone;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepAttempt;
import dev.camelsuite.workflow.model.StepClaim;
import dev.camelsuite.workflow.model.StepCount;
import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepEndResult;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The store's behaviour, run on every database the suite supports (see the subclasses). */
abstract class WorkflowStoreTest {

    protected final WorkflowTemplate accession = Templates.load("accessionWF");
    protected WorkflowStore store;
    protected javax.sql.DataSource database;

    /** A new, empty database for one test. */
    protected abstract javax.sql.DataSource newDatabase() throws Exception;

    @BeforeEach
    void setUpStore() throws Exception {
        database = newDatabase();
        store = new WorkflowStore(database);
        store.migrate();
    }

    @AfterEach
    void readinessIsKept() throws Exception {
        ReadinessInvariants.assertKept(database);
    }

    protected static String statusOf(List<Step> steps, String process) {
        return steps.stream().filter(s -> s.process().equals(process)).findFirst().orElseThrow().status();
    }

    @Test
    void createQueuesTheStepsWhosePrerequisitesAreDone() throws Exception {
        List<Step> steps = store.create("druid:bb123", accession, 1, "default", "{\"requireOCR\":true}");
        assertThat(steps).hasSize(7).allSatisfy(s -> assertThat(s.active()).isTrue());
        assertThat(statusOf(steps, "start-accession")).isEqualTo("completed");
        assertThat(statusOf(steps, "descriptive-metadata")).isEqualTo("queued");
        assertThat(statusOf(steps, "rights-metadata")).isEqualTo("queued");
        assertThat(statusOf(steps, "publish")).isEqualTo("waiting");
        assertThat(store.queue("accessionWF", "descriptive-metadata", null, 0)).containsExactly("druid:bb123");
        assertThat(store.queue("accessionWF", "publish", null, 0)).isEmpty();
    }

    @Test
    void completingAStepQueuesWhatBecameReadyAndReturnsIt() throws Exception {
        store.create("druid:bb123", accession, 1, "default", null);
        assertThat(store.update("druid:bb123", "accessionWF", "descriptive-metadata", StepUpdate.to("completed")))
                .isEmpty();
        List<Step> next = store.update("druid:bb123", "accessionWF", "rights-metadata", StepUpdate.to("skipped"));
        assertThat(next).extracting(Step::process).containsExactly("publish");
        assertThat(next.get(0).status()).isEqualTo("queued");
        // a skip-queue step waits for its external signal
        store.update("druid:bb123", "accessionWF", "publish", StepUpdate.to("completed"));
        List<Step> afterShelve = store.update("druid:bb123", "accessionWF", "shelve", StepUpdate.to("completed"));
        assertThat(afterShelve).isEmpty();
        assertThat(statusOf(store.get("druid:bb123", "accessionWF"), "sdr-ingest-received")).isEqualTo("waiting");
        assertThat(store.update("druid:bb123", "accessionWF", "sdr-ingest-received", StepUpdate.to("completed")))
                .extracting(Step::process).containsExactly("end-accession");
    }

    @Test
    void attemptsCountStartsAndErrorsAndASuccessClearsTheError() throws Exception {
        store.create("druid:cc1", accession, 1, "default", null);
        store.update("druid:cc1", "accessionWF", "publish", StepUpdate.to("error").withError("boom", "stack"));
        store.update("druid:cc1", "accessionWF", "publish", StepUpdate.to("started"));
        store.update("druid:cc1", "accessionWF", "publish", StepUpdate.to("error").withError("boom again", "stack"));
        Step erred = store.get("druid:cc1", "accessionWF").stream().filter(s -> s.process().equals("publish"))
                .findFirst().orElseThrow();
        assertThat(erred.attempts()).isEqualTo(2);
        assertThat(erred.errorMessage()).isEqualTo("boom again");
        store.update("druid:cc1", "accessionWF", "publish",
                StepUpdate.to("completed").withElapsed(new BigDecimal("1.250")).withNote("robot-host"));
        Step done = store.get("druid:cc1", "accessionWF").stream().filter(s -> s.process().equals("publish"))
                .findFirst().orElseThrow();
        assertThat(done.errorMessage()).isNull();
        assertThat(done.errorText()).isNull();
        assertThat(done.elapsed()).isEqualByComparingTo("1.25");
        assertThat(done.note()).isEqualTo("robot-host");
        assertThat(done.lifecycle()).isEqualTo("published");
        assertThat(done.completedAt()).isNotNull();
    }

    @Test
    void aConditionalUpdateThatLosesIsAConflictAndUnknownStepsAreNotFound() throws Exception {
        store.create("druid:dd1", accession, 1, "default", null);
        assertThatThrownBy(() -> store.update("druid:dd1", "accessionWF", "publish",
                StepUpdate.to("started").expecting("queued")))
                .isInstanceOfSatisfying(WorkflowConflictException.class, e -> {
                    assertThat(e.getExpectedStatus()).isEqualTo("queued");
                    assertThat(e.getActualStatus()).isEqualTo("waiting");
                });
        assertThatThrownBy(() -> store.update("druid:dd1", "accessionWF", "no-such-step", StepUpdate.to("completed")))
                .isInstanceOf(WorkflowNotFoundException.class).hasMessage(
                        "Object druid:dd1 has no step no-such-step in workflow accessionWF");
        assertThatThrownBy(() -> store.update("druid:nobody", "accessionWF", "publish", StepUpdate.to("completed")))
                .isInstanceOf(WorkflowNotFoundException.class);
    }

    @Test
    void exactlyOneOfManyConcurrentConditionalUpdatesWins() throws Exception {
        store.create("druid:ee1", accession, 1, "default", null);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Boolean>> claims = new ArrayList<>();
            for (int i = 0; i < 16; i++) {
                claims.add(() -> {
                    try {
                        store.update("druid:ee1", "accessionWF", "descriptive-metadata",
                                StepUpdate.to("started").expecting("queued"));
                        return true;
                    } catch (WorkflowConflictException e) {
                        return false;
                    }
                });
            }
            int winners = 0;
            for (Future<Boolean> f : pool.invokeAll(claims, 60, TimeUnit.SECONDS)) {
                winners += f.get() ? 1 : 0;
            }
            assertThat(winners).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
        Step started = store.get("druid:ee1", "accessionWF").stream()
                .filter(s -> s.process().equals("descriptive-metadata")).findFirst().orElseThrow();
        assertThat(started.attempts()).isEqualTo(1);
    }

    /** The two updates of one object, started at the same moment, 100 times; answers what they made ready. */
    private List<List<String>> race(String prefix, ObjectSetUp setUp, String firstProcess, String firstStatus,
                                    String secondProcess, String secondStatus)
            throws Exception {
        List<List<String>> madeReady = new ArrayList<>();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            for (int i = 0; i < 100; i++) {
                String id = prefix + i;
                store.create(id, accession, 1, "default", null);
                setUp.prepare(id);
                java.util.concurrent.CyclicBarrier together = new java.util.concurrent.CyclicBarrier(2);
                List<Callable<List<Step>>> both = List.of(
                        () -> {
                            together.await();
                            return store.update(id, "accessionWF", firstProcess, StepUpdate.to(firstStatus));
                        },
                        () -> {
                            together.await();
                            return store.update(id, "accessionWF", secondProcess, StepUpdate.to(secondStatus));
                        });
                List<String> promoted = new ArrayList<>();
                for (Future<List<Step>> f : pool.invokeAll(both, 60, TimeUnit.SECONDS)) {
                    f.get().forEach(s -> promoted.add(s.process()));
                }
                madeReady.add(promoted);
            }
        } finally {
            pool.shutdownNow();
        }
        return madeReady;
    }

    private interface ObjectSetUp {
        void prepare(String objectId) throws Exception;
    }

    @Test
    void parallelStepsCompletedAtTheSameMomentBothCountForTheStepThatJoinsThem() throws Exception {
        // descriptive-metadata and rights-metadata both lead to publish: whichever commits last must see the other
        List<List<String>> madeReady = race("druid:join", id -> {
        }, "descriptive-metadata", "completed", "rights-metadata", "completed");
        assertThat(madeReady).allSatisfy(ready -> assertThat(ready).containsExactly("publish"));
        assertThat(store.queue("accessionWF", "publish", null, 0)).hasSize(100);
    }

    @Test
    void aStepResetToWaitingWhileItsLastPrerequisiteFinishesEndsQueued() throws Exception {
        // publish waits for descriptive-metadata (done) and rights-metadata (ending now); whichever of the two updates
        // commits last must see the other one, so that publish is queued by exactly one of them
        List<List<String>> madeReady = race("druid:reset", id -> {
            store.update(id, "accessionWF", "descriptive-metadata", StepUpdate.to("completed"));
            store.update(id, "accessionWF", "rights-metadata", StepUpdate.to("started"));
            store.update(id, "accessionWF", "publish", StepUpdate.to("error"));
        }, "publish", "waiting", "rights-metadata", "completed");
        assertThat(madeReady).allSatisfy(ready -> assertThat(ready).containsExactly("publish"));
        assertThat(store.queue("accessionWF", "publish", null, 0)).hasSize(100);
    }

    @Test
    void aStepReopenedWhileAStepWaitingForItIsResetLeavesItQueuedOrWaitingButNeverMiscounted() throws Exception {
        // publish waits for descriptive-metadata and rights-metadata (both done); rights-metadata is started again
        // while publish is reset to waiting: publish ends queued when the reset commits first, waiting when the
        // reopening does; either way its count of open prerequisites says one (checked after the test)
        List<List<String>> madeReady = race("druid:reopen", id -> {
            store.update(id, "accessionWF", "descriptive-metadata", StepUpdate.to("completed"));
            store.update(id, "accessionWF", "rights-metadata", StepUpdate.to("completed"));
            store.update(id, "accessionWF", "publish", StepUpdate.to("error"));
        }, "publish", "waiting", "rights-metadata", "started");
        for (int i = 0; i < 100; i++) {
            String publish = statusOf(store.get("druid:reopen" + i, "accessionWF"), "publish");
            assertThat(publish).isIn("queued", "waiting");
            assertThat(madeReady.get(i)).isEqualTo("queued".equals(publish) ? List.of("publish") : List.of());
        }
    }

    @Test
    void aDoneStepReopenedHoldsBackTheStepsWaitingForItUntilItIsDoneAgain() throws Exception {
        store.create("druid:ro1", accession, 1, "default", null);
        store.update("druid:ro1", "accessionWF", "descriptive-metadata", StepUpdate.to("completed"));
        // done to done changes nothing for publish: it still waits for rights-metadata only
        store.update("druid:ro1", "accessionWF", "descriptive-metadata", StepUpdate.to("skipped"));
        store.update("druid:ro1", "accessionWF", "descriptive-metadata", StepUpdate.to("completed"));
        // reopened, then reset: descriptive-metadata is queued again at once (its prerequisite is done)
        store.update("druid:ro1", "accessionWF", "descriptive-metadata", StepUpdate.to("started"));
        assertThat(store.update("druid:ro1", "accessionWF", "descriptive-metadata", StepUpdate.to("waiting")))
                .extracting(Step::process).containsExactly("descriptive-metadata");
        // publish now waits for it again
        assertThat(store.update("druid:ro1", "accessionWF", "rights-metadata", StepUpdate.to("completed"))).isEmpty();
        assertThat(statusOf(store.get("druid:ro1", "accessionWF"), "publish")).isEqualTo("waiting");
        assertThat(store.update("druid:ro1", "accessionWF", "descriptive-metadata", StepUpdate.to("completed")))
                .extracting(Step::process).containsExactly("publish");
        // a queued step stays queued when a prerequisite is reopened, but a reset then waits for it
        store.update("druid:ro1", "accessionWF", "rights-metadata", StepUpdate.to("error").withError("again", null));
        assertThat(statusOf(store.get("druid:ro1", "accessionWF"), "publish")).isEqualTo("queued");
        assertThat(store.update("druid:ro1", "accessionWF", "publish", StepUpdate.to("waiting"))).isEmpty();
        assertThat(statusOf(store.get("druid:ro1", "accessionWF"), "publish")).isEqualTo("waiting");
        assertThat(store.update("druid:ro1", "accessionWF", "rights-metadata", StepUpdate.to("skipped")))
                .extracting(Step::process).containsExactly("publish");
        assertThat(store.history("druid:ro1", "accessionWF")).filteredOn(h -> h[0].equals("descriptive-metadata"))
                .extracting(h -> h[1] + " -> " + h[2]).containsExactly("null -> waiting", "waiting -> queued",
                        "queued -> completed", "completed -> skipped", "skipped -> completed", "completed -> started",
                        "started -> waiting", "waiting -> queued", "queued -> completed");
    }

    @Test
    void manyUpdatesOfFewObjectsFromManyThreadsKeepReadinessTrue() throws Exception {
        // random updates, batches and skips of a few objects' steps, with conflicts on purpose: whatever order they
        // commit in, every count of open prerequisites must match the statuses (checked after the test)
        List<String> ids = List.of("druid:mx0", "druid:mx1", "druid:mx2", "druid:mx3");
        for (String id : ids) {
            store.create(id, accession, 1, "default", null);
        }
        List<String> processes = accession.getProcesses().stream().map(p -> p.name()).toList();
        List<String> statuses = List.of("waiting", "started", "error", "completed", "skipped", "on-hold");
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<Void>> workers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                long seed = 42 + t;
                boolean batches = t == 3;
                workers.add(() -> {
                    java.util.Random random = new java.util.Random(seed);
                    for (int i = 0; i < 150; i++) {
                        String id = ids.get(random.nextInt(ids.size()));
                        String process = processes.get(random.nextInt(processes.size()));
                        StepUpdate update = StepUpdate.to(statuses.get(random.nextInt(statuses.size())));
                        if (random.nextInt(4) == 0) {
                            update = update.expecting(statuses.get(random.nextInt(statuses.size())));
                        }
                        try {
                            if (batches) {
                                // a batch's ends are of different steps
                                String other = ids.get((ids.indexOf(id) + 1 + random.nextInt(ids.size() - 1))
                                                       % ids.size());
                                store.updateAll(List.of(new StepEnd(id, "accessionWF", process, StepUpdate.to("completed")),
                                        new StepEnd(other, "accessionWF", process, update)));
                            } else if (random.nextInt(50) == 0) {
                                store.skipAll(id, "accessionWF", "random skip");
                            } else {
                                store.update(id, "accessionWF", process, update);
                            }
                        } catch (WorkflowConflictException expected) {
                            // an expectation that lost: part of the test
                        }
                    }
                    return null;
                });
            }
            for (Future<Void> f : pool.invokeAll(workers, 120, TimeUnit.SECONDS)) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aDoneStepStartsItsNextWorkflowInTheSameTransaction() throws Exception {
        WorkflowTemplate etd = Templates.load("etdSubmitWF");
        java.util.Map<String, WorkflowTemplate> known = new java.util.HashMap<>(java.util.Map.of("etdSubmitWF", etd));
        WorkflowStore withTemplates = new WorkflowStore(database, known::get);
        withTemplates.create("druid:etd1", etd, 2, "fast", null);
        for (String p : List.of("submit", "reader-approval", "registrar-approval")) {
            withTemplates.update("druid:etd1", "etdSubmitWF", p, StepUpdate.to("completed"));
        }
        // no template for accessionWF yet: the update fails and leaves the step as it was
        assertThatThrownBy(() -> withTemplates.update("druid:etd1", "etdSubmitWF", "start-accession",
                StepUpdate.to("completed")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Step etdSubmitWF/start-accession starts workflow accessionWF, which has no template in"
                            + " this store");
        assertThat(statusOf(store.get("druid:etd1", "etdSubmitWF"), "start-accession")).isEqualTo("queued");
        assertThat(store.history("druid:etd1", "etdSubmitWF")).noneMatch(h -> "completed".equals(h[2])
                                                                               && "start-accession".equals(h[0]));

        known.put("accessionWF", accession);
        withTemplates.update("druid:etd1", "etdSubmitWF", "start-accession", StepUpdate.to("completed"));
        List<Step> accessioning = store.get("druid:etd1", "accessionWF");
        assertThat(accessioning).hasSize(7).allSatisfy(s -> {
            assertThat(s.version()).isEqualTo(2);
            assertThat(s.lane()).isEqualTo("fast");
        });
        assertThat(statusOf(accessioning, "descriptive-metadata")).isEqualTo("queued");
        // a step that is not done (here: started again) starts nothing
        withTemplates.update("druid:etd1", "etdSubmitWF", "start-accession", StepUpdate.to("started"));
        assertThat(store.get("druid:etd1", "accessionWF")).hasSize(7);
    }

    @Test
    void aFutureDatedWorkflowIsInNoQueueAndClaimedByNoRobotBeforeItsStartDate() throws Exception {
        java.time.OffsetDateTime now = java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC);
        store.create("druid:later", accession, 1, "default", null, now.plusHours(1));
        store.create("druid:due", accession, 1, "default", null, now.minusMinutes(1));
        store.create("druid:now", accession, 1, "default", null);
        assertThat(store.queue("accessionWF", "descriptive-metadata", null, 0))
                .containsExactlyInAnyOrder("druid:due", "druid:now");
        assertThat(store.claim("accessionWF", "descriptive-metadata", null, 10, java.time.Duration.ZERO, "robot"))
                .extracting(Step::objectId).containsExactlyInAnyOrder("druid:due", "druid:now");
        assertThat(statusOf(store.get("druid:later", "accessionWF"), "descriptive-metadata")).isEqualTo("queued");
    }

    @Test
    void reCreatingANewVersionMakesItTheOnlyActiveOne() throws Exception {
        store.create("druid:ff1", accession, 1, "default", null);
        store.create("druid:ff1", accession, 2, "fast", null);
        List<Step> all = store.get("druid:ff1", "accessionWF");
        assertThat(all).hasSize(14);
        assertThat(all).filteredOn(Step::active).allSatisfy(s -> assertThat(s.version()).isEqualTo(2)).hasSize(7);
        // only the active version counts for queues, and lanes narrow them
        assertThat(store.queue("accessionWF", "rights-metadata", "fast", 0)).containsExactly("druid:ff1");
        assertThat(store.queue("accessionWF", "rights-metadata", "default", 0)).isEmpty();
        // re-creating a version replaces its steps
        store.create("druid:ff1", accession, 2, "fast", null);
        assertThat(store.get("druid:ff1", "accessionWF")).hasSize(14);
    }

    @Test
    void queuesAreOldestFirstAndLimitIsHonoured() throws Exception {
        for (int i = 0; i < 5; i++) {
            store.create("druid:q" + i, accession, 1, "default", null);
        }
        assertThat(store.queue("accessionWF", "rights-metadata", null, 3)).containsExactly("druid:q0", "druid:q1",
                "druid:q2");
        assertThat(store.queue("accessionWF", "rights-metadata", null, 0)).hasSize(5);
    }

    @Test
    void everyTransitionIsInTheHistory() throws Exception {
        store.create("druid:hh1", accession, 1, "default", null);
        store.update("druid:hh1", "accessionWF", "descriptive-metadata", StepUpdate.to("started"));
        store.update("druid:hh1", "accessionWF", "descriptive-metadata", StepUpdate.to("error"));
        store.update("druid:hh1", "accessionWF", "descriptive-metadata", StepUpdate.to("waiting"));
        store.update("druid:hh1", "accessionWF", "descriptive-metadata", StepUpdate.to("completed"));
        List<String[]> metadata = store.history("druid:hh1", "accessionWF").stream()
                .filter(r -> r[0].equals("descriptive-metadata")).toList();
        // the status each update replaced, also for updates done in one statement
        assertThat(metadata).extracting(r -> r[1] + " -> " + r[2]).containsExactly("null -> waiting",
                "waiting -> queued", "queued -> started", "started -> error", "error -> waiting", "waiting -> queued",
                "queued -> completed");
    }
    @Test
    void errorQueuesListObjectsInErrorAtAProcess() throws Exception {
        store.create("druid:er1", accession, 1, "default", null);
        store.create("druid:er2", accession, 1, "default", null);
        store.update("druid:er2", "accessionWF", "rights-metadata", StepUpdate.to("error").withError("bad rights", null));
        assertThat(store.errors("accessionWF", "rights-metadata", null, 0)).containsExactly("druid:er2");
        assertThat(store.errors("accessionWF", "rights-metadata", "other-lane", 0)).isEmpty();
    }

    @Test
    void lifecycleListsTheMilestonesOfDoneStepsAndActiveOnlyTheUnfinishedVersionsLifecycle() throws Exception {
        store.create("druid:lc1", accession, 1, "default", null);
        store.update("druid:lc1", "accessionWF", "descriptive-metadata", StepUpdate.to("completed"));
        store.update("druid:lc1", "accessionWF", "rights-metadata", StepUpdate.to("completed"));
        store.update("druid:lc1", "accessionWF", "publish", StepUpdate.to("completed"));
        assertThat(store.lifecycle("druid:lc1", false, null)).extracting(Milestone::name)
                .containsExactly("submitted", "published");
        // as the workflow service: a version not finished lists every lifecycle step of it, reached or not — by date,
        // the steps not reached dated by their creation, before published, which was completed after it
        assertThat(store.lifecycle("druid:lc1", true, 1)).extracting(Milestone::name)
                .containsExactly("submitted", "deposited", "accessioned", "published");
        store.skipAll("druid:lc1", "accessionWF", "finished by hand");
        assertThat(store.lifecycle("druid:lc1", true, 1)).isEmpty();
        assertThat(store.lifecycle("druid:lc1", false, 1)).extracting(Milestone::name)
                .containsExactly("submitted", "published", "deposited", "accessioned");
    }

    @Test
    void skipAllSkipsEveryActiveStepWithANote() throws Exception {
        store.create("druid:sk1", accession, 1, "default", null);
        // as the workflow service does: every active step, completed ones included
        assertThat(store.skipAll("druid:sk1", "accessionWF", "not needed")).isEqualTo(7);
        assertThat(store.get("druid:sk1", "accessionWF")).allSatisfy(step -> {
            assertThat(step.status()).isEqualTo("skipped");
            assertThat(step.note()).isEqualTo("not needed");
        });
        assertThatThrownBy(() -> store.skipAll("druid:nobody", "accessionWF", "x"))
                .isInstanceOf(WorkflowNotFoundException.class);
    }

    @Test
    void deleteRemovesAVersionOrTheWholeWorkflowOrEverythingOfAnObject() throws Exception {
        store.create("druid:de1", accession, 1, "default", "{\"a\":1}");
        store.create("druid:de1", accession, 2, "default", null);
        assertThat(store.context("druid:de1", 1)).isEqualTo("{\"a\":1}");
        assertThat(store.delete("druid:de1", "accessionWF", 1)).isEqualTo(7);
        assertThat(store.get("druid:de1", "accessionWF")).hasSize(7).allSatisfy(st -> assertThat(st.version()).isEqualTo(2));
        assertThat(store.delete("druid:de1", "accessionWF", null)).isEqualTo(7);
        store.create("druid:de1", accession, 3, "default", null);
        assertThat(store.deleteObject("druid:de1")).isEqualTo(7);
        assertThat(store.get("druid:de1", "accessionWF")).isEmpty();
        assertThat(store.context("druid:de1", 1)).isNull();
    }

    @Test
    void countsGroupActiveStepsByWorkflowProcessAndStatus() throws Exception {
        store.create("druid:co1", accession, 1, "default", null);
        store.create("druid:co2", accession, 1, "default", null);
        store.update("druid:co2", "accessionWF", "rights-metadata", StepUpdate.to("started"));
        assertThat(store.counts())
                .contains(new StepCount("accessionWF", "rights-metadata", "queued", 1),
                        new StepCount("accessionWF", "rights-metadata", "started", 1),
                        new StepCount("accessionWF", "start-accession", "completed", 2),
                        new StepCount("accessionWF", "publish", "waiting", 2));
    }

    @Test
    void updatesOfABatchCommitTogetherAndARefusedOneLeavesTheOthers() throws Exception {
        List<String> ids = List.of("druid:ba3", "druid:ba1", "druid:ba2");
        for (String id : ids) {
            store.create(id, accession, 1, "default", null);
        }
        store.update("druid:ba2", "accessionWF", "descriptive-metadata", StepUpdate.to("started"));
        store.update("druid:ba2", "accessionWF", "rights-metadata", StepUpdate.to("started"));
        store.update("druid:ba1", "accessionWF", "rights-metadata", StepUpdate.to("completed"));
        List<StepEndResult> results = store.updateAll(List.of(
                new StepEnd("druid:ba2", "accessionWF", "descriptive-metadata", StepUpdate.to("completed")
                        .expecting("started")),
                new StepEnd("druid:ba1", "accessionWF", "descriptive-metadata", StepUpdate.to("completed")
                        .expecting("started")),
                new StepEnd("druid:ba2", "accessionWF", "rights-metadata", StepUpdate.to("completed")),
                new StepEnd("druid:ba3", "accessionWF", "no-such-step", StepUpdate.to("completed"))));
        // applied in object order; each decided on its own
        assertThat(results).extracting(r -> r.end().objectId() + "/" + r.end().process()).containsExactly(
                "druid:ba1/descriptive-metadata", "druid:ba2/descriptive-metadata", "druid:ba2/rights-metadata",
                "druid:ba3/no-such-step");
        assertThat(results.get(0).failure()).isInstanceOf(dev.camelsuite.workflow.WorkflowConflictException.class);
        assertThat(results.get(1).failure()).isNull();
        // the second of the two parallel steps to end queues the step that joins them, within the batch
        assertThat(results.get(2).next()).extracting(Step::process).containsExactly("publish");
        assertThat(results.get(3).failure()).isInstanceOf(dev.camelsuite.workflow.WorkflowNotFoundException.class);
        assertThat(store.get("druid:ba2", "accessionWF")).filteredOn(st -> st.process().equals("publish"))
                .extracting(Step::status).containsExactly("queued");
        assertThat(store.get("druid:ba1", "accessionWF")).filteredOn(st -> st.process().equals("descriptive-metadata"))
                .extracting(Step::status).containsExactly("queued");
        assertThat(store.history("druid:ba2", "accessionWF")).extracting(r -> r[0] + ": " + r[1] + " -> " + r[2])
                .contains("descriptive-metadata: started -> completed", "rights-metadata: started -> completed",
                        "publish: waiting -> queued");
        // ends to done and to other statuses in one batch
        store.update("druid:ba3", "accessionWF", "rights-metadata", StepUpdate.to("started"));
        List<StepEndResult> mixed = store.updateAll(List.of(
                new StepEnd("druid:ba3", "accessionWF", "rights-metadata", StepUpdate.to("error")
                        .withError("no rights", "stack")),
                new StepEnd("druid:ba2", "accessionWF", "publish", StepUpdate.to("skipped")),
                new StepEnd("druid:ba1", "accessionWF", "descriptive-metadata", StepUpdate.to("completed"))));
        assertThat(mixed).allSatisfy(r -> assertThat(r.failure()).isNull());
        assertThat(mixed).filteredOn(r -> r.end().objectId().equals("druid:ba1")).singleElement()
                .satisfies(r -> assertThat(r.next()).extracting(Step::process).containsExactly("publish"));
        assertThat(mixed).filteredOn(r -> r.end().objectId().equals("druid:ba2")).singleElement()
                .satisfies(r -> assertThat(r.next()).extracting(Step::process).containsExactly("shelve"));
        assertThat(store.get("druid:ba3", "accessionWF")).filteredOn(st -> st.process().equals("rights-metadata"))
                .singleElement().satisfies(st -> {
                    assertThat(st.status()).isEqualTo("error");
                    assertThat(st.errorMessage()).isEqualTo("no rights");
                    assertThat(st.attempts()).isEqualTo(1);
                });
        assertThat(store.updateAll(List.of())).isEmpty();
    }

    @Test
    void aClaimHoldsItsStepUnderALeaseThatItsRobotRenews() throws Exception {
        String process = "descriptive-metadata";
        for (String id : List.of("druid:ls1", "druid:ls2", "druid:ls3")) {
            store.create(id, accession, 1, "default", null);
        }
        java.time.Duration lease = java.time.Duration.ofMillis(300);
        List<Step> mine = store.claim("accessionWF", process, null, 2, java.time.Duration.ZERO, "robot-a",
                "robot-a (route r)", lease);
        assertThat(mine).hasSize(2);
        assertThat(store.held("accessionWF", 10)).hasSize(2).allSatisfy(h -> {
            assertThat(h.heldBy()).isEqualTo("robot-a (route r)");
            assertThat(h.leaseUntil()).isAfter(h.heldSince());
        });
        // a step without a lease (a client started it): the sweeper's, never the lease's
        store.update("druid:ls3", "accessionWF", process, StepUpdate.to("started"));
        Thread.sleep(200);
        // robot-a renews one of its two steps; the other's lease runs out
        assertThat(store.renew(List.of(mine.get(0)), java.time.Duration.ofSeconds(30))).isEqualTo(1);
        Thread.sleep(200);
        assertThat(store.expire("accessionWF", process)).isEqualTo(1);
        assertThat(status(mine.get(0).objectId(), process)).isEqualTo("started");
        assertThat(status(mine.get(1).objectId(), process)).isEqualTo("queued");
        assertThat(status("druid:ls3", process)).isEqualTo("started");
        // the sweeper leaves a step under a lease alone
        assertThat(store.sweep("accessionWF", java.time.Duration.ZERO)).isEqualTo(1);
        assertThat(status(mine.get(0).objectId(), process)).isEqualTo("started");
        assertThat(status("druid:ls3", process)).isEqualTo("queued");
        // a renewal of a step that was given out again renews nothing
        assertThat(store.renew(List.of(mine.get(1)), lease)).isZero();
        // robot-b gets the expired one, attempt counted; robot-a's late end of it is refused
        List<Step> theirs = store.claim("accessionWF", process, null, 1, java.time.Duration.ZERO, "robot-b",
                "robot-b (route r)", lease);
        assertThat(theirs).singleElement().satisfies(st -> {
            assertThat(st.objectId()).isEqualTo(mine.get(1).objectId());
            assertThat(st.attempts()).isEqualTo(2);
        });
        assertThatThrownBy(() -> store.update(mine.get(1).objectId(), "accessionWF", process,
                StepUpdate.to("completed").ending(StepClaim.of(mine.get(1)))))
                .isInstanceOf(WorkflowConflictException.class);
        // a route that ends its step another way lets go of the lease: the step stays started, the sweeper watches it
        store.letGo(mine.get(0));
        Thread.sleep(50);
        assertThat(store.expire("accessionWF", process)).isZero();
        assertThat(store.held("accessionWF", 10)).filteredOn(h -> h.objectId().equals(mine.get(0).objectId()))
                .singleElement().satisfies(h -> assertThat(h.leaseUntil()).isNull());
        // a step a client starts after a robot's claim ran its course is under no lease: the sweeper's
        store.update(theirs.get(0).objectId(), "accessionWF", process,
                StepUpdate.to("completed").ending(StepClaim.of(theirs.get(0))));
        store.update(theirs.get(0).objectId(), "accessionWF", process, StepUpdate.to("started"));
        Thread.sleep(350);
        assertThat(store.expire("accessionWF", process)).isZero();
        assertThat(store.held("accessionWF", 10)).filteredOn(h -> h.objectId().equals(theirs.get(0).objectId()))
                .singleElement().satisfies(h -> assertThat(h.heldBy()).isNull());
        assertThat(store.sweep("accessionWF", java.time.Duration.ZERO)).isEqualTo(2);
    }

    @Test
    void everyAttemptOfARobotIsKeptWithItsRobotEndAndError() throws Exception {
        String process = "descriptive-metadata";
        store.create("druid:at1", accession, 1, "default", null);
        Step first = store.claim("accessionWF", process, null, 1, java.time.Duration.ZERO, "robot-a", "robot-a",
                java.time.Duration.ofSeconds(30)).get(0);
        assertThat(store.attempts("druid:at1", "accessionWF", process)).singleElement().satisfies(a -> {
            assertThat(a.attempt()).isEqualTo(1);
            assertThat(a.status()).isEqualTo("started");
            assertThat(a.endedAt()).isNull();
        });
        store.update("druid:at1", "accessionWF", process, StepUpdate.to("retrying").withError("no rights", "trace 1")
                .ending(StepClaim.of(first)));
        Step second = store.claim("accessionWF", process, null, 1, java.time.Duration.ZERO, "robot-b", "robot-b",
                java.time.Duration.ofSeconds(30)).get(0);
        store.update("druid:at1", "accessionWF", process, StepUpdate.to("completed").ending(StepClaim.of(second)));
        List<StepAttempt> attempts = store.attempts("druid:at1", "accessionWF", process);
        assertThat(attempts).hasSize(2);
        assertThat(attempts.get(0)).satisfies(a -> {
            assertThat(a.robot()).isEqualTo("robot-a");
            assertThat(a.status()).isEqualTo("retrying");
            assertThat(a.errorMessage()).isEqualTo("no rights");
            assertThat(a.errorText()).isEqualTo("trace 1");
            assertThat(a.endedAt()).isAfterOrEqualTo(a.startedAt());
        });
        assertThat(attempts.get(1)).satisfies(a -> {
            assertThat(a.robot()).isEqualTo("robot-b");
            assertThat(a.attempt()).isEqualTo(2);
            assertThat(a.status()).isEqualTo("completed");
            assertThat(a.errorMessage()).isNull();
        });
        // the workflow created again starts over, its attempts with it
        store.create("druid:at1", accession, 1, "default", null);
        assertThat(store.attempts("druid:at1", "accessionWF", process)).isEmpty();
    }

    @Test
    void theStepsOfRobotsOfAProcessOfThisHostThatIsGoneGoBack() throws Exception {
        String process = "descriptive-metadata";
        for (String id : List.of("druid:or1", "druid:or2", "druid:or3", "druid:or4")) {
            store.create(id, accession, 1, "default", null);
        }
        long alivePid = ProcessHandle.current().pid();
        store.claim("accessionWF", process, null, 1, java.time.Duration.ZERO, "node-a:4000000");
        store.claim("accessionWF", process, null, 1, java.time.Duration.ZERO, "node-a:" + alivePid);
        store.claim("accessionWF", process, null, 1, java.time.Duration.ZERO, "node-b:4000001");
        store.claim("accessionWF", process, null, 1, java.time.Duration.ZERO, "node-a-robot");

        // only the step of node-a's process 4000000, which is not alive, goes back
        assertThat(store.releaseOrphans("accessionWF", "node-a", pid -> pid == alivePid)).isEqualTo(1);
        assertThat(List.of("druid:or1", "druid:or2", "druid:or3", "druid:or4")).map(id -> status(id, process))
                .containsExactly("queued", "started", "started", "started");
        assertThat(store.claim("accessionWF", process, null, 10, java.time.Duration.ZERO, "node-a:" + alivePid))
                .singleElement().satisfies(st -> {
                    assertThat(st.objectId()).isEqualTo("druid:or1");
                    assertThat(st.attempts()).isEqualTo(2);
                });
    }

    private String status(String objectId, String process) throws java.sql.SQLException {
        return store.get(objectId, "accessionWF").stream().filter(st -> st.process().equals(process)).findFirst()
                .orElseThrow().status();
    }

    @Test
    void aLateEndIsRefusedAndNeverLandsOnAnotherRobotsClaim() throws Exception {
        String process = "descriptive-metadata";
        for (String id : List.of("druid:lt1", "druid:lt2")) {
            store.create(id, accession, 1, "default", null);
        }
        List<Step> first = store.claim("accessionWF", process, null, 10, java.time.Duration.ZERO, "robot-a");
        assertThat(first).hasSize(2).allSatisfy(st -> assertThat(st.attempts()).isEqualTo(1));
        Thread.sleep(5);
        // robot A is presumed dead: the sweeper puts its steps back in the queue, and robot B claims them
        assertThat(store.sweep("accessionWF", java.time.Duration.ZERO)).isEqualTo(2);
        List<Step> second = store.claim("accessionWF", process, null, 10, java.time.Duration.ZERO, "robot-b");
        assertThat(second).hasSize(2).allSatisfy(st -> assertThat(st.attempts()).isEqualTo(2));

        // A's late ends, one by one and as a batch (ends to done and to retrying take different paths): refused
        StepClaim claimOfA = StepClaim.of(first.get(0));
        assertThatThrownBy(() -> store.update("druid:lt1", "accessionWF", process,
                StepUpdate.to("retrying").withError("late", "trace").ending(claimOfA)))
                .isInstanceOf(WorkflowConflictException.class);
        assertThatThrownBy(() -> store.update("druid:lt1", "accessionWF", process,
                StepUpdate.to("completed").ending(claimOfA))).isInstanceOf(WorkflowConflictException.class);
        assertThat(store.updateAll(first.stream().map(st -> new StepEnd(st.objectId(), "accessionWF", process,
                StepUpdate.to("completed").ending(StepClaim.of(st)))).toList()))
                .allSatisfy(r -> assertThat(r.failure()).isInstanceOf(WorkflowConflictException.class));
        assertThat(store.get("druid:lt1", "accessionWF")).filteredOn(st -> st.process().equals(process))
                .singleElement().satisfies(st -> {
                    assertThat(st.status()).isEqualTo("started");
                    assertThat(st.errorMessage()).isNull();
                });

        // B's ends apply
        assertThat(store.updateAll(second.stream().map(st -> new StepEnd(st.objectId(), "accessionWF", process,
                StepUpdate.to("completed").ending(StepClaim.of(st)))).toList()))
                .allSatisfy(r -> assertThat(r.failure()).isNull());
        assertThat(store.get("druid:lt2", "accessionWF")).filteredOn(st -> st.process().equals(process))
                .extracting(Step::status).containsExactly("completed");

        // an end of a claim in a version that was created again since does not land on the new version's step
        store.create("druid:lt3", accession, 1, "default", null);
        Step old = store.claim("accessionWF", process, null, 10, java.time.Duration.ZERO, "robot-a").get(0);
        store.create("druid:lt3", accession, 2, "default", null);
        Step fresh = store.claim("accessionWF", process, null, 10, java.time.Duration.ZERO, "robot-b").get(0);
        assertThat(fresh.attempts()).isEqualTo(old.attempts());
        assertThatThrownBy(() -> store.update("druid:lt3", "accessionWF", process,
                StepUpdate.to("completed").ending(StepClaim.of(old)))).isInstanceOf(WorkflowConflictException.class);
        store.update("druid:lt3", "accessionWF", process, StepUpdate.to("completed").ending(StepClaim.of(fresh)));
        assertThat(store.get("druid:lt3", "accessionWF")).filteredOn(st -> st.active() && st.process().equals(process))
                .extracting(Step::status).containsExactly("completed");
    }

    @Test
    void recentErrorsComeNewestFirstWithTheirMessages() throws Exception {
        for (String id : List.of("druid:er1", "druid:er2", "druid:er3")) {
            store.create(id, accession, 1, "default", null);
            store.update(id, "accessionWF", "rights-metadata", new StepUpdate("error", null, "no rights for " + id,
                    "trace", null, null, null, null));
            Thread.sleep(5);
        }
        // a fixed error is no longer listed
        store.update("druid:er2", "accessionWF", "rights-metadata", StepUpdate.to("completed"));
        assertThat(store.recentErrors(10)).extracting(Step::objectId, Step::errorMessage)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("druid:er3", "no rights for druid:er3"),
                        org.assertj.core.groups.Tuple.tuple("druid:er1", "no rights for druid:er1"));
        assertThat(store.recentErrors(1)).extracting(Step::objectId).containsExactly("druid:er3");
    }

    @Test
    void aContextIsReplacedByANonBlankOneDeletedByAnEmptyOneAndKeptByNull() throws Exception {
        store.create("druid:cx1", accession, 1, "default", "{\"v\":1}");
        store.create("druid:cx1", accession, 1, "default", null);
        assertThat(store.context("druid:cx1", 1)).isEqualTo("{\"v\":1}");
        store.create("druid:cx1", accession, 1, "default", "{\"v\":2}");
        assertThat(store.context("druid:cx1", 1)).isEqualTo("{\"v\":2}");
        store.create("druid:cx1", accession, 1, "default", "");
        assertThat(store.context("druid:cx1", 1)).isNull();
    }
    @Test
    void aStepResetToWaitingIsReadyAgainAtOnce() throws Exception {
        store.create("druid:rw1", accession, 1, "default", null);
        store.update("druid:rw1", "accessionWF", "rights-metadata", StepUpdate.to("started"));
        assertThat(store.queue("accessionWF", "rights-metadata", null, 0)).isEmpty();
        List<Step> next = store.update("druid:rw1", "accessionWF", "rights-metadata", StepUpdate.to("waiting"));
        assertThat(next).extracting(Step::process).containsExactly("rights-metadata");
        assertThat(store.queue("accessionWF", "rights-metadata", null, 0)).containsExactly("druid:rw1");
    }

    @Test
    void archiveMovesFinishedInactiveVersionsAndOldFinishedOnes() throws Exception {
        store.create("druid:ar1", accession, 1, "default", null);
        store.skipAll("druid:ar1", "accessionWF", "done");
        store.create("druid:ar1", accession, 2, "default", null);
        store.create("druid:ar2", accession, 1, "default", null);
        store.skipAll("druid:ar2", "accessionWF", "done");
        assertThat(store.archive(null)).isEqualTo(7);
        assertThat(store.archivedSteps("druid:ar1")).isEqualTo(7);
        assertThat(store.get("druid:ar1", "accessionWF")).hasSize(7);
        // finished and active: only with a retention period it has outlived
        assertThat(store.archive(java.time.OffsetDateTime.now().minusDays(1))).isZero();
        assertThat(store.archive(java.time.OffsetDateTime.now().plusSeconds(5))).isEqualTo(7);
        assertThat(store.get("druid:ar2", "accessionWF")).isEmpty();
        assertThat(store.archivedSteps("druid:ar2")).isEqualTo(7);
    }
}
