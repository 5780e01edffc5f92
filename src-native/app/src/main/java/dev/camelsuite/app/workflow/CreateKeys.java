package dev.camelsuite.app.workflow;

import io.quarkus.security.identity.SecurityIdentity;

/**
 * The idempotency key of a create as the store records it: the client's {@code Idempotency-Key}, scoped to the user
 * who sent it, so that two users' keys never meet. A key of 1 to 200 characters.
 */
final class CreateKeys {

    static final int MAX_KEY = 200;

    private CreateKeys() {
    }

    /** The store's key, or null when the request has none. */
    static String of(SecurityIdentity user, String key) {
        if (key == null) {
            return null;
        }
        if (key.isBlank() || key.length() > MAX_KEY) {
            throw new InvalidRequestException("Idempotency-Key must have 1 to " + MAX_KEY + " characters");
        }
        return user.getPrincipal().getName() + "\n" + key;
    }
}
