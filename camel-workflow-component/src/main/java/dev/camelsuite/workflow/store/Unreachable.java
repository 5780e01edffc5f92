package dev.camelsuite.workflow.store;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/** Whether a failure means the database cannot be reached now, as opposed to refusing what was asked of it. */
public final class Unreachable {

    private Unreachable() {
    }

    /**
     * True for a failure to connect or a lost connection: SQL state class 08 (connection exception), a transient
     * connection failure (a pool's wait for a connection ran out), or a socket that could not connect. Wrong
     * credentials (class 28) and everything the database answered are not.
     */
    public static boolean is(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof SQLTransientConnectionException || t instanceof ConnectException
                || t instanceof NoRouteToHostException || t instanceof UnknownHostException
                || t instanceof SocketException) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08")) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }
}
