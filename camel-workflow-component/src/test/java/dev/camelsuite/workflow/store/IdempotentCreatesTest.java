package dev.camelsuite.workflow.store;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import javax.sql.DataSource;

import dev.camelsuite.workflow.IdempotencyKeyReusedException;
import dev.camelsuite.workflow.Templates;
import dev.camelsuite.workflow.WorkflowExistsException;
import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepUpdate;
import dev.camelsuite.workflow.template.WorkflowTemplate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Creates with an idempotency key: a client that retries a create after a timeout gets the first create's workflow as
 * robots left it, never a reset one; the key with another request is refused. On H2 and PostgreSQL (the subclasses).
 */
abstract class IdempotentCreatesTest {

    private final WorkflowTemplate accession = Templates.load("accessionWF");
    private WorkflowStore store;

    protected abstract DataSource newDatabase() throws Exception;

    @BeforeEach
    void setUpStore() throws Exception {
        store = new WorkflowStore(newDatabase());
        store.migrate();
    }

    private Creation create(String key, String objectId, int version) throws Exception {
        return store.create(key, objectId, accession, version, null, "{\"a\": 1}", null, true);
    }

    private String status(String objectId, String process) throws Exception {
        return store.get(objectId, "accessionWF").stream().filter(s -> s.process().equals(process)).findFirst()
                .orElseThrow().status();
    }

    @Test
    void theSameKeyAndRequestAnswerTheFirstCreateAsRobotsLeftIt() throws Exception {
        Creation first = create("create-1", "druid:ab123", 1);
        assertThat(first.repeated()).isFalse();
        store.update("druid:ab123", "accessionWF", "descriptive-metadata", StepUpdate.to("completed"));

        Creation retry = create("create-1", "druid:ab123", 1);
        assertThat(retry.repeated()).isTrue();
        assertThat(retry.steps()).extracting(Step::process)
                .containsExactlyElementsOf(first.steps().stream().map(Step::process).toList());
        assertThat(status("druid:ab123", "descriptive-metadata")).isEqualTo("completed");
        assertThat(store.history("druid:ab123", "accessionWF")).filteredOn(h -> h[0].equals("start-accession"))
                .as("the version was created once").hasSize(1);
    }

    @Test
    void theKeyWithAnotherRequestIsRefusedAndCreatesNothing() throws Exception {
        create("create-2", "druid:ab123", 1);
        assertThatThrownBy(() -> create("create-2", "druid:ab123", 2))
                .isInstanceOf(IdempotencyKeyReusedException.class)
                .hasMessageContaining("Idempotency key 'create-2' was used for another create");
        assertThatThrownBy(() -> store.create("create-2", "druid:ab123", accession, 1, "fast", "{\"a\": 1}", null,
                true)).as("another lane").isInstanceOf(IdempotencyKeyReusedException.class);
        assertThat(store.get("druid:ab123", "accessionWF")).allMatch(s -> s.version() == 1);
    }

    @Test
    void aCreateThatMayNotReplaceIsRefusedInItsTransactionAndKeepsNoKey() throws Exception {
        create(null, "druid:ab123", 1);
        assertThatThrownBy(() -> store.create("create-3", "druid:ab123", accession, 1, null, null, null, false))
                .isInstanceOf(WorkflowExistsException.class)
                .hasMessage("Version 1 of accessionWF exists for druid:ab123, and this create may not replace it");
        // the refused create recorded no key: it is free for another request
        assertThat(store.create("create-3", "druid:ab123", accession, 2, null, null, null, false).repeated()).isFalse();
        // and its retry is answered, though the version exists now
        assertThat(store.create("create-3", "druid:ab123", accession, 2, null, null, null, false).repeated()).isTrue();
    }

    @Test
    void sixRetriesAtOnceCreateOnce() throws Exception {
        ExecutorService callers = Executors.newFixedThreadPool(6);
        CountDownLatch go = new CountDownLatch(1);
        try {
            List<Future<Creation>> all = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                Callable<Creation> call = () -> {
                    go.await();
                    return create("create-4", "druid:cd456", 1);
                };
                all.add(callers.submit(call));
            }
            go.countDown();
            int created = 0;
            for (Future<Creation> f : all) {
                created += f.get().repeated() ? 0 : 1;
            }
            assertThat(created).isEqualTo(1);
            assertThat(store.history("druid:cd456", "accessionWF")).filteredOn(h -> h[0].equals("start-accession"))
                    .hasSize(1);
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void aKeyIsForgottenAfterItsRetention() throws Exception {
        store.setIdempotencyKeyRetention(Duration.ofMillis(1));
        create("create-5", "druid:ab123", 1);
        Thread.sleep(20);
        assertThat(create("create-5", "druid:ab123", 2).repeated()).as("another request, once forgotten").isFalse();
        assertThatThrownBy(() -> store.setIdempotencyKeyRetention(Duration.ZERO))
                .hasMessageContaining("must be positive");
    }
}
