package dev.camelsuite.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Everything written to {@code System.err} while it is open — this JVM's log (slf4j-simple writes to System.err) and
 * the child JVMs' (ChildJvm copies their stderr there) — still going to the console as well.
 */
final class RunLog implements AutoCloseable {

    private final PrintStream original = System.err;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();

    RunLog() {
        OutputStream both = new OutputStream() {
            @Override
            public void write(int b) {
                original.write(b);
                synchronized (captured) {
                    captured.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                original.write(b, off, len);
                synchronized (captured) {
                    captured.write(b, off, len);
                }
            }
        };
        System.setErr(new PrintStream(both, true, StandardCharsets.UTF_8));
    }

    List<String> lines() {
        synchronized (captured) {
            return captured.toString(StandardCharsets.UTF_8).lines().toList();
        }
    }

    @Override
    public void close() {
        System.setErr(original);
    }
}
