package dev.camelsuite.correlation;

import org.apache.camel.Exchange;

/** What a reply puts on the exchange when the request completes: body, headers. */
@FunctionalInterface
public interface ExchangeResult {

    void applyTo(Exchange exchange) throws Exception;
}
