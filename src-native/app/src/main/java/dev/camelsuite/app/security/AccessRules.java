package dev.camelsuite.app.security;

/**
 * The least role a request needs before anything reads it, by its HTTP method alone: a read needs {@link Role#READER},
 * any other method {@link Role#WRITER}. Health is open, so that load balancers and orchestrators can probe without
 * credentials. What each operation needs beyond that is said on the resource method that serves it ({@link Needs},
 * checked by {@link OperationRoles}), never decided from the path's text.
 */
public final class AccessRules {

    private AccessRules() {
    }

    /** The role the request needs, or null when anyone may send it. */
    public static Role required(String method, String path) {
        if (path.equals("/q/health") || path.startsWith("/q/health/")) {
            return null;
        }
        return switch (method) {
            case "GET", "HEAD", "OPTIONS" -> Role.READER;
            default -> Role.WRITER;
        };
    }
}
