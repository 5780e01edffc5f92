package dev.camelsuite.app.health;

import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import dev.camelsuite.correlation.ActiveMqConnections;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.jms.Connection;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

/**
 * Whether the broker of the enhancer answers: a connection, with the enhancer's credentials, is opened and started
 * within a few seconds. One probe runs at a time on one thread: while a connect hangs (a failover URL that keeps
 * reconnecting, a host that drops packets) the probes after it answer DOWN at once instead of piling up threads, and a
 * probe out of time closes its connection. The answer names no URL and no broker message, since {@code /q/health} is
 * open to anyone; the log has the details.
 */
@Readiness
@ApplicationScoped
public class BrokerReadiness implements HealthCheck {

    static final long ANSWER_WITHIN_MILLIS = 3000;
    private static final Logger LOG = Logger.getLogger(BrokerReadiness.class);

    @ConfigProperty(name = "camel.component.enhancer.broker-url")
    String brokerUrl;

    @ConfigProperty(name = "camel.component.enhancer.user-name")
    Optional<String> userName;

    @ConfigProperty(name = "camel.component.enhancer.password")
    Optional<String> password;

    private final ExecutorService probes = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "broker-readiness");
        thread.setDaemon(true);
        return thread;
    });
    private Future<?> running;

    @Override
    public synchronized HealthCheckResponse call() {
        if (running != null && !running.isDone()) {
            return down("the previous check has not had an answer yet");
        }
        AtomicReference<Connection> opened = new AtomicReference<>();
        running = probes.submit(() -> {
            try (Connection connection = ActiveMqConnections.open(brokerUrl, userName.orElse(null),
                    password.orElse(null), amq -> amq.setConnectResponseTimeout((int) ANSWER_WITHIN_MILLIS))) {
                opened.set(connection);
                connection.start();
            }
            return null;
        });
        try {
            running.get(ANSWER_WITHIN_MILLIS, TimeUnit.MILLISECONDS);
            return HealthCheckResponse.named("broker").up().build();
        } catch (TimeoutException e) {
            ActiveMqConnections.close(opened.get()); // the probe thread ends with its own failure
            return down("no answer within " + ANSWER_WITHIN_MILLIS + " ms");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return down("the check was interrupted");
        } catch (Exception e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            LOG.warnf("The broker readiness check failed: %s", cause.toString());
            return down("the broker refused or dropped the connection (the log has why)");
        }
    }

    @PreDestroy
    void stop() {
        probes.shutdownNow();
    }

    private static HealthCheckResponse down(String error) {
        return HealthCheckResponse.named("broker").down().withData("error", error).build();
    }
}
