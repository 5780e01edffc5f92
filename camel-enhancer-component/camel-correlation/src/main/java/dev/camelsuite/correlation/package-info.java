/**
 * Correlation of asynchronous requests and their replies by key (the reference id), holding no thread while a request
 * is out — UIMA AS's client model, shared by the enhancer's remote producer and the UIMA AS driver ({@link Correlator}):
 * <ul>
 * <li><b>places</b>: at most as many requests in flight as there are places (the CAS pool); the others wait in a
 * line of at most {@code maxWaiting}, holding no thread, and are sent as places free up; a request that finds the
 * line full is refused at once;</li>
 * <li><b>timeouts</b>: a request's timeout counts from its arrival: one that waits for a place longer fails without
 * being sent, and its first attempt gets what is left; it is registered in a {@code DefaultTimeoutMap} before it is
 * sent;</li>
 * <li><b>retries</b>: a send the broker refused, or a request without a reply in time, is sent again, up to
 * {@code maxRetries} times;</li>
 * <li><b>exactly-once completion</b>: whoever removes a request from the timeout map — a reply ({@link Correlator#take}), the
 * timeout, a failed send, a lost connection, stopping — owns it and is the one to {@link Correlator#complete} it. The request's
 * own flag makes any second completion a logged no-op, so an exchange never completes twice, and nothing stays
 * registered after it ended.</li>
 * </ul>
 */
package dev.camelsuite.correlation;
