package dev.camelsuite.enhancer.remote.wire;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An exception thrown on a worker, as it came back over the wire: the worker-side class name, message and stack
 * trace. Its own stack trace is the worker's top frames, so logs on the producer side show where the worker failed.
 */
public class WorkerException extends Exception {

    private static final long serialVersionUID = 1L;
    private static final Pattern FRAME = Pattern.compile("^\\s*at (?:[^/]+/)?(.+)\\.([^.(]+)\\((.*?)(?::(\\d+))?\\)\\s*$");

    private final String workerClassName;
    private final String workerMessage;
    private final String workerStackTrace;

    public WorkerException(String workerClassName, String workerMessage, String workerStackTrace) {
        super(workerClassName + (workerMessage == null ? "" : ": " + workerMessage));
        this.workerClassName = workerClassName;
        this.workerMessage = workerMessage;
        this.workerStackTrace = workerStackTrace == null ? "" : workerStackTrace;
        setStackTrace(parseTopFrames(this.workerStackTrace));
    }

    /** The class name of the exception the worker caught, e.g. {@code dev.camelsuite.enhancer.spi.EngineException}. */
    public String getWorkerClassName() {
        return workerClassName;
    }

    /** Its message. */
    public String getWorkerMessage() {
        return workerMessage;
    }

    /** Its whole stack trace as the worker's JVM printed it, causes included. */
    public String getWorkerStackTrace() {
        return workerStackTrace;
    }

    /** The frames of the outermost exception, up to its first "Caused by". */
    private static StackTraceElement[] parseTopFrames(String text) {
        List<StackTraceElement> frames = new ArrayList<>();
        for (String line : text.split("\\R")) {
            if (line.startsWith("Caused by:") || line.trim().startsWith("Suppressed:")) {
                break;
            }
            Matcher m = FRAME.matcher(line);
            if (m.matches()) {
                String file = m.group(3);
                int lineNumber = m.group(4) == null ? -1 : Integer.parseInt(m.group(4));
                frames.add(new StackTraceElement(m.group(1), m.group(2),
                        file.isEmpty() || file.equals("Unknown Source") ? null : file, lineNumber));
            }
        }
        return frames.toArray(new StackTraceElement[0]);
    }
}
