package dev.camelsuite.app.security;

import io.quarkus.security.identity.SecurityIdentity;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Whether sign-in is required ({@code camelsuite.sign-in.enabled}, on by default), and whether a signed-in user holds
 * a role. With sign-in off, as on a trusted network, everyone may do everything.
 */
@ApplicationScoped
public class SignIn {

    @ConfigProperty(name = "camelsuite.sign-in.enabled", defaultValue = "true")
    boolean enabled;

    public boolean isEnabled() {
        return enabled;
    }

    /** Whether the caller may do what needs {@code role}. */
    public boolean allows(SecurityIdentity identity, Role role) {
        if (!enabled) {
            return true;
        }
        if (identity == null || identity.isAnonymous()) {
            return false;
        }
        for (String name : identity.getRoles()) {
            Role granted = Role.ofName(name);
            if (granted != null && role.isIncludedIn(granted)) {
                return true;
            }
        }
        return false;
    }
}
