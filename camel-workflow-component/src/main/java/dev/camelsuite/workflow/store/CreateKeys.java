package dev.camelsuite.workflow.store;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.HexFormat;

/**
 * The idempotency keys of creates ({@code workflow_create_key}): recorded in the create's own transaction, so a key
 * names one create that happened, never one that rolled back. Two creates with one key race for its row; the second
 * waits for the first's commit, then finds the key taken.
 */
final class CreateKeys {

    /** The longest key a create may carry. */
    static final int MAX_KEY = 255;

    private CreateKeys() {
    }

    /** A keyed create: the key and what it asks for. */
    record Request(String key, String objectId, String workflow, int version, String lane, String context,
                   OffsetDateTime startAt) {

        Request {
            // as the create stores it
            lane = lane == null || lane.isBlank() ? "default" : lane;
            if (key != null && (key.isBlank() || key.length() > MAX_KEY)) {
                throw new IllegalArgumentException("An idempotency key has 1 to " + MAX_KEY + " characters");
            }
        }

        /** What identifies the request: the same hash, the same create. */
        String hash() {
            try {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                for (Object part : new Object[] { objectId, workflow, version, lane, context,
                                                  startAt == null ? null : startAt.toInstant() }) {
                    sha.update(String.valueOf(part).getBytes(StandardCharsets.UTF_8));
                    sha.update((byte) 0);
                }
                return HexFormat.of().formatHex(sha.digest());
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("Every JVM has SHA-256", e);
            }
        }
    }

    /** The key's record: which create made it, and its hash. */
    record Recorded(String hash, String objectId, String workflow, int version) {
    }

    /** Records the key; a key another create holds fails with a unique violation ({@link #taken}). */
    static void record(Connection c, Request r, OffsetDateTime now) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO workflow_create_key (idempotency_key, request_hash,"
                                                      + " object_id, workflow, version, created_at)"
                                                      + " VALUES (?, ?, ?, ?, ?, ?)")) {
            s.setString(1, r.key());
            s.setString(2, r.hash());
            s.setString(3, r.objectId());
            s.setString(4, r.workflow());
            s.setInt(5, r.version());
            s.setObject(6, now);
            s.executeUpdate();
        }
    }

    /** Whether {@code e} says the key was recorded by another create. */
    static boolean taken(SQLException e) {
        return e.getSQLState() != null && e.getSQLState().startsWith("23");
    }

    static Recorded find(Connection c, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT request_hash, object_id, workflow, version FROM"
                                                      + " workflow_create_key WHERE idempotency_key = ?")) {
            s.setString(1, key);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? new Recorded(rs.getString(1), rs.getString(2), rs.getString(3), rs.getInt(4)) : null;
            }
        }
    }

    /** Forgets the keys recorded before {@code cutoff}. */
    static void forgetBefore(Connection c, OffsetDateTime cutoff) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("DELETE FROM workflow_create_key WHERE created_at < ?")) {
            s.setObject(1, cutoff);
            s.executeUpdate();
        }
    }
}
