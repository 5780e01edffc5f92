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
    /** Rows of one insert: bounded, so that a bulk change's statement stays of a size the driver likes. */
    private static final int ROWS_AT_ONCE = 200;

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
        for (int from = 0; from < changes.size(); from += ROWS_AT_ONCE) {
            insert(c, changes.subList(from, Math.min(changes.size(), from + ROWS_AT_ONCE)));
        }
    }

    /** One statement of many rows: a claim or a batch of ends writes its events at the cost of one. */
    private static void insert(Connection c, List<StepChange> changes) throws SQLException {
        StringBuilder sql = new StringBuilder("INSERT INTO workflow_event (event_id, object_id, workflow, process,"
                                              + " version, lane, old_status, new_status, changed_at) VALUES ");
        for (int i = 0; i < changes.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append("(?, ?, ?, ?, ?, ?, ?, ?, ?)");
        }
        try (PreparedStatement s = c.prepareStatement(sql.toString())) {
            int p = 1;
            for (StepChange change : changes) {
                s.setString(p++, UUID.randomUUID().toString());
                s.setString(p++, change.objectId());
                s.setString(p++, change.workflow());
                s.setString(p++, change.process());
                s.setInt(p++, change.version());
                s.setString(p++, change.lane());
                s.setString(p++, change.oldStatus());
                s.setString(p++, change.newStatus());
                s.setObject(p++, change.at());
            }
            s.executeUpdate();
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
        return oldest(limit, 0);
    }

    /**
     * The oldest events after position {@code after}, at most {@code limit}, in the order they are to be sent. A
     * relay reads on from where it sent: the positions before are those it deleted, whose index entries a database
     * keeps until it vacuums (PostgreSQL), and reading from the start walks them all every time.
     */
    public List<StepEvent> oldest(int limit, long after) throws SQLException {
        return tx.read(c -> {
            List<StepEvent> events = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT id, event_id, object_id, workflow, process, version,"
                                                          + " lane, old_status, new_status, changed_at FROM"
                                                          + " workflow_event WHERE id > ? ORDER BY id FETCH FIRST "
                                                          + limit + " ROWS ONLY")) {
                s.setLong(1, after);
                read(s, events);
            }
            return events;
        });
    }

    private static void read(PreparedStatement s, List<StepEvent> events) throws SQLException {
        try (ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                events.add(new StepEvent(rs.getLong(1), rs.getString(2), new StepChange(rs.getString(3),
                        rs.getString(4), rs.getString(5), rs.getInt(6), rs.getString(7), rs.getString(8),
                        rs.getString(9), rs.getObject(10, OffsetDateTime.class))));
            }
        }
    }

    /** Deletes events that were sent (by position: an event that committed later in between stays). */
    public void delete(List<StepEvent> sent) throws SQLException {
        if (sent.isEmpty()) {
            return;
        }
        // one statement for the batch (positions are numbers the outbox made, no text of anyone's)
        StringBuilder positions = new StringBuilder();
        for (StepEvent event : sent) {
            positions.append(positions.isEmpty() ? "" : ", ").append(event.position());
        }
        boolean postgres = tx.isPostgres();
        tx.writeSql(c -> {
            if (postgres) {
                // a deletion lost with the server only sends its events again (at least once): it need not wait for
                // the disk, and the writers' commits do not wait behind it
                execute(c, "SET LOCAL synchronous_commit TO OFF");
            }
            return execute(c, "DELETE FROM workflow_event WHERE id IN (" + positions + ")");
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
