package dev.camelsuite.workflow;

import org.apache.camel.Exchange;
import org.apache.camel.spi.ExceptionHandler;

/**
 * A robot's exception handler: a poll that failed because the database is away is one line per outage
 * ({@link DatabaseOutage}) instead of a stack trace per poll; everything else — and every failure of an exchange —
 * goes to the handler Camel gave the consumer.
 */
final class PollOutageHandler implements ExceptionHandler {

    private final ExceptionHandler camels;
    private final DatabaseOutage outage;

    PollOutageHandler(ExceptionHandler camels, DatabaseOutage outage) {
        this.camels = camels;
        this.outage = outage;
    }

    @Override
    public void handleException(Throwable exception) {
        handleException(null, null, exception);
    }

    @Override
    public void handleException(String message, Throwable exception) {
        handleException(message, null, exception);
    }

    @Override
    public void handleException(String message, Exchange exchange, Throwable exception) {
        if (exchange != null || !(exception instanceof Exception e) || !outage.pollFailed(e)) {
            camels.handleException(message, exchange, exception);
        }
    }
}
