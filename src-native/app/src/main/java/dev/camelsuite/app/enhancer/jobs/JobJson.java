package dev.camelsuite.app.enhancer.jobs;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A job as {@code GET /enhancer/jobs/{id}} answers it: its id, state, chain, times and attempts, and once it has
 * finished the link to its answer and that answer's HTTP status (and, when it failed or was cancelled, why); its
 * engines' progress once its chain has started.
 */
final class JobJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JobJson() {
    }

    static String location(String publicUrl, String id) {
        return publicUrl + "/enhancer/jobs/" + id;
    }

    static String of(Job job, String publicUrl) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", job.id());
        json.put("state", job.state().label());
        json.put("chain", job.chain());
        json.put("submitted", text(job.submitted()));
        json.put("started", text(job.started()));
        json.put("finished", text(job.finished()));
        json.put("attempts", job.attempts());
        if (job.state() == JobState.DONE || job.state() == JobState.FAILED) {
            json.put("result", location(publicUrl, job.id()) + "/result");
            json.put("resultStatus", job.answerStatus());
        }
        if (job.detail() != null) {
            json.put("detail", job.detail());
        }
        if (job.progress() != null) {
            json.put("engines", rawJson(job.progress()));
        }
        try {
            return JSON.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A map of strings and numbers is always JSON", e);
        }
    }

    private static Object rawJson(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static String text(Instant instant) {
        return instant == null ? null : instant.toString();
    }
}
