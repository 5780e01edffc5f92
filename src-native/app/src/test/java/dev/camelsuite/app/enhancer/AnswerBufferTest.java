package dev.camelsuite.app.enhancer;

import java.io.ByteArrayOutputStream;
import java.util.Random;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.spi.Cancellation;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The buffer an enhancement's answer is written into before its first byte is sent. */
class AnswerBufferTest {

    private static final long A_MINUTE = TimeUnit.MINUTES.toNanos(1);

    @Test
    void anAnswerWrittenInPiecesOfEverySizeIsSentAsItWasWritten() throws Exception {
        byte[] answer = new byte[300_000];
        new Random(7).nextBytes(answer);
        AnswerBuffer buffer = new AnswerBuffer(1 << 20, System.nanoTime() + A_MINUTE, new Cancellation());
        Random pieces = new Random(11);
        int at = 0;
        while (at < answer.length) {
            if (pieces.nextInt(4) == 0) {
                buffer.write(answer[at++]);
            } else {
                int n = Math.min(answer.length - at, pieces.nextInt(20_000));
                buffer.write(answer, at, n);
                at += n;
            }
        }
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        buffer.writeTo(sent);
        assertThat(buffer.isHeld()).isTrue();
        assertThat(buffer.size()).isEqualTo(answer.length);
        assertThat(sent.toByteArray()).isEqualTo(answer);
    }

    @Test
    void aShortAnswerIsHeldWhole() throws Exception {
        AnswerBuffer buffer = new AnswerBuffer(1 << 20, System.nanoTime() + A_MINUTE, new Cancellation());
        buffer.write("<urn:a> <urn:b> \"c\" .\n".getBytes());
        ByteArrayOutputStream sent = new ByteArrayOutputStream();
        buffer.writeTo(sent);
        assertThat(sent.toString()).isEqualTo("<urn:a> <urn:b> \"c\" .\n");
    }

    @Test
    void anAnswerOverItsLimitIsRefusedNamingTheLimit() {
        AnswerBuffer buffer = new AnswerBuffer(10_000, System.nanoTime() + A_MINUTE, new Cancellation());
        buffer.write(new byte[10_000], 0, 10_000);
        assertThatThrownBy(() -> buffer.write('x')).isInstanceOfSatisfying(AnswerBuffer.TooLarge.class,
                e -> assertThat(e.limit).isEqualTo(10_000));
    }

    @Test
    void aLongAnswerIsCountedNotKept() {
        AnswerBuffer buffer = new AnswerBuffer(64L << 20, System.nanoTime() + A_MINUTE, new Cancellation());
        byte[] piece = new byte[100_000];
        for (int i = 0; i < 50; i++) {
            buffer.write(piece, 0, piece.length);
        }
        assertThat(buffer.isHeld()).isFalse();
        assertThat(buffer.size()).isEqualTo(5_000_000);
        assertThatThrownBy(() -> buffer.writeTo(new ByteArrayOutputStream())).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theWritingStopsWhenTheClientIsGoneOrTheTimeIsOut() {
        Cancellation gone = new Cancellation();
        AnswerBuffer forNobody = new AnswerBuffer(1 << 20, System.nanoTime() + A_MINUTE, gone);
        gone.cancel("the client went away before the answer was sent");
        assertThatThrownBy(() -> forNobody.write(new byte[100_000], 0, 100_000))
                .isInstanceOf(CancellationException.class);

        AnswerBuffer late = new AnswerBuffer(1 << 20, System.nanoTime() - 1, new Cancellation());
        assertThatThrownBy(() -> late.write(new byte[100_000], 0, 100_000)).isInstanceOf(AnswerBuffer.OutOfTime.class);
    }
}
