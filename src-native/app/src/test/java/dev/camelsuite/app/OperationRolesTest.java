package dev.camelsuite.app;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;

import dev.camelsuite.app.security.Role;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every operation of the HTTP APIs, sent by every kind of caller: without sign-in (401), signed in without the role
 * the operation needs (403), and with it (neither). Then every operation's path written the ways a path can be bent
 * (a trailing slash, matrix parameters, dot segments, encoded and doubled slashes, another case): no bent path lets a
 * caller run what the plain path refuses. The operations are checked against the resource methods the application
 * has, so a new operation without a row here fails the build.
 */
@QuarkusTest
class OperationRolesTest {

    private static final HttpClient HTTP = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private static final String ID = "{id}";
    /** An enhancement job of the caller's, or, for a caller who may not submit one, of a writer's. */
    private static final String JOB = "{job}";
    /** A batch of the caller's, or, for a caller who may not submit one, of a writer's. */
    private static final String BATCH = "{batch}";

    /** One operation: how to send it, the role it needs, and the resource method that serves it. */
    record Operation(String method, String path, Role needs, String contentType, String body, String serves) {

        static Operation get(String path, Role needs, String serves) {
            return new Operation("GET", path, needs, null, null, serves);
        }
    }

    private static final List<Operation> OPERATIONS = List.of(
            Operation.get("/enhancer", Role.READER, "EnhancerResource#describe"),
            Operation.get("/enhancer/chain", Role.READER, "EnhancerResource#chains"),
            Operation.get("/enhancer/engine", Role.READER, "EnhancerResource#engines"),
            Operation.get("/enhancer/chain/default/ep", Role.READER, "EnhancerResource#executionPlan"),
            Operation.get("/enhancer/chain/default", Role.READER, "EnhancerResource#chain"),
            Operation.get("/enhancer/engine/langid", Role.READER, "EnhancerResource#engine"),
            Operation.get("/enhancer/ep", Role.READER, "EnhancerResource#defaultExecutionPlan"),
            Operation.get("/enhancer/engine/langid/ep", Role.READER, "EnhancerResource#engineExecutionPlan"),
            Operation.get("/enhancer/sparql?query=ASK%7B%7D", Role.READER, "EnhancerSparqlResource#query"),
            new Operation("POST", "/enhancer/sparql", Role.WRITER, "application/x-www-form-urlencoded",
                    "query=ASK%7B%7D", "EnhancerSparqlResource#postedQuery"),
            Operation.get("/enhancer/jobs/" + JOB, Role.READER, "JobsResource#job"),
            Operation.get("/enhancer/jobs/" + JOB + "/result", Role.READER, "JobsResource#result"),
            new Operation("DELETE", "/enhancer/jobs/" + JOB, Role.WRITER, null, null, "JobsResource#cancelOrDelete"),
            new Operation("POST", "/enhancer/batches", Role.WRITER, "application/x-ndjson",
                    "{\"id\": \"a\", \"text\": \"Paris is in France.\"}", "BatchesResource#submit"),
            Operation.get("/enhancer/batches/" + BATCH, Role.READER, "BatchesResource#batch"),
            Operation.get("/enhancer/batches/" + BATCH + "/results", Role.READER, "BatchesResource#results"),
            new Operation("DELETE", "/enhancer/batches/" + BATCH, Role.WRITER, null, null,
                    "BatchesResource#cancelOrDelete"),
            Operation.get("/engines", Role.READER, "EnginesResource#describe"),
            new Operation("POST", "/engines", Role.WRITER, "text/plain", "Paris is in France.",
                    "EnginesResource#enhance"),
            new Operation("POST", "/enhancer", Role.WRITER, "text/plain", "Paris is in France.",
                    "EnhancerResource#enhance"),
            new Operation("POST", "/enhancer/chain/default", Role.WRITER, "text/plain", "Paris is in France.",
                    "EnhancerResource#enhanceWithChain"),
            new Operation("POST", "/enhancer/engine/langid", Role.WRITER, "text/plain", "Paris is in France.",
                    "EnhancerResource#enhanceWithEngine"),
            Operation.get("/objects/" + ID + "/lifecycle", Role.READER, "LifecycleResource#lifecycle"),
            Operation.get("/workflow_queue?waiting=accessionWF:shelve", Role.READER, "WorkflowQueueResource#objects"),
            Operation.get("/workflow_queue/lane_ids?step=accessionWF:shelve", Role.READER,
                    "WorkflowQueueResource#lanes"),
            Operation.get("/workflow_queue/all_queued", Role.READER, "WorkflowQueueResource#allQueued"),
            Operation.get("/workflow_queue/all_started", Role.READER, "WorkflowQueueResource#allStarted"),
            Operation.get("/workflow_templates", Role.READER, "WorkflowTemplatesResource#names"),
            Operation.get("/workflow_templates/accessionWF", Role.READER, "WorkflowTemplatesResource#template"),
            Operation.get("/objects/" + ID + "/workflows", Role.READER, "ObjectWorkflowsResource#workflows"),
            Operation.get("/objects/" + ID + "/workflows/accessionWF", Role.READER, "ObjectWorkflowsResource#workflow"),
            Operation.get("/objects/" + ID + "/workflows/accessionWF/start-accession/attempts", Role.READER,
                    "ObjectWorkflowsResource#attempts"),
            new Operation("POST", "/objects/" + ID + "/workflows/accessionWF?version=2", Role.WRITER, null, null,
                    "ObjectWorkflowsResource#create"),
            new Operation("PUT", "/objects/" + ID + "/workflows/accessionWF/start-accession", Role.WRITER,
                    "application/xml", "<process name=\"start-accession\" status=\"completed\"/>",
                    "ObjectWorkflowsResource#update"),
            new Operation("POST", "/objects/" + ID + "/workflows/accessionWF/skip-all", Role.ADMIN, "application/xml",
                    null, "ObjectWorkflowsResource#skipAll"),
            new Operation("DELETE", "/objects/" + ID + "/workflows/accessionWF", Role.ADMIN, null, null,
                    "ObjectWorkflowsResource#delete"),
            new Operation("DELETE", "/objects/" + ID + "/workflows", Role.ADMIN, null, null,
                    "ObjectWorkflowsResource#deleteAll"),
            Operation.get("/workflow_repairs?workflow=accessionWF&to=queued", Role.ADMIN,
                    "WorkflowRepairsResource#dryRun"),
            new Operation("POST", "/workflow_repairs?workflow=accessionWF&to=queued", Role.ADMIN, null, null,
                    "WorkflowRepairsResource#repair"),
            Operation.get("/dashboard", Role.READER, "DashboardRedirect#toThePage"),
            Operation.get("/dashboard/api/status", Role.READER, "DashboardResource#status"));

