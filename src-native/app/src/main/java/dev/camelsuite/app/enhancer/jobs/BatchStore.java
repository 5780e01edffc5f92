package dev.camelsuite.app.enhancer.jobs;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import javax.sql.DataSource;

import dev.camelsuite.app.enhancer.EnhanceRequest;

import static dev.camelsuite.app.enhancer.jobs.JobStore.TABLE;

/**
 * Batches in the database: a batch is the jobs that carry its id, one a document, in the order they were sent. A
 * batch is stored in one transaction, so it is there whole or not at all; its jobs are run as every job is.
 */
class BatchStore {

    /**
     * Rows sent to the database at once while a batch is stored: a few round trips for short documents, and never
     * more than a megabyte held for the next one (six batches of 100 KB documents at once held 120 MB in rows
     * waiting for the driver at 200 rows).
     */
    private static final int ROWS_AT_ONCE = 200;
    private static final long BYTES_AT_ONCE = 1024 * 1024;

    private final DataSource database;
    private final JobStore tables;

    BatchStore(DataSource database, JobStore tables) {
        this.database = database;
        this.tables = tables;
    }

    /** A batch being stored: documents are added as they are read, and the batch is there once committed. */
    final class Storing implements AutoCloseable {

        private final Connection connection;
        private final PreparedStatement insert;
        private final String batchId;
        private final String owner;
        private final Instant now;
        private final String traceparent;
        private int documents;
        private long bytes;
        private int unsent;
        private long unsentBytes;

        private Storing(String batchId, String owner, Instant now, String traceparent) throws SQLException {
            tables.createTables();
            this.batchId = batchId;
            this.owner = owner;
            this.now = now;
            this.traceparent = traceparent;
            connection = database.getConnection();
            try {
                connection.setAutoCommit(false);
                insert = connection.prepareStatement(JobStore.INSERT);
            } catch (SQLException e) {
                connection.close();
                throw e;
            }
        }

        /** Adds a document's job. */
        void add(String item, EnhanceRequest request) throws SQLException {
            JobStore.bindInsert(insert, UUID.randomUUID().toString(), owner, request, now, traceparent);
            insert.setString(12, null);
            insert.setString(13, null);
            insert.setString(14, batchId);
            insert.setString(15, item);
            insert.setInt(16, documents);
            insert.addBatch();
            documents++;
            bytes += request.content().length;
            unsentBytes += request.content().length;
            if (++unsent == ROWS_AT_ONCE || unsentBytes >= BYTES_AT_ONCE) {
                insert.executeBatch();
                unsent = 0;
                unsentBytes = 0;
            }
        }

        int documents() {
            return documents;
        }

        long bytes() {
            return bytes;
        }

        /**
         * Stores the batch, counted as its owner's, its first job holding its idempotency key (one batch or job per key
         * and owner: a second batch with the key fails here); when this returns, every job of it is in the database.
         *
         * @param key  the submitter's idempotency key, or null
         * @param hash what identifies the batch
         */
        void commit(String key, String hash) throws SQLException {
            if (unsent > 0) {
                insert.executeBatch();
            }
            if (key != null) {
                try (PreparedStatement s = connection.prepareStatement("UPDATE " + TABLE + " SET idempotency_key = ?,"
                                                                       + " request_hash = ? WHERE batch_id = ? AND"
                                                                       + " batch_index = 0")) {
                    s.setString(1, key);
                    s.setString(2, hash);
                    s.setString(3, batchId);
                    s.executeUpdate();
                }
            }
            OwnerCounts.add(connection, owner, documents, documents, bytes, 0);
            connection.commit();
        }

        /** Without a commit, nothing of the batch is stored. */
        @Override
        public void close() throws SQLException {
            try {
                connection.rollback();
                connection.setAutoCommit(true);
                insert.close();
            } finally {
                connection.close();
            }
        }
    }

    /** @param traceparent the submission's trace context, or null */
    Storing store(String batchId, String owner, Instant now, String traceparent) throws SQLException {
        return new Storing(batchId, owner, now, traceparent);
    }

    /** A batch as its submitter sees it: whose, which chain, when, and its jobs by state. */
    record Batch(String id, String owner, String chain, Instant submitted, Map<JobState, Long> byState) {

        long total() {
            return byState.values().stream().mapToLong(Long::longValue).sum();
        }

        boolean isFinished() {
            return byState.get(JobState.QUEUED) == 0 && byState.get(JobState.RUNNING) == 0;
        }
    }

    /** The batch, or null when it has no job (there is none, or every job of it was deleted). */
    Batch find(String id) throws SQLException {
        tables.createTables();
        Map<JobState, Long> byState = new EnumMap<>(JobState.class);
        for (JobState state : JobState.values()) {
            byState.put(state, 0L);
        }
        String owner = null;
        String chain = null;
        long submitted = 0;
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT state, COUNT(*), MIN(owner), MIN(chain), MIN(submitted) FROM " + TABLE + " WHERE batch_id = ?"
                + " GROUP BY state")) {
            s.setString(1, id);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    byState.put(JobState.of(rs.getString(1)), rs.getLong(2));
                    owner = rs.getString(3);
                    chain = rs.getString(4);
                    submitted = rs.getLong(5);
                }
            }
        }
        return owner == null ? null : new Batch(id, owner, chain, Instant.ofEpochMilli(submitted), byState);
    }

    /** A document of a batch as its results list it: without its answer, which is read one at a time. */
    record Entry(int index, String item, String job, JobState state, int status, String type, long answerSize) {
    }

    /** The batch's documents from {@code from} on, at most {@code max} of them, in the order they were sent. */
    List<Entry> entries(String id, int from, int max) throws SQLException {
        List<Entry> entries = new ArrayList<>();
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT batch_index, batch_item, id, state, answer_status, answer_type, answer_size FROM " + TABLE
                + " WHERE batch_id = ? AND batch_index >= ? ORDER BY batch_index FETCH FIRST " + max + " ROWS ONLY")) {
            s.setString(1, id);
            s.setInt(2, from);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    entries.add(new Entry(rs.getInt(1), rs.getString(2), rs.getString(3), JobState.of(rs.getString(4)),
                            rs.getInt(5), rs.getString(6), rs.getLong(7)));
                }
            }
        }
        return entries;
    }

    /** Cancels the batch's jobs that wait or run, one at a time as a user cancels a job; how many. */
    int cancel(String id, String detail, Instant now) throws SQLException {
        int cancelled = 0;
        for (String job : jobs(id, JobState.QUEUED, JobState.RUNNING)) {
            if (tables.cancel(job, detail, now)) {
                cancelled++;
            }
        }
        return cancelled;
    }

    /** Deletes the batch's finished jobs and their answers, one at a time; how many. */
    int delete(String id) throws SQLException {
        int deleted = 0;
        for (String job : jobs(id, JobState.DONE, JobState.FAILED, JobState.CANCELLED)) {
            if (tables.delete(job)) {
                deleted++;
            }
        }
        return deleted;
    }

    /** The ids of the batch's jobs in these states. */
    private List<String> jobs(String id, JobState... states) throws SQLException {
        List<String> ids = new ArrayList<>();
        String in = String.join(", ", java.util.Collections.nCopies(states.length, "?"));
        try (Connection c = database.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT id FROM " + TABLE + " WHERE batch_id = ? AND state IN (" + in + ")")) {
            s.setString(1, id);
            for (int i = 0; i < states.length; i++) {
                s.setString(i + 2, states[i].label());
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getString(1));
                }
            }
        }
        return ids;
    }
}
