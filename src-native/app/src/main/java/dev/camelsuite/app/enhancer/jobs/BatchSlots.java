package dev.camelsuite.app.enhancer.jobs;

import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.Semaphore;

import dev.camelsuite.app.problem.Problem;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Batches received at once: {@code camelsuite.enhancer.jobs.max-batches-at-once}. A batch is stored in one
 * transaction as its body arrives, so each holds a database connection for as long as its client takes to send it;
 * without this bound, as many slow batches as the pool has connections left the rest of the application none (16
 * batches sent a line at a time: a bystander's job answered 503 after 5 s). One more is answered 503, once its body
 * has arrived (and been dropped).
 */
@ApplicationScoped
public class BatchSlots {

    @ConfigProperty(name = "camelsuite.enhancer.jobs.max-batches-at-once", defaultValue = "4")
    int max;


    private Semaphore slots;

    @PostConstruct
    void checkSettings() {
        if (max < 1) {
            throw new IllegalArgumentException("camelsuite.enhancer.jobs.max-batches-at-once must be more than 0");
        }
        slots = new Semaphore(max);
    }

    /** A place for one batch, or false when every place is taken; a place taken is given back with {@link #leave}. */
    boolean enter() {
        return slots.tryAcquire();
    }

    void leave() {
        slots.release();
    }

    /**
     * The answer to a batch that found no place: its body is read and dropped first, within the body's own limits of
     * size and time. Answered at once with its body unread, the batch's connection would have to be closed under a
     * client still sending, and the client's system may then drop the answer before the client reads it (a reset).
     */
    Response busy(InputStream body) {
        byte[] dropped = new byte[16 * 1024];
        try {
            while (body.read(dropped) >= 0) {
                // dropped
            }
        } catch (IOException | WebApplicationException e) {
            // past the body's limit or deadline, or the client went away: nothing more is read either way
        }
        return Problem.builder(503, max + " batches are being received already, as many as"
                                    + " camelsuite.enhancer.jobs.max-batches-at-once allows: send this one again in a"
                                    + " few seconds").header(HttpHeaders.RETRY_AFTER, 5).build();
    }
}
