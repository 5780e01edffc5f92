package dev.camelsuite.benchmarks;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;

/**
 * The consumer of the outbox fault run, as a careful user writes one: events de-duplicated on their event id, and
 * each one checked on receipt against the database — its change must be in the committed history as many times as it
 * arrived (an event that came before its commit would not be). At the end each object's events, in the order they
 * first arrived, are compared with its history.
 */
final class OutboxRunEvents {

    private final DataSource db;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final Map<String, List<String>> arrived = new ConcurrentHashMap<>();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong early = new AtomicLong();
    private final AtomicLong idMismatches = new AtomicLong();
    private final AtomicLong longestLagMillis = new AtomicLong();

    OutboxRunEvents(DataSource db) {
        this.db = db;
    }

    /** One event as it arrived: its JSON and its event id header. */
    void accept(String json, String headerId) throws Exception {
        JsonObject o = (JsonObject) Jsoner.deserialize(json);
        String eventId = o.getString("eventId");
        // camel-jms leaves Camel's own headers out of JMS messages: there the JSON's eventId is the event's id
        if (headerId != null && !Objects.equals(eventId, headerId)) {
            idMismatches.incrementAndGet();
        }
        if (!seen.add(eventId)) {
            duplicates.incrementAndGet();
            return;
        }
        String objectId = o.getString("objectId");
        String change = o.getString("process") + ":" + o.getString("oldStatus") + ">" + o.getString("newStatus");
        List<String> story = arrived.computeIfAbsent(objectId, k -> new ArrayList<>());
        long times;
        synchronized (story) {
            story.add(change);
            times = story.stream().filter(change::equals).count();
        }
        if (committed(objectId, o) < times) {
            early.incrementAndGet();
        }
        long lag = Duration.between(OffsetDateTime.parse(o.getString("at")), OffsetDateTime.now(ZoneOffset.UTC))
                .toMillis();
        longestLagMillis.accumulateAndGet(lag, Math::max);
    }

    /** How many times the event's change is in the committed history of its step. */
    private long committed(String objectId, JsonObject o) throws SQLException {
        try (Connection c = db.getConnection();
             PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM workflow_history WHERE object_id = ? AND"
                                                      + " workflow = ? AND process = ? AND new_status = ? AND"
                                                      + " old_status IS NOT DISTINCT FROM ?")) {
            s.setString(1, objectId);
            s.setString(2, o.getString("workflow"));
            s.setString(3, o.getString("process"));
            s.setString(4, o.getString("newStatus"));
            s.setString(5, o.getString("oldStatus"));
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    long received() {
        return seen.size();
    }

    long duplicates() {
        return duplicates.get();
    }

    long early() {
        return early.get();
    }

    long idMismatches() {
        return idMismatches.get();
    }

    long longestLagMillis() {
        return longestLagMillis.get();
    }

    /**
     * Compares each object's events with its history: [changes with no event, objects whose events came in another
     * order than their changes committed].
     */
    long[] compareWithHistory() throws SQLException {
        Map<String, List<String>> history = new HashMap<>();
        try (Connection c = db.getConnection();
             ResultSet rs = c.createStatement().executeQuery("SELECT object_id, process, old_status, new_status FROM"
                                                             + " workflow_history ORDER BY id")) {
            while (rs.next()) {
                history.computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                        .add(rs.getString(2) + ":" + rs.getString(3) + ">" + rs.getString(4));
            }
        }
        long missing = 0;
        long outOfOrder = 0;
        for (Map.Entry<String, List<String>> object : history.entrySet()) {
            List<String> events = arrived.getOrDefault(object.getKey(), List.of());
            missing += Math.max(0, object.getValue().size() - events.size());
            if (events.size() == object.getValue().size() && !events.equals(object.getValue())) {
                outOfOrder++;
            }
        }
        return new long[] { missing, outOfOrder };
    }
}
