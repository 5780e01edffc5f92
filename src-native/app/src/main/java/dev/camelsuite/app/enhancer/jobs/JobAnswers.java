package dev.camelsuite.app.enhancer.jobs;

import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.camelsuite.app.enhancer.EnhancementBulkhead;
import dev.camelsuite.app.problem.Problem;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;

/**
 * What a job's request answers, kept: its answer as the synchronous request would have had it, the errors the HTTP
 * layer would have made of its exceptions included; a failure of this application's own is a 500 without its details
 * (they are logged), as the synchronous answer would be.
 */
final class JobAnswers {

    private static final Logger LOG = Logger.getLogger(JobAnswers.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private JobAnswers() {
    }

    /**
     * The answer {@code enhancement} makes, of at most {@code limit} bytes; a longer one is a 413 saying so.
     *
     * @throws EnhancementBulkhead.Full when no turn was free, for the job to wait again
     */
    static StoredAnswer answer(Supplier<Response> enhancement, long limit) {
        try {
            return StoredAnswer.of(enhancement.get(), limit);
        } catch (EnhancementBulkhead.Full e) {
            throw e;
        } catch (StoredAnswer.TooLarge e) {
            return StoredAnswer.of(Problem.of(413, "The answer takes more than " + e.limit + " bytes, the most a job"
                                                   + " keeps (camelsuite.enhancer.jobs.max-answer-size): ask for it"
                                                   + " without Prefer: respond-async, or send a shorter text"));
        } catch (WebApplicationException e) {
            return StoredAnswer.of(Problem.of(e.getResponse().getStatus(), e.getMessage()));
        } catch (RuntimeException e) {
            LOG.error("An enhancement job failed", e);
            return StoredAnswer.of(Problem.of(500, "The enhancement failed here; the application's log says why"));
        }
    }

    /** The answer of a job whose runs all ended with their runner (a crash, a stop) before it finished. */
    static StoredAnswer neverFinished(int attempts) {
        return StoredAnswer.of(Problem.of(500, "The job was started " + attempts + " times and never finished: the"
                                               + " application stopped or crashed while it ran (an engine that takes"
                                               + " all the memory can do that); submit it again to retry"));
    }

    /**
     * The answer of a job finished when its owner's kept answers had taken their share: a 507 saying what to do.
     *
     * @param kept  the bytes of the owner's answers kept now
     * @param limit {@code camelsuite.enhancer.jobs.max-kept-answer-bytes-per-user}
     */
    static StoredAnswer noRoomFor(StoredAnswer answer, long kept, long limit) {
        return StoredAnswer.of(Problem.of(507, "Your finished jobs keep " + kept + " bytes of answers, and this job's"
                                               + " answer of " + answer.body().length + " bytes would take them past "
                                               + limit + " (camelsuite.enhancer.jobs.max-kept-answer-bytes-per-user):"
                                               + " delete the jobs whose answers you have read"
                                               + " (DELETE /enhancer/jobs/{id}) and submit it again"));
    }

    /** Why an answer is an error: its problem's detail, else its status. */
    static String detail(StoredAnswer answer) {
        try {
            JsonNode problem = JSON.readTree(new String(answer.body(), StandardCharsets.UTF_8));
            if (problem != null && problem.hasNonNull("detail")) {
                return problem.get("detail").asText();
            }
        } catch (Exception e) {
            // not a problem document: the status says it
        }
        return "answered " + answer.status();
    }
}
