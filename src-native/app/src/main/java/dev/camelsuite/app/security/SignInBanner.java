package dev.camelsuite.app.security;

import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;
import org.jboss.logging.Logger;

/**
 * Tells at start how to sign in: the generated administrator password when none was configured, or that sign-in is
 * off. Never logs a configured password.
 */
@ApplicationScoped
public class SignInBanner {

    private static final Logger LOG = Logger.getLogger(SignInBanner.class);

    void onStart(@Observes StartupEvent start, Config config, SignIn signIn) {
        if (!signIn.isEnabled()) {
            LOG.warn("Sign-in is off (camelsuite.sign-in.enabled=false): anyone who reaches this server may read,"
                     + " change and delete everything");
            return;
        }
        ConfigValue password = config.getConfigValue(GeneratedAdminPassword.PROPERTY);
        if (GeneratedAdminPassword.NAME.equals(password.getSourceName())) {
            LOG.infof("Sign-in: user admin, generated password %s (valid until the next start; set"
                      + " CAMELSUITE_ADMIN_PASSWORD to choose one)", password.getValue());
        }
    }
}
