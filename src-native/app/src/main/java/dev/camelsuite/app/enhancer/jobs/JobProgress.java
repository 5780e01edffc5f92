package dev.camelsuite.app.enhancer.jobs;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;

/**
 * A job's progress, engine by engine, as its item's execution metadata says it: each engine of the chain with its
 * status ({@code scheduled}, {@code in-progress}, {@code completed}, {@code failed}, {@code skipped}) and, once
 * started, its milliseconds so far. Kept with the job as JSON: while it runs (a snapshot each second, taken by the
 * application that runs it) and when it ends.
 */
final class JobProgress {

    /** The longest progress the job's column keeps; engines past it are left out. */
    static final int MAX = 4000;
    private static final ObjectMapper JSON = new ObjectMapper();

    private JobProgress() {
    }

    /** The progress of the item's chain now, or null before the chain has started. */
    static String of(ContentItem item) {
        ExecutionMetadata metadata = item == null ? null : item.getExecutionMetadata();
        if (metadata == null) {
            return null;
        }
        List<Map<String, Object>> engines = new ArrayList<>();
        Instant now = Instant.now();
        int length = 2;
        for (EngineExecution execution : metadata.getEngineExecutions()) {
            Map<String, Object> engine = new LinkedHashMap<>();
            engine.put("engine", execution.getEngine());
            engine.put("status", execution.getStatus().toString());
            Instant started = execution.getStarted();
            if (started != null) {
                Instant until = execution.getCompleted() == null ? now : execution.getCompleted();
                engine.put("millis", Math.max(0, until.toEpochMilli() - started.toEpochMilli()));
            }
            String written = write(engine);
            if (length + written.length() + 1 > MAX) {
                break;
            }
            length += written.length() + 1;
            engines.add(engine);
        }
        return write(engines);
    }

    private static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Names, statuses and numbers are always JSON", e);
        }
    }
}
