package dev.camelsuite.workflow.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import javax.sql.DataSource;

import dev.camelsuite.workflow.Templates;
import dev.camelsuite.workflow.WorkflowConflictException;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepClaim;
import dev.camelsuite.workflow.model.StepEnd;
import dev.camelsuite.workflow.model.StepEvent;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The outbox of step events: every kind of change writes exactly the events its history rows tell, in its own
 * transaction (one that rolls back writes none); a relay sends them in order, again from the one that failed, deletes
 * what it sent, and only while it holds the lease — a relay that died without giving it up is followed once it ran
 * out. On H2 and PostgreSQL (the subclasses).
 */
abstract class EventOutboxTest {

    private static final String WF = "accessionWF";
    private static final String DM = "descriptive-metadata";
    private static final Duration LEASE = Duration.ofSeconds(30);

    private final WorkflowTemplate accession = Templates.load(WF);
    private final List<OutboxRelay> relays = new ArrayList<>();
    private WorkflowStore store;
    private DataSource dataSource;

    protected abstract DataSource newDatabase() throws Exception;

    @BeforeEach
    void setUpStore() throws Exception {
        dataSource = newDatabase();
        store = new WorkflowStore(dataSource, name -> name.equals(WF) ? accession : null);
        store.migrate();
        store.outbox().setOn(true);
    }

    @AfterEach
    void stopRelays() throws Exception {
        for (OutboxRelay relay : relays) {
            relay.stop(Duration.ofSeconds(5));
        }
    }

    private OutboxRelay relay(String holder, OutboxRelay.Sender sender, Duration lease) {
        OutboxRelay relay = new OutboxRelay(store.outbox(), sender, holder, "the test's sender", lease, 50,
                () -> true);
        relays.add(relay);
        relay.start();
        return relay;
    }

    /** Per process of an object's workflow, the events' "old>new" in outbox order. */
    private Map<String, List<String>> stories(List<StepEvent> events, String objectId) {
        Map<String, List<String>> stories = new HashMap<>();
        for (StepEvent e : events) {
            if (e.change().objectId().equals(objectId)) {
                stories.computeIfAbsent(e.change().process(), p -> new ArrayList<>())
                        .add(e.change().oldStatus() + ">" + e.change().newStatus());
            }
        }
        return stories;
    }

    /** Per process, the history rows' "old>new", oldest first: what committed. */
    private Map<String, List<String>> history(String objectId) throws Exception {
        Map<String, List<String>> stories = new HashMap<>();
        for (String[] row : store.history(objectId, WF)) {
            stories.computeIfAbsent(row[0], p -> new ArrayList<>()).add(row[1] + ">" + row[2]);
        }
        return stories;
    }

    @Test
    void everyKindOfChangeWritesTheEventsItsHistoryTells() throws Exception {
        store.create("druid:o1", accession, 1, null, null);
        Step held = store.claim(WF, DM, null, 1, Duration.ZERO, "robot", "robot (r)", Duration.ofMillis(1)).get(0);
        Thread.sleep(5);
        assertThat(store.expire(WF, DM)).isOne();
        held = store.claim(WF, DM, null, 1, Duration.ZERO, "robot", "robot (r)", LEASE).get(0);
        store.update("druid:o1", WF, DM, StepUpdate.to("completed").ending(StepClaim.of(held)));
        store.updateAll(List.of(new StepEnd("druid:o1", WF, "rights-metadata", StepUpdate.to("completed"))));
        store.create("druid:o2", accession, 1, null, null);
        store.update("druid:o2", WF, DM, StepUpdate.to("error").withError("no metadata", null));
        store.update("druid:o2", WF, DM, StepUpdate.to("waiting"));
        store.update("druid:o2", WF, "start-accession", StepUpdate.to("started"));
        store.skipAll("druid:o2", WF, "not needed");

        List<StepEvent> events = store.outbox().oldest(1000);
        assertThat(stories(events, "druid:o1")).isEqualTo(history("druid:o1"));
        assertThat(stories(events, "druid:o2")).isEqualTo(history("druid:o2"));
        assertThat(stories(events, "druid:o1").get(DM)).containsExactly("null>waiting", "waiting>queued",
                "queued>started", "started>queued", "queued>started", "started>completed");
        assertThat(stories(events, "druid:o2").get(DM)).containsExactly("null>waiting", "waiting>queued",
                "queued>error", "error>waiting", "waiting>queued", "queued>skipped");
        assertThat(events).extracting(StepEvent::eventId).doesNotHaveDuplicates();
        assertThat(events).extracting(StepEvent::position).isSorted();
        assertThat(store.outbox().waiting()).isEqualTo(events.size());
        assertThat(store.outbox().oldestChange()).isEqualTo(events.get(0).change().at());
    }

    @Test
    void aChangeThatRollsBackWritesNoEventAndAnOutboxOffWritesNone() throws Exception {
        store.create("druid:r1", accession, 1, null, null);
        long before = store.outbox().waiting();
        assertThatThrownBy(() -> store.update("druid:r1", WF, DM, StepUpdate.to("completed").expecting("started")))
                .isInstanceOf(WorkflowConflictException.class);
        assertThat(store.outbox().waiting()).isEqualTo(before);

        store.outbox().setOn(false);
        store.update("druid:r1", WF, DM, StepUpdate.to("completed"));
        assertThat(store.outbox().waiting()).isEqualTo(before);
    }

