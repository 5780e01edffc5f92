package dev.camelsuite.app.enhancer.jobs;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

import javax.sql.DataSource;

import dev.camelsuite.app.enhancer.EnhanceRequest;
import dev.camelsuite.app.enhancer.EnhancementRequests;
import dev.camelsuite.app.problem.Problem;
import dev.camelsuite.app.security.Role;
import dev.camelsuite.app.security.SignIn;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;

/**
 * Enhancement jobs: an enhance request sent with {@code Prefer: respond-async} (RFC 7240) is stored as a job and
 * answered {@code 202 Accepted} with its {@code Location} once it is in the database, never before; runners
 * ({@link JobRunners}) run it later as the synchronous request would have run, and keep its answer for
 * {@code GET /enhancer/jobs/{id}/result}. A job is its submitter's: only they, or an administrator, read or cancel it.
 * Bounded per user ({@link JobLimits}): jobs waiting or running and the bytes of their content, jobs kept and the
 * bytes of their answers.
 */
@ApplicationScoped
public class EnhancementJobs {

    /** The preference that asks for a job (RFC 7240). */
    static final String RESPOND_ASYNC = "respond-async";

    @Inject
    @Identifier("workflowDataSource")
    DataSource database;

    @Inject
    EnhancementRequests requests;

    @Inject
    SecurityIdentity identity;

    @Inject
    SignIn signIn;

    @Inject
    JobRunners runners;

    @Inject
    JobLimits limits;

    @Inject
    JobTraces traces;

    private static final Logger LOG = Logger.getLogger(EnhancementJobs.class);

    private final Clock clock = Clock.systemUTC();
    private JobStore store;
    private BatchStore batches;

    void start(@Observes StartupEvent started) {
        store = new JobStore(database);
        batches = new BatchStore(database, store);
        try {
            store.createTables();
        } catch (SQLException e) {
            // the database is not there yet: the store makes its table when it first reaches it
            LOG.warnf("The enhancement jobs' table is made when the database answers: %s", e.toString());
        }
        runners.start(store, new JobClaims(database, store));
    }

    JobStore store() {
        return store;
    }

    BatchStore batches() {
        return batches;
    }

    /** Whether the request's {@code Prefer} headers ask for {@code respond-async}. */
    public static boolean prefersAsync(HttpHeaders headers) {
        List<String> prefer = headers.getRequestHeader("Prefer");
        if (prefer == null) {
            return false;
        }
        for (String header : prefer) {
            for (String preference : header.split(",")) {
                String name = preference.split(";", 2)[0].split("=", 2)[0].trim();
                if (name.equalsIgnoreCase(RESPOND_ASYNC)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Stores the request as a job of the caller's and answers 202 with its {@code Location}; a request that could only
     * be answered with an error is answered that error now, as it would have been. With an idempotency key (the
     * {@code Idempotency-Key} header, or else Stanbol's {@code uri}, the client's id of the content item) a repeat of
     * the same request answers the job the first made (200), another request with the key 422.
     */
    public Response submit(EnhanceRequest request, HttpHeaders headers, String publicUrl) {
        requests.check(request);
        String tooLong = JobStore.fits(request);
        if (tooLong != null) {
            throw new BadRequestException("This request cannot be kept as a job: " + tooLong);
        }
        String key = IdempotencyKeys.of(headers, request);
        String hash = key == null ? null : IdempotencyKeys.hash(request);
        String owner = owner();
        try {
            Response repeated = key == null ? null : repeated(owner, key, hash, publicUrl);
            if (repeated != null) {
                return repeated;
            }
            Response refused = beyondLimits(owner, request);
            if (refused != null) {
                return refused;
            }
            String id = UUID.randomUUID().toString();
            if (!store.insert(id, owner, request, key, hash, clock.instant(), traces.current())) {
                // another submission with the key came first
                return repeated(owner, key, hash, publicUrl);
            }
            runners.wake();
            Job job = new Job(id, owner, request.chain(), JobState.QUEUED, clock.instant(), null, null, 0, 0, null,
                    null);
            return Response.status(202).header(HttpHeaders.LOCATION, JobJson.location(publicUrl, id))
                    .header("Preference-Applied", RESPOND_ASYNC).type("application/json")
                    .entity(JobJson.of(job, publicUrl)).build();
        } catch (SQLException e) {
            throw new JobStoreFailure(e);
        }
    }

    /** The answer to a repeated key: the job it made (200), or 422 when it made it for another request; else null. */
    private Response repeated(String owner, String key, String hash, String publicUrl) throws SQLException {
        String[] earlier = store.keyed(owner, key);
        if (earlier == null) {
            return null;
        }
        if (!hash.equals(earlier[1])) {
            return Problem.of(422, "Idempotency key '" + key + "' was used for another request (another body, chain,"
                                   + " parameters or headers): use a new key for a new request");
        }
        Job job = store.find(earlier[0]);
        return Response.ok(JobJson.of(job, publicUrl), "application/json")
                .header(HttpHeaders.LOCATION, JobJson.location(publicUrl, job.id()))
                .header("Preference-Applied", RESPOND_ASYNC).build();
    }

    private Response beyondLimits(String owner, EnhanceRequest request) throws SQLException {
        String refusal = limits.refusal(store.keptBy(owner), request.content().length);
        return refusal == null ? null : Problem.builder(429, refusal).header(HttpHeaders.RETRY_AFTER, 10).build();
    }

    /** The caller's job; a job of someone else's is not found, as one that does not exist. */
    Job find(String id) {
        Job job;
        try {
            job = store.find(id);
        } catch (SQLException e) {
            throw new JobStoreFailure(e);
        }
        if (job == null || !(job.owner().equals(owner()) || signIn.allows(identity, Role.ADMIN))) {
            throw new NotFoundException("No job " + id + " of yours");
        }
        return job;
    }

    /** Cancels the caller's job that waits or runs (its chain stops as at its deadline), or deletes a finished one. */
    Job cancelOrDelete(String id) {
        Job job = find(id);
        try {
            if (!job.state().isFinished()
                && store.cancel(id, "cancelled by " + (owner().isEmpty() ? "its submitter" : owner()), clock.instant())) {
                runners.cancelled(id);
                return store.find(id);
            }
            store.delete(id);
            return null;
        } catch (SQLException e) {
            throw new JobStoreFailure(e);
        }
    }

    /** The answer of the caller's finished job. */
    StoredAnswer answer(Job job) {
        try {
            return store.answer(job.id());
        } catch (SQLException e) {
            throw new JobStoreFailure(e);
        }
    }

    /** Who is asking: their name, or the empty name when sign-in is off. */
    String owner() {
        return identity == null || identity.isAnonymous() ? "" : identity.getPrincipal().getName();
    }
}
