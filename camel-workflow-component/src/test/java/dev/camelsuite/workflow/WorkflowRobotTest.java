package dev.camelsuite.workflow;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import dev.camelsuite.workflow.model.Step;
import dev.camelsuite.workflow.model.StepCount;
import dev.camelsuite.workflow.store.WorkflowStore;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Robots (the consumer): claims, retries, the route's own end statuses, the sweeper — on H2 here, see subclasses. */
class WorkflowRobotTest extends CamelTestSupport {

    /** A new, empty database for one test. */
    protected javax.sql.DataSource newDatabase() throws Exception {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:robots-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        return ds;
    }

    private final Set<String> holding = ConcurrentHashMap.newKeySet();
    private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
    private final AtomicInteger heldTwice = new AtomicInteger();
    private final Map<String, List<Integer>> attemptHeaders = new ConcurrentHashMap<>();

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.getRegistry().bind("workflowDb", newDatabase());
        context.getRegistry().bind("meters", meters);
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setTemplates("classpath:templates/accessionWF.xml, classpath:templates/googleScannedBookWF.xml");
        workflow.setEvents("mock:events");
        context.addComponent("workflow", workflow);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // four robots on one step: each item is held by one at a time and runs once
                from("workflow:accessionWF/descriptive-metadata?robots=4&claimBatch=5&delay=5")
                        .routeId("describe").autoStartup(false)
                        .process(ex -> {
                            String id = ex.getIn().getBody(String.class);
                            if (!holding.add(id)) {
                                heldTwice.incrementAndGet();
                            }
                            runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                            holding.remove(id);
                        });
                from("workflow:accessionWF/rights-metadata?maxAttempts=2&retryDelay=0&delay=5")
                        .routeId("rights").autoStartup(false)
                        .process(ex -> {
                            String id = ex.getIn().getBody(String.class);
                            runs.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                            attemptHeaders.computeIfAbsent(id, k -> new java.util.concurrent.CopyOnWriteArrayList<>())
                                    .add(ex.getIn().getHeader(WorkflowConstants.ATTEMPTS, Integer.class));
                            if (id.startsWith("bad")) {
                                throw new IllegalStateException("no rights statement for " + id);
                            }
                            if (id.startsWith("skip")) {
                                ex.getMessage().setHeader(WorkflowConstants.STATUS, "skipped");
                            } else if (id.startsWith("later")) {
                                ex.getMessage().setHeader(WorkflowConstants.STATUS, "waiting");
                            } else if (id.startsWith("hold")) {
                                ex.getMessage().setHeader(WorkflowConstants.STATUS, WorkflowConstants.NO_UPDATE);
                            } else if (id.startsWith("refused")) {
                                // an outcome the route expected: an error without an exception, not retried
                                ex.getMessage().setHeader(WorkflowConstants.STATUS, "error");
                                ex.getMessage().setHeader(WorkflowConstants.ERROR_MESSAGE, "rights refused for " + id);
                            }
                        });
                // polls once in ten minutes: only the wake-up of a step made ready makes it work sooner
                from("workflow:googleScannedBookWF/google-convert?initialDelay=600000&delay=600000")
                        .routeId("convert").autoStartup(false)
                        .process(ex -> runs.computeIfAbsent(ex.getIn().getBody(String.class),
                                k -> new AtomicInteger()).incrementAndGet());
                // a robot of another JVM, as it were: only the events it listens to wake it
                from("workflow:googleScannedBookWF/google-download?initialDelay=600000&delay=600000"
                     + "&wakeUpFrom=seda:stepEvents&robotName=elsewhere")
                        .routeId("elsewhere").autoStartup(false)
                        .process(ex -> runs.computeIfAbsent(ex.getIn().getBody(String.class),
                                k -> new AtomicInteger()).incrementAndGet());
                from("workflow:accessionWF/publish?withContext=true&delay=20")
                        .routeId("publish").autoStartup(false)
                        .process(ex -> contexts.put(ex.getIn().getBody(String.class),
                                String.valueOf(ex.getIn().getHeader(WorkflowConstants.CONTEXT))));
                // a robot that takes its time over a step, and notices an interrupt
                from("workflow:accessionWF/descriptive-metadata?claimBatch=5&delay=5&robotName=careful")
                        .routeId("careful").autoStartup(false)
                        .process(ex -> {
                            carefulRobotWorking.countDown();
                            try {
                                Thread.sleep(300);
                            } catch (InterruptedException e) {
                                interruptedRobots.incrementAndGet();
                                throw e;
                            }
                        });
                // a robot without a lease that is slow on its step: long enough for the sweeper to give the step to
                // another (with a lease its renewals would keep it; RobotLeasesTest)
                from("workflow:googleScannedBookWF/google-download?delay=20&robotName=slow&lease=0")
                        .routeId("slow").autoStartup(false)
                        .process(ex -> {
                            int attempt = ex.getIn().getHeader(WorkflowConstants.ATTEMPTS, Integer.class);
                            slowRobotWorking.countDown();
                            assertThat(slowRobotMayEnd[attempt - 1].await(30, TimeUnit.SECONDS)).isTrue();
                            ex.getMessage().setHeader(WorkflowConstants.NOTE, "attempt " + attempt);
                        });
                from("workflow:googleScannedBookWF/google-download?stuckAfter=300&delay=20")
                        .routeId("download").autoStartup(false)
                        .process(ex -> runs.computeIfAbsent(ex.getIn().getBody(String.class),
                                k -> new AtomicInteger()).incrementAndGet());
            }
        };
    }

    private final java.util.concurrent.CountDownLatch slowRobotWorking = new java.util.concurrent.CountDownLatch(1);
    private final java.util.concurrent.CountDownLatch[] slowRobotMayEnd = {
            new java.util.concurrent.CountDownLatch(1), new java.util.concurrent.CountDownLatch(1) };
    private final java.util.concurrent.CountDownLatch carefulRobotWorking = new java.util.concurrent.CountDownLatch(1);
    private final AtomicInteger interruptedRobots = new AtomicInteger();
    private final Map<String, String> contexts = new ConcurrentHashMap<>();
    private final io.micrometer.core.instrument.simple.SimpleMeterRegistry meters =
            new io.micrometer.core.instrument.simple.SimpleMeterRegistry();

    private WorkflowStore store() {
        return context.getComponent("workflow", WorkflowComponent.class).getStore();
    }

    private void create(String workflow, String... ids) {
        for (String id : ids) {
            template.sendBodyAndHeader("workflow:" + workflow + "?operation=create", null, WorkflowConstants.OBJECT_ID,
                    id);
        }
    }

    private Step step(String id, String workflow, String process) throws Exception {
        return store().get(id, workflow).stream().filter(s -> s.active() && s.process().equals(process)).findFirst()
                .orElseThrow();
    }

    private static void await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(condition.getAsBoolean()).as("condition within 30 s").isTrue();
    }

    private long count(String process, String status) throws Exception {
        return store().counts().stream().filter(c -> c.process().equals(process) && c.status().equals(status))
                .mapToLong(StepCount::count).sum();
    }

    @Test
    void aRobotThatNeverStartedStopsWithoutError() throws Exception {
        // a route that does not start with the context is stopped with it all the same
        org.apache.camel.Consumer robot = context.getRoute("rights").getConsumer();
        assertThat(robot).isInstanceOf(WorkflowRobot.class);
        org.apache.camel.support.service.ServiceHelper.stopService(robot);
        assertThat(((WorkflowRobot) robot).isStopped() || !((WorkflowRobot) robot).isStarted()).isTrue();
    }

    @Test
    void fourRobotsCompleteEveryItemOnceAndNeverHoldOneTogether() throws Exception {
        int items = 400;
        for (int i = 0; i < items; i++) {
            create("accessionWF", "druid:r" + i);
        }
        context.getRouteController().startRoute("describe");
        await(() -> {
            try {
                return count("descriptive-metadata", "completed") == items;
            } catch (Exception e) {
                return false;
            }
        });
        assertThat(runs).hasSize(items).allSatisfy((id, n) -> assertThat(n.get()).as(id).isEqualTo(1));
        assertThat(heldTwice.get()).isZero();
        Step done = step("druid:r7", "accessionWF", "descriptive-metadata");
        assertThat(done.attempts()).isEqualTo(1);
        assertThat(done.elapsed()).isNotNull();
        assertThat(done.note()).contains(":");
        assertThat(store().history("druid:r7", "accessionWF")).filteredOn(h -> h[0].equals("descriptive-metadata"))
                .extracting(h -> h[2]).containsExactly("waiting", "queued", "started", "completed");
    }

    @Test
    void failuresAreRetriedUpToMaxAttemptsAndTheRouteMayEndTheStepItsOwnWay() throws Exception {
        create("accessionWF", "bad:1", "good:1", "skip:1", "later:1", "hold:1", "refused:1");
        context.getRouteController().startRoute("rights");
        await(() -> {
            try {
                return step("bad:1", "accessionWF", "rights-metadata").status().equals("error")
                       && step("hold:1", "accessionWF", "rights-metadata").status().equals("started")
                       && step("refused:1", "accessionWF", "rights-metadata").status().equals("error");
            } catch (Exception e) {
                return false;
            }
        });
        Step bad = step("bad:1", "accessionWF", "rights-metadata");
        assertThat(bad.attempts()).isEqualTo(2);
        assertThat(bad.errorMessage()).isEqualTo("no rights statement for bad:1");
        assertThat(bad.errorText()).contains("IllegalStateException").contains("at ");
        assertThat(runs.get("bad:1").get()).isEqualTo(2);
        assertThat(attemptHeaders.get("bad:1")).containsExactly(1, 2);
        assertThat(store().history("bad:1", "accessionWF")).filteredOn(h -> h[0].equals("rights-metadata"))
                .extracting(h -> h[2]).containsExactly("waiting", "queued", "started", "retrying", "started", "error");
        assertThat(step("good:1", "accessionWF", "rights-metadata").status()).isEqualTo("completed");
        assertThat(step("skip:1", "accessionWF", "rights-metadata").status()).isEqualTo("skipped");
        // a step the route set back to waiting is ready again at once, so the robot takes it again
        assertThat(runs.get("later:1").get()).isGreaterThanOrEqualTo(1);
        assertThat(runs.get("hold:1").get()).isEqualTo(1);
        Step refused = step("refused:1", "accessionWF", "rights-metadata");
        assertThat(refused.errorMessage()).isEqualTo("rights refused for refused:1");
        assertThat(refused.errorText()).isNull();
        assertThat(refused.attempts()).isEqualTo(1);
        assertThat(runs.get("refused:1").get()).isEqualTo(1);
        // the robot's meters: steps by the status it gave them (none for "hold", which it left as it was)
        java.util.function.Function<String, Double> steps = status -> meters.get("workflow.robot.steps")
                .tags("workflow", "accessionWF", "process", "rights-metadata", "status", status).counter().count();
        assertThat(steps.apply("retrying")).isEqualTo(1);
        assertThat(steps.apply("error")).isEqualTo(2);
        assertThat(steps.apply("skipped")).isEqualTo(1);
        assertThat(meters.get("workflow.robot.step.time").tags("process", "rights-metadata").timer().count())
                .isGreaterThanOrEqualTo(5);
    }

    @Test
    void everyStatusChangeIsAnEventAndARobotWorksOnArrival() throws Exception {
        context.getRouteController().startRoute("convert");
        create("googleScannedBookWF", "druid:ev1");
        await(() -> {
            try {
                return step("druid:ev1", "googleScannedBookWF", "google-convert").status().equals("completed");
            } catch (Exception e) {
                return false;
            }
        });
        // the robot polls once in ten minutes: done within the wait means it was woken
        await(() -> convertEvents().size() >= 4);
        List<org.apache.camel.util.json.JsonObject> events = convertEvents();
        assertThat(events).extracting(o -> o.getString("oldStatus") + ">" + o.getString("newStatus"))
                .containsExactly("null>waiting", "waiting>queued", "queued>started", "started>completed");
        assertThat(events).extracting(o -> o.getString("eventId")).doesNotContainNull().doesNotHaveDuplicates();
        org.apache.camel.util.json.JsonObject first = events.get(0);
        assertThat(first.getString("objectId")).isEqualTo("druid:ev1");
        assertThat(first.getString("workflow")).isEqualTo("googleScannedBookWF");
        assertThat(first.getInteger("version")).isEqualTo(1);
        assertThat(first.getString("lane")).isEqualTo("default");
        assertThat(first.getString("at")).isNotBlank();
    }

    /** The events of google-convert the mock received, in order. */
    private List<org.apache.camel.util.json.JsonObject> convertEvents() {
        return getMockEndpoint("mock:events").getExchanges().stream()
                .map(e -> {
                    try {
                        return (org.apache.camel.util.json.JsonObject) org.apache.camel.util.json.Jsoner.deserialize(
                                e.getIn().getBody(String.class));
                    } catch (Exception x) {
                        throw new IllegalStateException(x);
                    }
                })
                .filter(o -> "google-convert".equals(o.getString("process"))).toList();
    }

    @Test
    void aRobotListeningToEventsWorksWhenItsStepIsAnnounced() throws Exception {
        create("googleScannedBookWF", "druid:wk1");
        // started after the create: nothing woke it, and it polls once in ten minutes
        context.getRouteController().startRoute("elsewhere");
        template.sendBody("seda:stepEvents", "{\"objectId\":\"druid:wk1\",\"workflow\":\"googleScannedBookWF\","
                                             + "\"process\":\"google-convert\",\"newStatus\":\"queued\"}");
        template.sendBody("seda:stepEvents", "not an event");
        Thread.sleep(300);
        assertThat(step("druid:wk1", "googleScannedBookWF", "google-download").status()).isEqualTo("queued");
        template.sendBody("seda:stepEvents", "{\"objectId\":\"druid:wk1\",\"workflow\":\"googleScannedBookWF\","
                                             + "\"process\":\"google-download\",\"lane\":\"default\","
                                             + "\"oldStatus\":\"waiting\",\"newStatus\":\"queued\"}");
        await(() -> {
            try {
                return step("druid:wk1", "googleScannedBookWF", "google-download").status().equals("completed");
            } catch (Exception e) {
                return false;
            }
        });
        assertThat(step("druid:wk1", "googleScannedBookWF", "google-download").note()).isEqualTo("elsewhere");
    }

    @Test
    void theSweeperGivesAStepWhoseRobotDiedToARobotAgain() throws Exception {
        create("googleScannedBookWF", "druid:gb9");
        // a robot claims the step and dies without ending it
        List<Step> claimed = store().claim("googleScannedBookWF", "google-download", null, 1,
                java.time.Duration.ZERO, "dead-robot");
        assertThat(claimed).extracting(Step::objectId).containsExactly("druid:gb9");
        context.getRouteController().startRoute("download");
        await(() -> {
            try {
                return step("druid:gb9", "googleScannedBookWF", "google-download").status().equals("completed");
            } catch (Exception e) {
                return false;
            }
        });
        Step done = step("druid:gb9", "googleScannedBookWF", "google-download");
        assertThat(done.attempts()).isEqualTo(2);
        assertThat(runs.get("druid:gb9").get()).isEqualTo(1);
        assertThat(store().history("druid:gb9", "googleScannedBookWF")).filteredOn(h -> h[0].equals("google-download"))
                .extracting(h -> h[2]).containsExactly("waiting", "queued", "started", "queued", "started",
                        "completed");
    }

    @Test
    void aLateEndOfARobotTheSweeperGaveUpOnIsRefusedAndCounted() throws Exception {
        create("googleScannedBookWF", "druid:late1");
        context.getRouteController().startRoute("slow");
        assertThat(slowRobotWorking.await(30, TimeUnit.SECONDS)).isTrue();
        // while the robot works on its first claim, the sweeper puts the step back in the queue, and the robot's
        // wake-up thread claims it again: two claims of one step in flight, the first one stale
        Thread.sleep(5);
        assertThat(store().sweep("googleScannedBookWF", java.time.Duration.ZERO)).isEqualTo(1);
        await(() -> {
            try {
                return step("druid:late1", "googleScannedBookWF", "google-download").attempts() == 2;
            } catch (Exception e) {
                return false;
            }
        });
        // the first claim ends first: refused, the step stays the second claim's
        slowRobotMayEnd[0].countDown();
        WorkflowRobot slow = (WorkflowRobot) context.getRoute("slow").getConsumer();
        await(() -> slow.getRefusedEnds() == 1);
        assertThat(step("druid:late1", "googleScannedBookWF", "google-download").status()).isEqualTo("started");
        slowRobotMayEnd[1].countDown();
        await(() -> {
            try {
                return step("druid:late1", "googleScannedBookWF", "google-download").status().equals("completed");
            } catch (Exception e) {
                return false;
            }
        });
        assertThat(step("druid:late1", "googleScannedBookWF", "google-download").note()).isEqualTo("attempt 2");
        assertThat(store().history("druid:late1", "googleScannedBookWF"))
                .filteredOn(h -> h[0].equals("google-download")).extracting(h -> h[2])
                .containsExactly("waiting", "queued", "started", "queued", "started", "completed");
        assertThat(meters.get("workflow.robot.ends.refused").tags("process", "google-download").counter().count())
                .isEqualTo(1);
    }

    @Test
    void aStoppingRobotFinishesTheStepInHandUninterruptedAndHandsTheRestOfItsClaimBack() throws Exception {
        create("accessionWF", "druid:st1", "druid:st2", "druid:st3", "druid:st4", "druid:st5");
        context.getRouteController().startRoute("careful");
        assertThat(carefulRobotWorking.await(30, TimeUnit.SECONDS)).isTrue();
        context.getRouteController().stopRoute("careful");
        // Camel stops a poll by interrupting it; the robot's step (and its end, a JDBC call) was not
        assertThat(interruptedRobots.get()).isZero();
        List<String> statuses = new java.util.ArrayList<>();
        for (String id : List.of("druid:st1", "druid:st2", "druid:st3", "druid:st4", "druid:st5")) {
            statuses.add(step(id, "accessionWF", "descriptive-metadata").status());
        }
        // one step done, the four others of the claim back in the queue at once (not started until the sweeper)
        assertThat(statuses).containsOnly("completed", "queued");
        assertThat(statuses).filteredOn("completed"::equals).hasSize(1);
        assertThat(store().queue("accessionWF", "descriptive-metadata", null, 0)).hasSize(4);
    }

    @Test
    void aRobotWithContextGetsTheObjectVersionsContext() throws Exception {
        template.sendBodyAndHeaders("workflow:accessionWF?operation=create", null, Map.of(WorkflowConstants.OBJECT_ID,
                "druid:ctx1", WorkflowConstants.CONTEXT, "{\"requireOCR\":true}"));
        create("accessionWF", "druid:ctx2");
        for (String id : List.of("druid:ctx1", "druid:ctx2")) {
            for (String process : List.of("descriptive-metadata", "rights-metadata")) {
                template.sendBodyAndHeaders("workflow:accessionWF/" + process + "?operation=update", null, Map.of(
                        WorkflowConstants.OBJECT_ID, id, WorkflowConstants.STATUS, "completed"));
            }
        }
        context.getRouteController().startRoute("publish");
        await(() -> contexts.size() == 2);
        assertThat(contexts).containsEntry("druid:ctx1", "{\"requireOCR\":true}").containsEntry("druid:ctx2", "null");
    }
}
