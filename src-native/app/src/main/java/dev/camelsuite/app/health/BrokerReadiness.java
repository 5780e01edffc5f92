package dev.camelsuite.app.health;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.Connection;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Whether the broker of the enhancer answers: a connection is opened and started within a few seconds. A failover
 * URL that keeps reconnecting counts as unreachable once the time is up.
 */
@Readiness
@ApplicationScoped
public class BrokerReadiness implements HealthCheck {

    static final long ANSWER_WITHIN_MILLIS = 3000;

    @ConfigProperty(name = "camel.component.enhancer.broker-url")
    String brokerUrl;

    @Override
    public HealthCheckResponse call() {
        CompletableFuture<Void> connected = CompletableFuture.runAsync(() -> {
            try (Connection connection = new ActiveMQConnectionFactory(brokerUrl).createConnection()) {
                connection.start();
            } catch (Exception e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        });
        try {
            connected.get(ANSWER_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
            return HealthCheckResponse.named("broker").up().withData("url", brokerUrl).build();
        } catch (TimeoutException e) {
            connected.cancel(true);
            return HealthCheckResponse.named("broker").down().withData("url", brokerUrl)
                    .withData("error", "no answer within " + ANSWER_WITHIN_MILLIS + " ms").build();
        } catch (Exception e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            return HealthCheckResponse.named("broker").down().withData("url", brokerUrl)
                    .withData("error", String.valueOf(cause.getMessage())).build();
        }
    }
}
