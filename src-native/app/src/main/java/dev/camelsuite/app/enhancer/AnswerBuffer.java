package dev.camelsuite.app.enhancer;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

import dev.camelsuite.enhancer.spi.Cancellation;

/**
 * An enhancement's answer, written in full before its first byte is sent, so that an answer too large
 * ({@code camelsuite.enhancer.max-answer-size}) or too late (the request's time limit, which covers the writing) is
 * still answered with a problem, not with a 200 cut short. The RDF is written into it statement by statement, never
 * held as a graph. An answer of up to {@value #HELD} bytes is kept and sent as it is; of a longer one only the count
 * is kept, and the answer is written again, straight to the client, once its size is known to be allowed: the memory
 * an answer takes stays small whatever its size.
 */
final class AnswerBuffer extends OutputStream {

    /**
     * Answers are often a few kilobytes (a 1 KB text with one place in it: 2 KB of Turtle, 4 KB of JSON-LD) and can be
     * tens (the same length with thirty entity mentions: 39 KB and 91 KB): the chunks start small and double.
     */
    private static final int FIRST_CHUNK = 4 * 1024;
    private static final int LARGEST_CHUNK = 64 * 1024;
    /** The longest answer kept in memory. */
    static final int HELD = 4 * 1024 * 1024;

    private final long limit;
    private final long deadlineNanos;
    private final Cancellation cancellation;
    private final List<byte[]> full = new ArrayList<>();
    private byte[] chunk = new byte[FIRST_CHUNK];
    private int position;
    private long size;
    private boolean counting;

    /**
     * @param limit         the most bytes the answer may have
     * @param deadlineNanos the {@link System#nanoTime()} by which it must be written
     * @param cancellation  the request's; a client that went away stops the writing
     */
    AnswerBuffer(long limit, long deadlineNanos, Cancellation cancellation) {
        this.limit = limit;
        this.deadlineNanos = deadlineNanos;
        this.cancellation = cancellation;
    }

    @Override
    public void write(int b) {
        if (position == chunk.length) {
            nextChunk();
        }
        grow(1);
        chunk[position++] = (byte) b;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
        grow(length);
        while (length > 0) {
            if (position == chunk.length) {
                nextChunk();
            }
            int n = Math.min(length, chunk.length - position);
            System.arraycopy(bytes, offset, chunk, position, n);
            position += n;
            offset += n;
            length -= n;
        }
    }

    private void grow(int length) {
        size += length;
        if (size > limit) {
            throw new TooLarge(limit);
        }
    }

    /** The time and the client are looked at once a chunk: often enough, and never per byte. */
    private void nextChunk() {
        if (System.nanoTime() - deadlineNanos > 0) {
            throw new OutOfTime();
        }
        cancellation.check();
        if (!counting && size > HELD) {
            // too long to keep: from now on only counted, and written again when it is sent
            counting = true;
            full.clear();
        }
        if (!counting) {
            full.add(chunk);
            chunk = new byte[Math.min(LARGEST_CHUNK, chunk.length * 2)];
        }
        position = 0;
    }

    /** Whether the whole answer is held here, to be sent by {@link #writeTo}; else it must be written again. */
    boolean isHeld() {
        return !counting;
    }

    /** The bytes written so far. */
    long size() {
        return size;
    }

    /** Sends the answer held here. */
    void writeTo(OutputStream out) throws IOException {
        if (counting) {
            throw new IllegalStateException("An answer of " + size + " bytes was counted, not kept");
        }
        for (byte[] c : full) {
            out.write(c);
        }
        out.write(chunk, 0, position);
    }

    /** The answer passed its limit. */
    static final class TooLarge extends RuntimeException {

        private static final long serialVersionUID = 1L;

        final long limit;

        TooLarge(long limit) {
            super("The answer is larger than " + limit + " bytes", null, false, false);
            this.limit = limit;
        }
    }

    /** The request's time ran out while its answer was written. */
    static final class OutOfTime extends RuntimeException {

        private static final long serialVersionUID = 1L;

        OutOfTime() {
            super("The request's time ran out while its answer was written", null, false, false);
        }
    }
}