    @Test
    void theRelaySendsInOrderAgainFromTheOneThatFailedAndDeletesWhatItSent() throws Exception {
        for (int i = 0; i < 20; i++) {
            store.create("druid:s" + i, accession, 1, null, null);
        }
        List<StepEvent> written = store.outbox().oldest(1000);
        List<StepEvent> received = new CopyOnWriteArrayList<>();
        AtomicInteger failures = new AtomicInteger(3);
        relay("relay-a", event -> {
            if (received.size() == 7 && failures.getAndDecrement() > 0) {
                throw new IllegalStateException("the endpoint is down");
            }
            received.add(event);
        }, LEASE);
        await(() -> received.size() == written.size());
        assertThat(received).extracting(StepEvent::eventId)
                .containsExactlyElementsOf(written.stream().map(StepEvent::eventId).toList());
        assertThat(failures.get()).isNegative();
        await(() -> waiting() == 0);
    }

    @Test
    void anEventWhosePositionWasTakenBeforeOthersAndCommittedAfterThemIsSentAllTheSame() throws Exception {
        List<String> received = new CopyOnWriteArrayList<>();
        relay("relay-a", event -> received.add(event.change().objectId()), LEASE);
        try (java.sql.Connection late = dataSource.getConnection()) {
            late.setAutoCommit(false);
            // a transaction that takes its position first and commits last
            Transactions.execute(late, "INSERT INTO workflow_event (event_id, object_id, workflow, process, version,"
                                       + " lane, old_status, new_status, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    "late-event", "druid:late", WF, DM, 1, "default", "queued", "started",
                    java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC));
            store.create("druid:early", accession, 1, null, null);
            await(() -> received.contains("druid:early"));
            late.commit();
        }
        await(() -> received.contains("druid:late"));
        await(() -> waiting() == 0);
    }

    @Test
    void oneRelaySendsAtATimeAndAnotherGoesOnWhenItsLeaseRunsOut() throws Exception {
        // a relay that died holding the lease: nobody sends until it ran out
        assertThat(store.outbox().lease("dead-relay", Duration.ofSeconds(2))).isTrue();
        store.create("druid:l1", accession, 1, null, null);
        Map<String, List<String>> sentBy = new ConcurrentHashMap<>();
        OutboxRelay a = relay("relay-a", e -> sentBy.computeIfAbsent("a", k -> new CopyOnWriteArrayList<>())
                .add(e.eventId()), Duration.ofSeconds(1));
        relay("relay-b", e -> sentBy.computeIfAbsent("b", k -> new CopyOnWriteArrayList<>()).add(e.eventId()),
                Duration.ofSeconds(1));
        Thread.sleep(1000);
        assertThat(sentBy).as("sent while the dead relay's lease runs").isEmpty();
        await(() -> waiting() == 0);
        assertThat(sentBy).as("one relay sent all").hasSize(1);
        String first = sentBy.keySet().iterator().next();

        // the relay that holds the lease stops and gives it up: the other goes on with what comes next
        OutboxRelay holder = first.equals("a") ? a : relays.get(1);
        holder.stop(Duration.ofSeconds(5));
        store.create("druid:l2", accession, 1, null, null);
        await(() -> waiting() == 0);
        assertThat(sentBy).hasSize(2);
    }

    @Test
    void concurrentChangesAreSentOncePerCommitInOrderPerStepAndNeverBeforeTheirCommit() throws Exception {
        int objects = 40;
        Set<String> early = ConcurrentHashMap.newKeySet();
        Map<String, List<String>> received = new ConcurrentHashMap<>();
        relay("relay-a", event -> {
            String key = event.change().objectId() + "/" + event.change().process();
            List<String> seen = received.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>());
            String change = event.change().oldStatus() + ">" + event.change().newStatus();
            seen.add(change);
            // read on receipt: the change is in the committed history, as many times as it arrived
            List<String> committed = history(event.change().objectId()).getOrDefault(event.change().process(),
                    List.of());
            if (committed.stream().filter(change::equals).count() < seen.stream().filter(change::equals).count()) {
                early.add(key + " " + change);
            }
        }, LEASE);
        ExecutorService robots = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (int i = 0; i < objects; i++) {
                String id = "druid:c" + i;
                work.add(robots.submit(() -> {
                    store.create(id, accession, 1, null, null);
                    return null;
                }));
            }
            for (int r = 0; r < 4; r++) {
                work.add(robots.submit(() -> {
                    int done = 0;
                    while (done < objects) {
                        for (String process : List.of(DM, "rights-metadata")) {
                            for (Step s : store.claim(WF, process, null, 3, Duration.ZERO, "robot", "robot (r)",
                                    LEASE)) {
                                store.update(s.objectId(), WF, process, StepUpdate.to("completed")
                                        .ending(StepClaim.of(s)));
                            }
                        }
                        done = (int) store.counts().stream().filter(c -> c.process().equals("publish")
                                && c.status().equals("queued")).mapToLong(c -> c.count()).sum();
                    }
                    return null;
                }));
            }
            for (Future<?> f : work) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            robots.shutdownNow();
        }
        await(() -> waiting() == 0);
        assertThat(early).as("events that arrived before their change committed").isEmpty();
        for (int i = 0; i < objects; i++) {
            Map<String, List<String>> history = history("druid:c" + i);
            for (Map.Entry<String, List<String>> step : history.entrySet()) {
                assertThat(received.get("druid:c" + i + "/" + step.getKey())).as("druid:c%d %s", i, step.getKey())
                        .containsExactlyElementsOf(step.getValue());
            }
        }
    }

    private long waiting() {
        try {
            return store.outbox().waiting();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(condition.getAsBoolean()).as("condition within 30 s").isTrue();
    }
}