    @TestHTTPResource("/")
    URL base;

    @Test
    void everyResourceMethodIsAnOperationHere() throws IOException {
        Set<String> listed = new LinkedHashSet<>();
        OPERATIONS.forEach(o -> listed.add(o.serves()));
        assertThat(resourceMethods()).containsExactlyInAnyOrderElementsOf(listed);
    }

    @Test
    void eachOperationNeedsItsRoleAndNoLess() throws Exception {
        for (Operation operation : OPERATIONS) {
            assertThat(send(operation, operation.path(), null).statusCode()).as("anonymous " + operation)
                    .isEqualTo(401);
            for (Role role : Role.values()) {
                int status = send(operation, operation.path(), role).statusCode();
                if (operation.needs().isIncludedIn(role) && ownsNoJob(operation, role)) {
                    // the operation is the reader's, but a job is only its submitter's: a reader has none to see
                    assertThat(status).as(role + " " + operation).isEqualTo(404);
                } else if (operation.needs().isIncludedIn(role)) {
                    assertThat(status).as(role + " " + operation).isLessThan(400);
                } else {
                    assertThat(status).as(role + " " + operation).isEqualTo(403);
                }
            }
        }
    }

    @Test
    void noBentPathRunsWhatThePlainPathRefuses() throws Exception {
        for (Operation operation : OPERATIONS) {
            for (Role role : Role.values()) {
                if (operation.needs().isIncludedIn(role)) {
                    continue;
                }
                for (String variant : variants(operation.path())) {
                    HttpResponse<String> answer = send(operation, variant, role);
                    assertThat(answer.statusCode()).as(role + " " + operation.method() + " " + variant)
                            .isIn(400, 403, 404, 405);
                }
            }
        }
        // the finding: a writer reached skip-all through these
        Operation skipAll = OPERATIONS.stream().filter(o -> o.serves().endsWith("#skipAll")).findFirst().orElseThrow();
        for (String bent : List.of("/skip-all/", "/skip-all;a=b", "/skip-all/.")) {
            String path = skipAll.path().replace("/skip-all", bent);
            assertThat(send(skipAll, path, Role.WRITER).statusCode()).as(path).isEqualTo(403);
        }
    }

    /** The ways a path can be written that a server may still match to the same operation. */
    static List<String> variants(String path) {
        int query = path.indexOf('?');
        String p = query < 0 ? path : path.substring(0, query);
        String q = query < 0 ? "" : path.substring(query);
        int last = p.lastIndexOf('/');
        String head = p.substring(0, last);
        String tail = p.substring(last + 1);
        List<String> variants = new ArrayList<>();
        variants.add(p + "/" + q);
        variants.add(p + ";a=b" + q);
        variants.add(p + "/." + q);
        variants.add(p + "/%2E" + q);
        variants.add(head + "/./" + tail + q);
        variants.add(head + "/x/../" + tail + q);
        variants.add(head + "/%2E/" + tail + q);
        if (!head.isEmpty()) {
            variants.add(head + "%2F" + tail + q);
            variants.add(head + "%2f" + tail + q);
            variants.add(head + ";a=b/" + tail + q);
        }
        variants.add(head + "//" + tail + q);
        variants.add("/" + p + q);
        variants.add(p.replace("/", "//") + q);
        variants.add(head + "/" + tail.toUpperCase(Locale.ROOT) + q);
        variants.add(p.toUpperCase(Locale.ROOT) + q);
        return variants;
    }

