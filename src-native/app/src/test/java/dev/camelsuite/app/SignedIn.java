package dev.camelsuite.app;

import io.quarkus.test.junit.callback.QuarkusTestBeforeEachCallback;
import io.quarkus.test.junit.callback.QuarkusTestMethodContext;
import io.restassured.RestAssured;
import io.restassured.authentication.AuthenticationScheme;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Every test of the HTTP APIs signs in as the administrator unless it says otherwise ({@code given().auth().none()},
 * or another user's {@link #as}): sign-in is on in the tests as in the shipped application. Registered for every
 * test: a {@code @QuarkusTest} runs in Quarkus' class loader, with a RestAssured of its own, through Quarkus' callback;
 * a {@code @QuarkusIntegrationTest} through JUnit's extension auto-detection. The users are those of the test profile in
 * {@code application.properties}; the packaged application under test gets them as system properties.
 */
public class SignedIn implements BeforeAllCallback, QuarkusTestBeforeEachCallback {

    public static final String ADMIN = "admin";
    public static final String ADMIN_PASSWORD = "admin-secret-1";
    public static final String WRITER = "writer";
    public static final String WRITER_PASSWORD = "writer-secret-1";
    public static final String READER = "reader";
    public static final String READER_PASSWORD = "reader-secret-1";

    @Override
    public void beforeAll(ExtensionContext context) {
        RestAssured.authentication = as(ADMIN, ADMIN_PASSWORD);
    }

    @Override
    public void beforeEach(QuarkusTestMethodContext context) {
        RestAssured.authentication = as(ADMIN, ADMIN_PASSWORD);
    }

    public static AuthenticationScheme as(String user, String password) {
        return RestAssured.preemptive().basic(user, password);
    }
}
