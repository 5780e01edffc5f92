package dev.camelsuite.app.enhancer.jobs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;

import dev.camelsuite.app.enhancer.EnhanceRequest;
import dev.camelsuite.app.enhancer.EnhancementRequests;
import dev.camelsuite.app.problem.Problem;
import dev.camelsuite.app.security.Role;
import dev.camelsuite.app.security.SignIn;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.annotation.PostConstruct;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Batches of enhancement jobs: one request of many documents ({@code application/x-ndjson} lines, or the parts of a
 * {@code multipart/form-data}), each a job of the same chain, parameters and {@code Accept}, stored together in one
 * transaction and answered {@code 202} with the batch's {@code Location}. A batch is its submitter's, as its jobs are.
 * Bounded: documents a batch ({@code camelsuite.enhancer.jobs.max-batch-documents}), bytes a batch
 * ({@code camelsuite.enhancer.jobs.max-batch-size}), bytes a document ({@code camelsuite.enhancer.max-body-size}), and
 * what the user has waiting or keeps ({@link JobLimits}).
 */
@Startup
@ApplicationScoped
public class EnhancementBatches {

    static final String NDJSON = "application/x-ndjson";

    @Inject
    EnhancementJobs jobs;

    @Inject
    EnhancementRequests requests;

    @Inject
    JobLimits limits;

    @Inject
    JobRunners runners;

    @Inject
    JobTraces traces;

    @Inject
    BatchSlots slots;

    @Inject
    SecurityIdentity identity;

    @Inject
    SignIn signIn;

    @ConfigProperty(name = "camelsuite.enhancer.jobs.max-batch-documents", defaultValue = "10000")
    int maxDocuments;

    @ConfigProperty(name = "camelsuite.enhancer.max-body-size", defaultValue = "1M")
    MemorySize maxDocumentSize;

    private final Clock clock = Clock.systemUTC();

    @PostConstruct
    void checkSettings() {
        if (maxDocuments < 1) {
            throw new IllegalArgumentException("camelsuite.enhancer.jobs.max-batch-documents must be more than 0");
        }
    }

    /**
     * Stores the documents of {@code body} as one batch of jobs and answers 202 with its {@code Location}; nothing is
     * stored unless every document is.
     *
     * @param chain the chain's name, or null for the default one
     */
    public Response submit(String chain, InputStream body, MultivaluedMap<String, String> query, HttpHeaders headers,
                           String publicUrl) {
        String mediaType = headers.getHeaderString(HttpHeaders.CONTENT_TYPE);
        boolean ndjson = mediaType != null && mediaType.toLowerCase().startsWith(NDJSON);
        boolean multipart = mediaType != null && mediaType.toLowerCase().startsWith("multipart/form-data");
        if (!ndjson && !multipart) {
            return Problem.of(415, "A batch is " + NDJSON + " (one {\"id\": …, \"text\": …} a line) or"
                                   + " multipart/form-data (one document a part), not " + mediaType);
        }
        MultivaluedMap<String, String> parameters = new MultivaluedHashMap<>(query);
        parameters.remove("chain");
        // what every document would be refused for is refused before any is read
        EnhanceRequest sample = new EnhanceRequest(requests.chainName(chain), new byte[] { ' ' }, parameters,
                headers.getRequestHeader(HttpHeaders.ACCEPT), null, null);
        requests.check(sample);
        String tooLong = JobStore.fits(sample);
        if (tooLong != null) {
            throw new BadRequestException("This batch cannot be kept: " + tooLong);
        }
        Submission submission = new Submission(jobs.owner(), sample, IdempotencyKeys.header(headers), body,
                mediaType, ndjson, publicUrl, new IdempotencyKeys.Digest(sample));
        if (!slots.enter()) {
            return slots.busy(body);
        }
        try {
            return submission.key() == null ? store(submission) : storeOnce(submission);
        } catch (SQLException e) {
            throw new JobStoreFailure(e);
        } finally {
            slots.leave();
        }
    }

    /** A batch as it was sent: whose, the request every document shares (its content aside), the key, the body. */
    private record Submission(String owner, EnhanceRequest shared, String key, InputStream body, String mediaType,
                              boolean ndjson, String publicUrl, IdempotencyKeys.Digest digest) {

        EnhanceRequest of(BatchDocument document) {
            return new EnhanceRequest(shared.chain(), content(document), shared.query(), shared.accept(),
                    document.type(), document.language());
        }
    }

    /**
     * A batch with an idempotency key: sent again (a client that lost the 202), the batch the key made (200); another
     * batch with the key, 422. Which it is, only the whole body says.
     */
    private Response storeOnce(Submission submission) throws SQLException {
        String[] earlier = jobs.store().keyed(submission.owner(), submission.key());
        if (earlier == null) {
            try {
                return store(submission);
            } catch (SQLException e) {
                if (e.getSQLState() == null || !e.getSQLState().startsWith("23")) {
                    throw e;
                }
                // another submission with the key came first: this body was read, and its hash is the batch's own
                earlier = jobs.store().keyed(submission.owner(), submission.key());
                return repeated(submission, earlier, submission.digest().hex());
            }
        }
        read(submission.body(), submission.mediaType(), submission.ndjson(),
                document -> submission.digest().add(document.id(), submission.of(document)));
        return repeated(submission, earlier, submission.digest().hex());
    }

