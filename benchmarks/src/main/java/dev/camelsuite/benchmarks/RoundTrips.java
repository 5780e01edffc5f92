package dev.camelsuite.benchmarks;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

import javax.sql.DataSource;

/**
 * Counts the round trips to the database of whatever uses {@link #wrap}'s data source: each statement executed (a
 * batch is one), each commit and rollback, and each switch to auto-commit that commits an open transaction. Used by
 * {@link PostgresTimeSpent}; the wrapping costs a reflective call per JDBC call, so it is on only with it.
 */
final class RoundTrips {

    private static final Set<String> TRIPS = Set.of("execute", "executeQuery", "executeUpdate", "executeBatch",
            "executeLargeUpdate", "executeLargeBatch", "commit", "rollback");

    private final LongAdder count = new LongAdder();

    long count() {
        return count.sum();
    }

    void reset() {
        count.reset();
    }

    DataSource wrap(DataSource ds) {
        return proxy(DataSource.class, ds);
    }

    @SuppressWarnings("unchecked")
    private <T> T proxy(Class<T> type, T target) {
        InvocationHandler handler = (p, m, args) -> invoke(target, m, args);
        return (T) Proxy.newProxyInstance(RoundTrips.class.getClassLoader(), new Class<?>[] {type}, handler);
    }

    private Object invoke(Object target, Method m, Object[] args) throws Throwable {
        if (TRIPS.contains(m.getName())
            || m.getName().equals("setAutoCommit") && Boolean.TRUE.equals(args[0])
               && !((Connection) target).getAutoCommit()) {
            count.increment();
        }
        Object answer;
        try {
            answer = m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        // the connections and statements the data source hands out are counted too
        for (Class<?> type : new Class<?>[] {java.sql.CallableStatement.class, java.sql.PreparedStatement.class,
                Statement.class, Connection.class}) {
            if (type == m.getReturnType() && answer != null) {
                return proxyOf(type, answer);
            }
        }
        return answer;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Object proxyOf(Class type, Object answer) {
        return proxy(type, answer);
    }
}
