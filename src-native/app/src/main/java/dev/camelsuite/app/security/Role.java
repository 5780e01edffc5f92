package dev.camelsuite.app.security;

import java.util.Locale;

/**
 * What a signed-in user may do. Each role includes the ones before it: a writer reads, an administrator writes and
 * reads. A user's roles are listed in the roles file by their lower-case names.
 */
public enum Role {

    /** GETs of both APIs, the dashboard and the metrics. */
    READER,
    /** Enhancing, creating a workflow and updating its steps. */
    WRITER,
    /** Deleting workflows, skipping every step and re-creating a workflow (which resets its steps). */
    ADMIN;

    /** The name used in the roles file and in {@code SecurityIdentity.hasRole}. */
    public String roleName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a user holding {@code granted} may do what needs this role. */
    public boolean isIncludedIn(Role granted) {
        return granted.ordinal() >= ordinal();
    }

    /** The role of a name in the roles file, or null for a name this application does not know. */
    public static Role ofName(String name) {
        for (Role role : values()) {
            if (role.roleName().equals(name)) {
                return role;
            }
        }
        return null;
    }
}
