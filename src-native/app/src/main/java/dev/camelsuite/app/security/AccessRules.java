package dev.camelsuite.app.security;

/**
 * Which role a request needs, by its method and path. The one table of who may do what: reading is {@link Role#READER},
 * a change is {@link Role#WRITER}, and what destroys state is {@link Role#ADMIN}. Health is open, so that load
 * balancers and orchestrators can probe without credentials. (Re-creating a workflow is a POST like creating one; the
 * workflow API checks for {@link Role#ADMIN} when the workflow exists already.)
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
            case "DELETE" -> Role.ADMIN;
            default -> isSkipAll(path) ? Role.ADMIN : Role.WRITER;
        };
    }

    private static boolean isSkipAll(String path) {
        return path.startsWith("/objects/") && path.endsWith("/skip-all");
    }
}