    private Response repeated(Submission submission, String[] earlier, String hash) throws SQLException {
        String batchId = earlier == null ? null : jobs.store().batchOf(earlier[0]);
        if (batchId == null || !earlier[1].equals(hash)) {
            return Problem.of(422, "Idempotency key '" + submission.key() + "' was used for another request (other"
                                   + " documents, chain, parameters or headers): use a new key for a new batch");
        }
        BatchStore.Batch batch = store().find(batchId);
        return Response.ok(BatchJson.of(batch, submission.publicUrl()), "application/json")
                .header(HttpHeaders.LOCATION, BatchJson.location(submission.publicUrl(), batchId)).build();
    }

    /** Reads the batch's documents into one transaction, and answers 202 once it is committed. */
    private Response store(Submission submission) throws SQLException {
        JobStore.Kept kept = jobs.store().keptBy(submission.owner());
        String refusal = limits.refusal(kept, 0);
        if (refusal != null) {
            return Problem.builder(429, refusal).header(HttpHeaders.RETRY_AFTER, 10).build();
        }
        String id = UUID.randomUUID().toString();
        try (BatchStore.Storing batch = store().store(id, submission.owner(), clock.instant(), traces.current())) {
            read(submission.body(), submission.mediaType(), submission.ndjson(), document -> {
                EnhanceRequest request = submission.of(document);
                submission.digest().add(document.id(), request);
                batch.add(item(document, batch.documents()), request);
            });
            if (batch.documents() == 0) {
                throw new BadRequestException("The batch has no documents");
            }
            refusal = limits.batchRefusal(kept, batch.documents(), batch.bytes());
            if (refusal != null) {
                return Problem.builder(429, refusal).header(HttpHeaders.RETRY_AFTER, 10).build();
            }
            batch.commit(submission.key(), submission.digest().hex());
        }
        runners.wake();
        return Response.status(202).header(HttpHeaders.LOCATION, BatchJson.location(submission.publicUrl(), id))
                .header("Preference-Applied", EnhancementJobs.RESPOND_ASYNC).type("application/json")
                .entity(BatchJson.of(store().find(id), submission.publicUrl())).build();
    }

    private void read(InputStream body, String mediaType, boolean ndjson, BatchDocument.Sink sink)
            throws SQLException {
        Set<String> ids = new HashSet<>();
        BatchDocument.Sink checked = document -> {
            if (ids.size() == maxDocuments) {
                throw new WebApplicationException(Problem.of(413, "The batch has more than " + maxDocuments
                                                                  + " documents (camelsuite.enhancer.jobs"
                                                                  + ".max-batch-documents): send it as several"));
            }
            if (!ids.add(document.id())) {
                throw new BadRequestException("Two documents of the batch have the id '" + document.id() + "'");
            }
            sink.accept(document);
        };
        int maxSize = (int) Math.min(Integer.MAX_VALUE - 8, maxDocumentSize.asLongValue());
        try {
            if (ndjson) {
                NdjsonDocuments.read(body, maxSize, checked);
            } else {
                MultipartDocuments.read(body, mediaType, maxSize, checked);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("The batch could not be read", e);
        }
    }

    private static String item(BatchDocument document, int index) {
        String id = document.id();
        if (id.isEmpty() || id.length() > JobStore.MAX_KEY) {
            throw new BadRequestException("Document " + (index + 1) + " of the batch needs an id of 1 to "
                                          + JobStore.MAX_KEY + " characters");
        }
        if (document.type() != null && document.type().length() > JobStore.MAX_CONTENT_TYPE
            || document.language() != null && document.language().length() > JobStore.MAX_CONTENT_LANGUAGE) {
            throw new BadRequestException("Document '" + id + "' of the batch has a type or language too long");
        }
        return id;
    }

    private static byte[] content(BatchDocument document) {
        if (document.content().length == 0) {
            throw new BadRequestException("Document '" + document.id() + "' of the batch has no content to enhance");
        }
        return document.content();
    }

    /** The caller's batch; one of someone else's is not found, as one that does not exist. */
    BatchStore.Batch find(String id) {
        BatchStore.Batch batch;
        try {
            batch = store().find(id);
        } catch (SQLException e) {
            throw new JobStoreFailure(e);
        }
        if (batch == null || !(batch.owner().equals(jobs.owner()) || signIn.allows(identity, Role.ADMIN))) {
            throw new NotFoundException("No batch " + id + " of yours");
        }
        return batch;
    }

    /** Cancels the caller's batch's jobs that wait or run; when none does, deletes the batch. Null once deleted. */
    BatchStore.Batch cancelOrDelete(String id) {
        find(id);
        try {
            if (store().cancel(id, "the batch was cancelled", clock.instant()) > 0) {
                return store().find(id);
            }
            store().delete(id);
            return null;
        } catch (SQLException e) {
            throw new JobStoreFailure(e);
        }
    }

    BatchStore store() {
        return jobs.batches();
    }
}
