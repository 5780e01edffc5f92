package dev.camelsuite.app;

import java.util.List;

import io.quarkus.test.junit.QuarkusTestProfile;

/** The application as an operator switches it to PostgreSQL: the profile postgresql and the server's address. */
public class PostgresqlProfile implements QuarkusTestProfile {

    @Override
    public String getConfigProfile() {
        return "prod,postgresql";
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(EmbeddedPostgresResource.class));
    }
}
