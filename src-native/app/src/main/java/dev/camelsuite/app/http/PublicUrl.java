package dev.camelsuite.app.http;

import java.net.URI;
import java.util.Optional;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriBuilder;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The address this application is reached at, for the URLs it writes into its answers (a created workflow's
 * {@code Location}, the IRIs of chains and engines): the
 * configured {@code camelsuite.http.public-url} (e.g. {@code https://workflows.example.org}, behind a proxy), else the
 * address and port the request came in on. Never the request's {@code Host} header, which the client writes: an
 * attacker's {@code Host: evil.example} would otherwise become a link in an answer. (Forwarded headers change the
 * request's addresses only when Quarkus is told to take them from trusted proxies: {@code quarkus.http.proxy.*}.)
 */
@ApplicationScoped
public class PublicUrl {

    @ConfigProperty(name = "camelsuite.http.public-url")
    Optional<URI> configured;

    /** The base URL for a request, without a trailing slash. */
    public URI of(HttpServerRequest request) {
        if (configured.isPresent()) {
            String base = configured.get().toString();
            return URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
        }
        SocketAddress local = request.localAddress();
        String host = local.hostAddress() == null ? "localhost" : local.hostAddress();
        return UriBuilder.newInstance().scheme(request.isSSL() ? "https" : "http")
                .host(host.indexOf(':') >= 0 ? "[" + host + "]" : host).port(local.port()).build();
    }
}
