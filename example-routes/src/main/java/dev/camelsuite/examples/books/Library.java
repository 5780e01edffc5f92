package dev.camelsuite.examples.books;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the robots of the library do, recorded: each robot's work on an object, in order. Conversion of the books in
 * {@link #flaky} fails on its first attempt (the seed's replayed exception: Google's copy was not complete yet).
 */
public class Library {

    private final Map<String, List<String>> work = new ConcurrentHashMap<>();
    private final Set<String> flaky = ConcurrentHashMap.newKeySet();

    /** Books whose first conversion fails. */
    public Library flakyConversion(String objectId) {
        flaky.add(objectId);
        return this;
    }

    public void download(String objectId) {
        record(objectId, "google-download");
    }

    public void convert(String objectId, int attempt) {
        if (flaky.contains(objectId) && attempt == 1) {
            record(objectId, "google-convert failed");
            throw new IllegalStateException("Google's copy of " + objectId + " is incomplete; try again");
        }
        record(objectId, "google-convert");
    }

    /** Any other robot's work: the process names it. */
    public void work(String process, String objectId) {
        record(objectId, process);
    }

    private void record(String objectId, String what) {
        work.computeIfAbsent(objectId, k -> new CopyOnWriteArrayList<>()).add(what);
    }

    public List<String> workOn(String objectId) {
        return work.getOrDefault(objectId, List.of());
    }
}
