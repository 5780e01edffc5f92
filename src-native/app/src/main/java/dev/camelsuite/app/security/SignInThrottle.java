package dev.camelsuite.app.security;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Slows down password guessing. A client address whose sign-ins failed {@code camelsuite.sign-in.max-failures} times
 * (10) is refused, before its password is even looked at, for a wait that doubles with each further failure (1 s, 2 s,
 * 4 s, … at most {@code camelsuite.sign-in.max-wait}, 5 minutes); a success from it forgets its failures. A user name
 * that failed {@code camelsuite.sign-in.max-failures-per-user} times (50) from anywhere is refused the same way, but
 * only to addresses that have failed themselves: the real user, signing in from an address with no failures, is not
 * locked out by someone guessing elsewhere. Failures are forgotten after {@code camelsuite.sign-in.failure-memory} (15
 * minutes) without another one. At most {@value #MAX_TRACKED} addresses and as many user names are remembered, the
 * oldest forgotten first, so the memory this takes is bounded whatever an attacker sends.
 */
@ApplicationScoped
public class SignInThrottle {

    static final int MAX_TRACKED = 10_000;

    @ConfigProperty(name = "camelsuite.sign-in.max-failures", defaultValue = "10")
    int maxFailures;

    @ConfigProperty(name = "camelsuite.sign-in.max-failures-per-user", defaultValue = "50")
    int maxFailuresPerUser;

    @ConfigProperty(name = "camelsuite.sign-in.max-wait", defaultValue = "5m")
    Duration maxWait;

    @ConfigProperty(name = "camelsuite.sign-in.failure-memory", defaultValue = "15m")
    Duration failureMemory;

    @Inject
    MeterRegistry meters;

    private final Map<String, Failures> byAddress = newMemory();
    private final Map<String, Failures> byUser = newMemory();
    private Counter failed;
    private Counter refusedForAddress;
    private Counter refusedForUser;

    @PostConstruct
    void start() {
        if (maxFailures < 1 || maxFailuresPerUser < 1) {
            throw new IllegalArgumentException("camelsuite.sign-in.max-failures and max-failures-per-user must be >= 1");
        }
        failed = Counter.builder("camelsuite.sign-in.failures").description("Sign-ins with a wrong user or password")
                .register(meters);
        refusedForAddress = refused("address");
        refusedForUser = refused("user");
    }

    private Counter refused(String reason) {
        return Counter.builder("camelsuite.sign-in.refused")
                .description("Sign-ins refused without looking at the password, after too many failures")
                .tag("reason", reason).register(meters);
    }

    /**
     * The seconds the client must wait before it may try to sign in as {@code user} from {@code address}, or 0 when it
     * may try now.
     */
    public long secondsToWait(String address, String user) {
        long now = System.nanoTime();
        long wait;
        synchronized (this) {
            Failures fromAddress = current(byAddress, address, now);
            wait = fromAddress == null ? 0 : fromAddress.waitNanos(maxFailures, now);
            if (wait > 0) {
                refusedForAddress.increment();
                return seconds(wait);
            }
            Failures ofUser = current(byUser, user, now);
            wait = ofUser == null || fromAddress == null ? 0 : ofUser.waitNanos(maxFailuresPerUser, now);
        }
        if (wait > 0) {
            refusedForUser.increment();
        }
        return seconds(wait);
    }

    /** A sign-in failed: the address and the user name count one more failure. */
    public void failed(String address, String user) {
        failed.increment();
        long now = System.nanoTime();
        synchronized (this) {
            record(byAddress, address, now);
            if (user != null) {
                record(byUser, user, now);
            }
        }
    }

    /** A sign-in succeeded: the address's failures are forgotten (the user name's stay, they may come from elsewhere). */
    public synchronized void succeeded(String address) {
        byAddress.remove(address);
    }

    /** How many addresses and user names are remembered now. */
    synchronized int tracked() {
        return byAddress.size() + byUser.size();
    }

    private void record(Map<String, Failures> failures, String key, long now) {
        Failures f = current(failures, key, now);
        if (f == null) {
            f = new Failures();
            failures.put(key, f);
        }
        f.count++;
        f.last = now;
    }

    private Failures current(Map<String, Failures> failures, String key, long now) {
        if (key == null) {
            return null;
        }
        Failures f = failures.get(key);
        if (f != null && now - f.last > failureMemory.toNanos()) {
            failures.remove(key);
            return null;
        }
        return f;
    }

    private static long seconds(long nanos) {
        return nanos <= 0 ? 0 : Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L);
    }

    private static Map<String, Failures> newMemory() {
        return new LinkedHashMap<>(256, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Failures> eldest) {
                return size() > MAX_TRACKED;
            }
        };
    }

    /** The failures of one address or user name: how many, and when the last was. */
    private final class Failures {
        int count;
        long last;

        /** How long after the last failure the next try must wait: 1 s at the limit, doubling, at most maxWait. */
        long waitNanos(int limit, long now) {
            if (count < limit) {
                return 0;
            }
            int doublings = Math.min(count - limit, 30);
            long wait = Math.min(maxWait.toNanos(), Duration.ofSeconds(1L << doublings).toNanos());
            return last + wait - now;
        }
    }
}
