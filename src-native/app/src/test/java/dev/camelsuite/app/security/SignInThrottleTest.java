package dev.camelsuite.app.security;

import java.time.Duration;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The rules of the sign-in throttle, address by address and user by user. */
class SignInThrottleTest {

    private SignInThrottle throttle;

    @BeforeEach
    void throttle() {
        throttle = new SignInThrottle();
        throttle.maxFailures = 3;
        throttle.maxFailuresPerUser = 5;
        throttle.maxWait = Duration.ofSeconds(8);
        throttle.failureMemory = Duration.ofMinutes(15);
        throttle.meters = new SimpleMeterRegistry();
        throttle.start();
    }

    @Test
    void anAddressIsRefusedAfterItsFailuresForAWaitThatDoubles() {
        for (int i = 0; i < 3; i++) {
            assertThat(throttle.secondsToWait("10.0.0.1", "admin")).isZero();
            throttle.failed("10.0.0.1", "admin");
        }
        assertThat(throttle.secondsToWait("10.0.0.1", "admin")).isEqualTo(1);
        // another user name from the same address is refused too: it is the address that guesses
        assertThat(throttle.secondsToWait("10.0.0.1", "reader")).isEqualTo(1);
        throttle.failed("10.0.0.1", "admin");
        assertThat(throttle.secondsToWait("10.0.0.1", "admin")).isEqualTo(2);
        for (int i = 0; i < 10; i++) {
            throttle.failed("10.0.0.1", "admin");
        }
        assertThat(throttle.secondsToWait("10.0.0.1", "admin")).isEqualTo(8);
        // another address is not affected
        assertThat(throttle.secondsToWait("10.0.0.2", "reader")).isZero();
    }

    @Test
    void aSuccessForgetsTheAddressesFailures() {
        for (int i = 0; i < 3; i++) {
            throttle.failed("10.0.0.1", "admin");
        }
        throttle.succeeded("10.0.0.1");
        assertThat(throttle.secondsToWait("10.0.0.1", "admin")).isZero();
    }

    @Test
    void aUserGuessedAtFromManyAddressesIsRefusedOnlyWhereGuessesCameFrom() {
        for (int i = 0; i < 5; i++) {
            throttle.failed("10.0.1." + i, "admin");
        }
        // the guessers, each below its own address limit, are refused for this user
        assertThat(throttle.secondsToWait("10.0.1.0", "admin")).isPositive();
        assertThat(throttle.secondsToWait("10.0.1.4", "admin")).isPositive();
        // the real user, from an address that never failed, is not locked out
        assertThat(throttle.secondsToWait("192.168.7.7", "admin")).isZero();
        // and the guessers may still sign in as someone else
        assertThat(throttle.secondsToWait("10.0.1.0", "reader")).isZero();
    }

    @Test
    void failuresAreForgottenAfterTheirMemory() throws InterruptedException {
        throttle.failureMemory = Duration.ofMillis(50);
        for (int i = 0; i < 3; i++) {
            throttle.failed("10.0.0.1", "admin");
        }
        assertThat(throttle.secondsToWait("10.0.0.1", "admin")).isPositive();
        Thread.sleep(100);
        assertThat(throttle.secondsToWait("10.0.0.1", "admin")).isZero();
    }

    @Test
    void theMemoryItTakesIsBounded() {
        for (int i = 0; i < SignInThrottle.MAX_TRACKED + 1000; i++) {
            throttle.failed("addr-" + i, "user-" + i);
        }
        assertThat(throttle.tracked()).isLessThanOrEqualTo(2 * SignInThrottle.MAX_TRACKED);
    }
}
