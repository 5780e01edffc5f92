package dev.camelsuite.app.enhancer.jobs;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A batch as {@code GET /enhancer/batches/{id}} answers it: its id, chain, when it was submitted, its progress (how
 * many of its documents wait, run, are done, failed or were cancelled, of how many) and the link to its results.
 */
final class BatchJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private BatchJson() {
    }

    static String location(String publicUrl, String id) {
        return publicUrl + "/enhancer/batches/" + id;
    }

    static String of(BatchStore.Batch batch, String publicUrl) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", batch.id());
        json.put("state", batch.isFinished() ? "finished" : "running");
        json.put("chain", batch.chain());
        json.put("submitted", batch.submitted().toString());
        json.put("total", batch.total());
        batch.byState().forEach((state, count) -> json.put(state.label(), count));
        json.put("results", location(publicUrl, batch.id()) + "/results");
        try {
            return JSON.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A map of strings and numbers is always JSON", e);
        }
    }
}