    private HttpResponse<String> send(Operation operation, String path, Role role) throws Exception {
        String id = "druid:walk" + UUID.randomUUID().toString().substring(0, 8);
        // the upper-case variants upper-case the placeholder too
        path = path.replace(ID.toUpperCase(Locale.ROOT), ID);
        if (path.contains(ID)) {
            // every call gets a workflow of its own: skip-all and delete destroy theirs
            TestData.create("accessionWF", id);
        }
        path = path.replace(JOB.toUpperCase(Locale.ROOT), JOB);
        if (path.contains(JOB)) {
            path = path.replace(JOB, job(role == null || !Role.WRITER.isIncludedIn(role) ? Role.WRITER : role));
        }
        path = path.replace(BATCH.toUpperCase(Locale.ROOT), BATCH);
        if (path.contains(BATCH)) {
            path = path.replace(BATCH, batch(role == null || !Role.WRITER.isIncludedIn(role) ? Role.WRITER : role));
        }
        String target = path.replace(ID, id);
        HttpRequest.BodyPublisher body = operation.body() == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(operation.body());
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base.toString().replaceFirst("/$", "") + target))
                .timeout(Duration.ofSeconds(30)).method(operation.method(), body);
        if (operation.contentType() != null) {
            request.header("Content-Type", operation.contentType());
        }
        if (role != null) {
            request.header("Authorization", basic(role));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static boolean ownsNoJob(Operation operation, Role role) {
        return (operation.path().contains(JOB) || operation.path().contains(BATCH)) && !Role.WRITER.isIncludedIn(role);
    }

    /** A job submitted as {@code role}: its id. */
    private String job(Role role) throws Exception {
        return submitted(role, "/enhancer", "text/plain", "Paris is in France.");
    }

    /** A batch of one document submitted as {@code role}: its id. */
    private String batch(Role role) throws Exception {
        return submitted(role, "/enhancer/batches", "application/x-ndjson",
                "{\"id\": \"a\", \"text\": \"Paris is in France.\"}");
    }

    private String submitted(Role role, String path, String type, String body) throws Exception {
        HttpRequest submit = HttpRequest.newBuilder(URI.create(base.toString().replaceFirst("/$", "") + path))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", type).header("Prefer", "respond-async")
                .header("Authorization", basic(role)).POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<String> accepted = HTTP.send(submit, HttpResponse.BodyHandlers.ofString());
        assertThat(accepted.statusCode()).isEqualTo(202);
        String location = accepted.headers().firstValue("Location").orElseThrow();
        // finished, so that reading its result is a question of roles alone, not of a job still waiting (409)
        HttpRequest state = HttpRequest.newBuilder(URI.create(location)).timeout(Duration.ofSeconds(30))
                .header("Authorization", basic(role)).GET().build();
        long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        String now = HTTP.send(state, HttpResponse.BodyHandlers.ofString()).body();
        while (!now.contains("\"state\":\"done\"") && !now.contains("\"state\":\"finished\"")) {
            assertThat(System.nanoTime()).as("%s: %s", location, now).isLessThan(giveUp);
            Thread.sleep(50);
            now = HTTP.send(state, HttpResponse.BodyHandlers.ofString()).body();
        }
        return location.substring(location.lastIndexOf('/') + 1);
    }

    private static String basic(Role role) {
        String credentials = switch (role) {
            case READER -> SignedIn.READER + ":" + SignedIn.READER_PASSWORD;
            case WRITER -> SignedIn.WRITER + ":" + SignedIn.WRITER_PASSWORD;
            case ADMIN -> SignedIn.ADMIN + ":" + SignedIn.ADMIN_PASSWORD;
        };
        return "Basic " + Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code Class#method} of every resource method the application has (classes with a JAX-RS @Path). */
    private static Set<String> resourceMethods() throws IOException {
        Set<String> found = new LinkedHashSet<>();
        Path classes = Path.of("target", "classes");
        try (Stream<Path> files = Files.walk(classes.resolve("dev/camelsuite/app"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(file).toString().replace('/', '.').replaceFirst("\\.class$", "");
                Class<?> type;
                try {
                    type = Class.forName(name, false, OperationRolesTest.class.getClassLoader());
                } catch (ClassNotFoundException | LinkageError e) {
                    continue;
                }
                if (!type.isAnnotationPresent(jakarta.ws.rs.Path.class)) {
                    continue;
                }
                for (Method m : type.getDeclaredMethods()) {
                    if (Modifier.isPublic(m.getModifiers()) && (m.isAnnotationPresent(GET.class)
                        || m.isAnnotationPresent(POST.class) || m.isAnnotationPresent(PUT.class)
                        || m.isAnnotationPresent(DELETE.class))) {
                        found.add(type.getSimpleName() + "#" + m.getName());
                    }
                }
            }
        }
        return found;
    }
}
