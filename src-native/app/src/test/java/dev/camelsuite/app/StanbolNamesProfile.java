package dev.camelsuite.app;

import java.util.Map;

import io.quarkus.test.junit.QuarkusTestProfile;

/** The application as a deployer moving from Stanbol runs it: {@code camelsuite.enhancer.stanbol-names=true}. */
public class StanbolNamesProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("camelsuite.enhancer.stanbol-names", "true");
    }
}
