package dev.camelsuite.app.security;

import java.security.SecureRandom;
import java.util.Map;
import java.util.Set;

import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * The administrator's password when none is configured: {@code camelsuite.admin-password}, generated once per start
 * and shown by {@link SignInBanner}, as Spring Boot does for its default user. Any configured value wins (this source
 * has the lowest ordinal), e.g. the environment variable {@code CAMELSUITE_ADMIN_PASSWORD}. Nothing is stored: a
 * generated password lasts until the next start, so one that must last is configured.
 */
public class GeneratedAdminPassword implements ConfigSource {

    public static final String PROPERTY = "camelsuite.admin-password";
    public static final String NAME = "generated admin password";
    private static final char[] CHARACTERS = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789".toCharArray();
    private static final int LENGTH = 24;

    private volatile String password;

    @Override
    public Map<String, String> getProperties() {
        return Map.of(PROPERTY, password());
    }

    @Override
    public Set<String> getPropertyNames() {
        return Set.of(PROPERTY);
    }

    @Override
    public String getValue(String propertyName) {
        return PROPERTY.equals(propertyName) ? password() : null;
    }

    @Override
    public String getName() {
        return NAME;
    }

    @Override
    public int getOrdinal() {
        // below application.properties (250), the environment (300) and system properties (400)
        return 10;
    }

    private String password() {
        String generated = password;
        if (generated == null) {
            synchronized (this) {
                if (password == null) {
                    SecureRandom random = new SecureRandom();
                    char[] chars = new char[LENGTH];
                    for (int i = 0; i < LENGTH; i++) {
                        chars[i] = CHARACTERS[random.nextInt(CHARACTERS.length)];
                    }
                    password = new String(chars);
                }
                generated = password;
            }
        }
        return generated;
    }
}
