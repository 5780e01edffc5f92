package dev.camelsuite.enhancer.remote.producer;

import dev.camelsuite.correlation.CorrelatedRequest;
import dev.camelsuite.enhancer.remote.wire.RequestContent;
import io.opentelemetry.api.trace.Span;
import org.apache.camel.AsyncCallback;
import org.apache.camel.Exchange;

/**
 * One exchange on its way to the workers: the item written once (retries send the same bytes), the content it carried
 * (the reply leaves it out) and its target instance.
 */
final class RemoteRequest extends CorrelatedRequest<Object> {

    final byte[] payload;
    final RequestContent content;
    /** The one worker instance that may take it, or null. */
    final String target;
    /** The send's span while tracing is on (its context travels with every attempt), else null. */
    Span span;

    RemoteRequest(Exchange exchange, AsyncCallback callback, String referenceId, long timeout, byte[] payload,
                  RequestContent content, String target) {
        super(exchange, callback, referenceId, timeout);
        this.payload = payload;
        this.content = content;
        this.target = target;
    }
}
