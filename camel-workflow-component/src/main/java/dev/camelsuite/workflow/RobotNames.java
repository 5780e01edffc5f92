package dev.camelsuite.workflow;

import java.io.IOException;
import java.net.InetAddress;

/**
 * A robot's default name, {@code host:pid}: the name it writes in the note of the steps it claims, and the one the
 * robots of a restarted process recognise as theirs when they give back the steps of a process of this host that is
 * gone ({@link RobotHousekeeping}).
 */
final class RobotNames {

    private RobotNames() {
    }

    /** This host's name, or null when it cannot be told. */
    static String thisHost() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return null;
        }
    }

    /** {@code host:pid} of this process ({@code robot:pid} when the host has no name). */
    static String defaultName() {
        String host = thisHost();
        return (host == null ? "robot" : host) + ":" + ProcessHandle.current().pid();
    }
}
