package dev.camelsuite.workflow.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import dev.camelsuite.workflow.model.StepChange;
import dev.camelsuite.workflow.model.StepEvent;

import static dev.camelsuite.workflow.store.Transactions.execute;
import static dev.camelsuite.workflow.store.Transactions.now;

/**
 * The store's outbox of step events ({@code workflow_event}): when it is on, every status change writes its event in
 * the transaction that makes the change, so an event exists exactly when its change committed. What a relay
 * ({@link OutboxRelay}) needs is here too: the lease that lets one relay at a time send, the oldest events, their
 * deletion once sent, and how many wait.
 */
public final class EventOutbox {

    private static final String RELAY = "events";

    private final Transactions tx;
    private volatile boolean on;

    EventOutbox(Transactions tx) {
        this.tx = tx;
    }

    /** Whether the store's changes write their events here (off unless set). */
    public boolean isOn() {
        return on;
    }

    public void setOn(boolean on) {
        this.on = on;
    }

    /** Writes the events of {@code changes}, in their order, in the transaction of {@code c}; nothing when off. */
    void record(Connection c, List<StepChange> changes) throws SQLException {
        if (!on || changes.isEmpty()) {
            return;
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO workflow_event (event_id, object_id, workflow,"
                                                      + " process, version, lane, old_status, new_status, changed_at)"
                                                      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (StepChange change : changes) {
                s.setString(1, UUID.randomUUID().toString());
                s.setString(2, change.objectId());
                s.setString(3, change.workflow());
                s.setString(4, change.process());
                s.setInt(5, change.version());
                s.setString(6, change.lane());
                s.setString(7, change.oldStatus());
                s.setString(8, change.newStatus());
                s.setObject(9, change.at());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /**
     * Takes or renews the relays' lease for {@code holder}: answers whether it holds it now, until {@code lease} from
     * now. It is taken when nobody holds it or its holder's lease ran out.
     */
    public boolean lease(String holder, Duration lease) throws SQLException {
        OffsetDateTime now = now();
        return tx.read(c -> execute(c, "UPDATE workflow_event_relay SET holder = ?, lease_until = ? WHERE name = ?"
                                       + " AND (holder = ? OR holder IS NULL OR lease_until < ?)",
                holder, now.plus(lease), RELAY, holder, now)) == 1;
    }

    /** Gives up the lease {@code holder} holds, so another relay goes on at once. */
    public void release(String holder) throws SQLException {
        tx.read(c -> execute(c, "UPDATE workflow_event_relay SET holder = NULL, lease_until = NULL WHERE name = ?"
                                + " AND holder = ?", RELAY, holder));
    }

    /** The oldest events, at most {@code limit}, in the order they are to be sent. */
    public List<StepEvent> oldest(int limit) throws SQLException {
        return tx.read(c -> {
            List<StepEvent> events = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT id, event_id, object_id, workflow, process, version,"
                                                          + " lane, old_status, new_status, changed_at FROM"
                                                          + " workflow_event ORDER BY id FETCH FIRST " + limit
                                                          + " ROWS ONLY");
                 ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    events.add(new StepEvent(rs.getLong(1), rs.getString(2), new StepChange(rs.getString(3),
                            rs.getString(4), rs.getString(5), rs.getInt(6), rs.getString(7), rs.getString(8),
                            rs.getString(9), rs.getObject(10, OffsetDateTime.class))));
                }
            }
            return events;
        });
    }

    /** Deletes events that were sent (by position: an event that committed later in between stays). */
    public void delete(List<StepEvent> sent) throws SQLException {
        if (sent.isEmpty()) {
            return;
        }
        tx.writeSql(c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM workflow_event WHERE id = ?")) {
                for (StepEvent event : sent) {
                    s.setLong(1, event.position());
                    s.addBatch();
                }
                return s.executeBatch().length;
            }
        });
    }

    /** How many events wait to be sent. */
    public long waiting() throws SQLException {
        return tx.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT COUNT(*) FROM workflow_event");
                 ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    /** When the change of the oldest waiting event was made, or null when none waits. */
    public OffsetDateTime oldestChange() throws SQLException {
        return tx.read(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT changed_at FROM workflow_event ORDER BY id FETCH"
                                                          + " FIRST 1 ROWS ONLY");
                 ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getObject(1, OffsetDateTime.class) : null;
            }
        });
    }
}
