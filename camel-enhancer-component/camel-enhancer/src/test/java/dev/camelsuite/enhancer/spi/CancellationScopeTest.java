package dev.camelsuite.enhancer.spi;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A run's cancellation is the thread's while its engine runs, and the one around it again after (nested runs). */
class CancellationScopeTest {

    @Test
    void scopesNestAndLeaveNothingBehind() {
        Cancellation outer = new Cancellation();
        Cancellation inner = new Cancellation();
        try (Cancellation.Scope o = outer.enter()) {
            assertThat(Cancellation.current()).isSameAs(outer);
            try (Cancellation.Scope i = inner.enter()) {
                assertThat(Cancellation.current()).isSameAs(inner);
            }
            assertThat(Cancellation.current()).isSameAs(outer);
        }
        Cancellation outside = Cancellation.current();
        assertThat(outside).isNotSameAs(outer).isNotSameAs(inner);
        assertThat(outside.isCancelled()).isFalse();
        outer.cancel("gone");
        assertThat(Cancellation.current().isCancelled()).isFalse();
    }
}
