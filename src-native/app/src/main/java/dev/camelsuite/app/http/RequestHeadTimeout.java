package dev.camelsuite.app.http;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import io.quarkus.vertx.http.HttpServerStart;
import io.quarkus.vertx.http.HttpsServerStart;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Closes a connection whose request head (the request line and headers) has not fully arrived within
 * {@code camelsuite.http.header-timeout} (10 s) of the connection's opening, or of the first byte of its next request.
 * Without it a client sending one header line every few seconds holds a connection for as long as it likes (each byte
 * resets the idle timeout), and a few hundred such clients hold them all. Neither Vert.x nor Quarkus has such a
 * timeout, so this one sits in each connection's Netty pipeline, before the HTTP decoder: a timer from the
 * connection's first byte, stopped when the request reaches the router, armed again by the first byte after the answer.
 * <p>
 * The timer is put into every connection the listening socket accepts; the listening socket is found from the first
 * request that arrives, so the application sends one request to itself when its HTTP server has started. HTTP/2
 * connections are left to Netty's own HTTP/2 limits, those upgraded from HTTP/1.1 (h2c) too: their timer leaves them
 * with their first HTTP/2 request.
 */
@ApplicationScoped
public class RequestHeadTimeout {

    private static final Logger LOG = Logger.getLogger(RequestHeadTimeout.class);
    private static final String TIMER = "camelsuite-request-head-timeout";

    @ConfigProperty(name = "camelsuite.http.header-timeout", defaultValue = "10s")
    Duration timeout;

    @Inject
    Vertx vertx;

    private final Set<Channel> listening = ConcurrentHashMap.newKeySet();
    private final Installer installer = new Installer();

    void route(@Observes Router router) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("camelsuite.http.header-timeout must be more than 0, not " + timeout);
        }
        router.route().order(Integer.MIN_VALUE).handler(this::headArrived);
    }

    void started(@Observes HttpServerStart start) {
        callSelf(start.options(), false);
    }

    void started(@Observes HttpsServerStart start) {
        callSelf(start.options(), true);
    }

    /** One request to this server, so that its listening socket is known before a client's first connection. */
    private void callSelf(HttpServerOptions server, boolean tls) {
        String host = server.getHost() == null || server.getHost().equals("0.0.0.0") ? "127.0.0.1"
                : server.getHost().equals("::") ? "::1" : server.getHost();
        HttpClientOptions options = new HttpClientOptions().setSsl(tls).setTrustAll(true).setVerifyHost(false)
                .setConnectTimeout(5000);
        var client = vertx.createHttpClient(options);
        client.request(HttpMethod.GET, server.getPort(), host, "/q/health/live")
                .compose(request -> request.send().compose(answer -> answer.body()))
                .onComplete(done -> {
                    if (done.failed()) {
                        LOG.debugf("The request head timeout starts with the first request: %s", done.cause());
                    }
                    client.close();
                });
    }

    private void headArrived(RoutingContext request) {
        if (request.request().version() == HttpVersion.HTTP_2
            && request.request().connection() instanceof ConnectionBase connection
            && connection.channel().pipeline().get(TIMER) instanceof Timer timer) {
            // a connection upgraded to HTTP/2 (h2c): from here HTTP/2's own limits hold; its frames never reach this
            // handler as heads, so a timer left in place would close the busy connection when it runs out
            timer.leave(connection.channel());
        } else if (request.request().version() != HttpVersion.HTTP_2
            && request.request().connection() instanceof ConnectionBase connection) {
            Channel channel = connection.channel();
            Channel server = channel.parent();
            if (server != null && listening.add(server)) {
                server.pipeline().addFirst(TIMER, installer);
                server.closeFuture().addListener(closed -> listening.remove(server));
            }
            if (channel.pipeline().get(TIMER) instanceof Timer timer) {
                timer.headArrived();
                request.addEndHandler(end -> timer.answered());
            }
        }
        request.next();
    }

    /** In the listening socket's pipeline: gives each connection it accepts a timer of its own. */
    @ChannelHandler.Sharable
    private final class Installer extends ChannelInboundHandlerAdapter {

        @Override
        public void channelRead(ChannelHandlerContext context, Object accepted) {
            if (accepted instanceof Channel connection) {
                connection.pipeline().addFirst(TIMER, new Timer(timeout.toNanos()));
            }
            context.fireChannelRead(accepted);
        }
    }

    /** One connection's timer: from its first byte, or the first byte after an answer, to the end of a head. */
    private static final class Timer extends ChannelInboundHandlerAdapter {

        private final long nanos;
        private ChannelHandlerContext context;
        private ScheduledFuture<?> running;
        private boolean betweenRequests = true;

        Timer(long nanos) {
            this.nanos = nanos;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext context) {
            this.context = context;
        }

        @Override
        public void channelActive(ChannelHandlerContext context) throws Exception {
            // a connection that never sends a byte is timed too
            start();
            super.channelActive(context);
        }

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) throws Exception {
            if (betweenRequests) {
                start();
            }
            super.channelRead(context, message);
        }

        @Override
        public void channelInactive(ChannelHandlerContext context) throws Exception {
            stop();
            super.channelInactive(context);
        }

        private void start() {
            betweenRequests = false;
            if (running == null) {
                running = context.executor().schedule(() -> {
                    running = null;
                    context.close();
                }, nanos, TimeUnit.NANOSECONDS);
            }
        }

        private void stop() {
            if (running != null) {
                running.cancel(false);
                running = null;
            }
        }

        void headArrived() {
            onLoop(this::stop);
        }

        void answered() {
            onLoop(() -> betweenRequests = true);
        }

        /** Stops timing and leaves the connection's pipeline. */
        void leave(Channel channel) {
            onLoop(() -> {
                stop();
                if (channel.pipeline().get(TIMER) == this) {
                    channel.pipeline().remove(this);
                }
            });
        }

        private void onLoop(Runnable task) {
            if (context.executor().inEventLoop()) {
                task.run();
            } else {
                context.executor().execute(task);
            }
        }
    }
}
