package dev.camelsuite.app.enhancer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.camelsuite.app.problem.Problem;
import dev.camelsuite.enhancer.EnhancementException;
import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.EnhancerConstants;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EnhancementProperties;
import dev.camelsuite.enhancer.engines.tika.TikaEngine;
import dev.camelsuite.enhancer.rdf.RdfReadBudget;
import dev.camelsuite.enhancer.spi.Cancellation;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangeTimedOutException;
import org.apache.camel.ProducerTemplate;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs one enhance request of the enhancer API — {@code POST /enhancer}, {@code /enhancer/chain/{name}},
 * {@code /enhancer/engine/{name}}, {@code /engines} — and answers it as Stanbol does. Each request goes through an
 * {@code enhancer:} endpoint, so chains run as in any route (locally, or on workers when the chain's endpoint is
 * configured with a queue). Each enhancement takes a turn of the {@link EnhancementBulkhead} and has at most
 * {@code camelsuite.enhancer.timeout} from its arrival to finish, its answer written included.
 */
@ApplicationScoped
public class EnhancementRequests {

    /** The chain {@code POST /enhancer} uses. */
    static final String DEFAULT_CHAIN = "default";
    /** One-engine chains of {@code POST /enhancer/engine/{name}} are added under this prefix. */
    static final String ENGINE_CHAIN_PREFIX = "engine-";
    /** The creator of the language annotation a Content-Language header makes. */
    static final String CONTENT_LANGUAGE_CREATOR = "Content-Language";

    @Inject
    CamelContext camelContext;

    @Inject
    ProducerTemplate producer;

    @Inject
    EnhancementBulkhead bulkhead;

    @Inject
    StanbolNames stanbolNames;

    @ConfigProperty(name = "camelsuite.enhancer.timeout", defaultValue = "60s")
    Duration timeout;

    @ConfigProperty(name = "camelsuite.enhancer.max-answer-size", defaultValue = "256M")
    MemorySize maxAnswerSize;

    @ConfigProperty(name = "camelsuite.enhancer.max-rdf-characters", defaultValue = "2000000")
    long maxRdfCharacters;

    @ConfigProperty(name = "camelsuite.enhancer.max-rdf-nesting", defaultValue = "64")
    int maxRdfNesting;

    @Inject
    CurrentVertxRequest currentRequest;

    /** Settings that cannot bound anything fail the start, naming the setting, not the first request. */
    @PostConstruct
    void checkSettings() {
        if (maxRdfCharacters < 1 || maxRdfNesting < 1) {
            throw new IllegalArgumentException("camelsuite.enhancer.max-rdf-characters and"
                                               + " camelsuite.enhancer.max-rdf-nesting must be more than 0, not "
                                               + maxRdfCharacters + " and " + maxRdfNesting);
        }
    }

    /** A request to enhance with a chain the users made (the default one for a null name); an unknown one is a 404. */
    EnhanceRequest withChain(String name, byte[] content, UriInfo uriInfo, HttpHeaders headers) {
        return EnhanceRequest.of(knownChain(name == null ? DEFAULT_CHAIN : name).getName(), content, uriInfo, headers);
    }

    /** A request to enhance with one engine alone, as Stanbol's single-engine chain; an unknown engine is a 404. */
    EnhanceRequest withEngine(String name, byte[] content, UriInfo uriInfo, HttpHeaders headers) {
        return EnhanceRequest.of(engineChain(name).getName(), content, uriInfo, headers);
    }

    /**
     * Refuses a request that could never be answered but with an error, as its synchronous answer would (400, 406):
     * a job is only made of a request that can run.
     */
    public void check(EnhanceRequest r) {
        EnhancementAnswer.check(EnhanceParameters.of(r.query()), r.accept());
        if (r.content().length == 0) {
            throw new BadRequestException("The request has no content to enhance");
        }
    }

    /** Runs the request of an HTTP exchange and answers it; its client going away cancels the chain. */
    Response enhance(EnhanceRequest r) {
        try {
            return enhance(r, ClientGone.of(currentRequest.getCurrent()));
        } catch (EnhancementBulkhead.Full e) {
            return Problem.builder(503, "Every enhancement turn is taken; ask again later")
                    .header(HttpHeaders.RETRY_AFTER, bulkhead.retryAfterSeconds()).build();
        }
    }

    /** The chain of one engine alone, made the first time it is asked for. */
    Chain engineChain(String name) {
        EnhancerComponent enhancer = enhancer();
        if (enhancer.lookupEngine(name) == null) {
            throw new NotFoundException("No engine named '" + name + "'");
        }
        String chain = ENGINE_CHAIN_PREFIX + name;
        if (!enhancer.getChainNames().contains(chain)) {
            enhancer.addChain(Chain.list(chain, name));
        }
        return enhancer.resolveChain(chain);
    }

    /** A chain's execution plan, each engine at its own order (the default order for one not found). */
    ExecutionPlan plan(Chain chain) {
        EnhancerComponent enhancer = enhancer();
        return chain.createPlan(engine -> {
            EnhancementEngine e = enhancer.lookupEngine(engine);
            return e == null ? EngineOrder.DEFAULT : e.getOrder();
        });
    }

    /** The class an engine is shown with on the enhancer's pages (see {@link StanbolNames#shownClass}). */
    String shownClass(String engine) {
        EnhancementEngine e = enhancer().lookupEngine(engine);
        return e == null ? "not available" : stanbolNames.shownClass(engine, e);
    }

    /** The name of a chain the users made, the default one for null; an unknown one is a 404. */
    public String chainName(String name) {
        return knownChain(name == null ? DEFAULT_CHAIN : name).getName();
    }

    /** A chain the users made; the one-engine chains are not theirs. */
    Chain knownChain(String name) {
        EnhancerComponent enhancer = enhancer();
        if (!enhancer.getChainNames().contains(name) || name.startsWith(ENGINE_CHAIN_PREFIX)) {
            throw new NotFoundException("No chain named '" + name + "'");
        }
        return enhancer.resolveChain(name);
    }

    /** The chains users made; the one-engine chains of {@code /enhancer/engine/{name}} are an implementation detail. */
    List<String> chainNames() {
        return enhancer().getChainNames().stream().filter(n -> !n.startsWith(ENGINE_CHAIN_PREFIX)).toList();
    }

    List<String> engineNames() {
        return List.copyOf(enhancer().getEngineNames());
    }

    EnhancerComponent enhancer() {
        return camelContext.getComponent("enhancer", EnhancerComponent.class);
    }

    /**
     * Runs a request in a turn of the {@link EnhancementBulkhead} and answers what Stanbol answers, within
     * {@code camelsuite.enhancer.timeout} from now; {@code cancellation} stops the chain.
     *
     * @throws EnhancementBulkhead.Full when no turn is free in time
     */
    public Response enhance(EnhanceRequest r, Cancellation cancellation) {
        return enhance(r, cancellation, item -> { });
    }

    /**
     * As {@link #enhance(EnhanceRequest, Cancellation)}, and tells {@code running} of the item once it is made, so
     * that its execution can be looked at while the chain runs (an enhancement job's progress).
     */
    public Response enhance(EnhanceRequest r, Cancellation cancellation, Consumer<ContentItem> running) {
        long deadline = System.nanoTime() + timeout.toNanos();
        EnhanceParameters request = EnhanceParameters.of(r.query());
        List<String> accept = r.accept();
        check(r);
        Outcome outcome;
        try {
            // the body is read in the turn and within the deadline too: a multipart request's RDF parts take memory
            outcome = bulkhead.run(() -> {
                Received received = received(r.content(), r.contentType(), r.contentLanguage(), request, deadline);
                running.accept(received.item());
                return inTurn(r.chain(), received, deadline, cancellation);
            });
        } catch (AnswerBuffer.OutOfTime e) {
            return outOfTime();
        }
        Exchange done = outcome.done();
        if (done == null) {
            return outOfTime();
        }
        if (done.getException() != null) {
            return failure(done.getException());
        }
        ContentItem enhanced = done.getMessage().getBody(ContentItem.class);
        Response answer = answer(new EnhancementAnswer(enhanced, request, accept, outcome.uploaded(),
                stanbolNames.creators()), deadline, cancellation);
        return answer.getStatus() == 200 ? NoTextWarning.add(answer, enhanced) : answer;
    }

    /** The chain run in a turn with the time left; no exchange when none was left. */
    private Outcome inTurn(String chain, Received received, long deadline, Cancellation cancellation) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
            return new Outcome(received.uploaded(), null);
        }
        return new Outcome(received.uploaded(), producer.request("enhancer:" + chain, ex -> {
            ex.getIn().setBody(received.item());
            ex.getIn().setHeader(EnhancerConstants.TIMEOUT, left);
            ex.setProperty(EnhancerConstants.CANCELLATION, cancellation);
        }));
    }

    /** The answer, written in full within the deadline and the answer's size before its first byte is sent. */
    private Response answer(EnhancementAnswer answer, long deadline, Cancellation cancellation) {
        AnswerBuffer written = new AnswerBuffer(maxAnswerSize.asLongValue(), deadline, cancellation);
        String answerType;
        try {
            answerType = answer.writeTo(written);
        } catch (AnswerBuffer.TooLarge e) {
            return Problem.of(413, "The enhancements of this content take more than " + e.limit + " bytes in the"
                                   + " format asked for, the most this server answers"
                                   + " (camelsuite.enhancer.max-answer-size): send a shorter text");
        } catch (AnswerBuffer.OutOfTime e) {
            return outOfTime();
        } catch (CancellationException e) {
            // the client went away: nobody reads this
            return Problem.of(503, e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("An answer written into memory failed", e);
        }
        if (written.isHeld()) {
            return Response.ok((StreamingOutput) written::writeTo, answerType).build();
        }
        // a long answer whose size is allowed: written again, this time straight to the client
        return Response.ok((StreamingOutput) answer::writeTo, answerType).build();
    }

    /** What a request sent: the item to enhance, and what its multipart parts held besides. */
    private record Received(ContentItem item, EnhancementAnswer.Uploaded uploaded) {
    }

    /** What a request sent, and the chain's exchange: null when no time was left to run it. */
    private record Outcome(EnhancementAnswer.Uploaded uploaded, Exchange done) {
    }

    /**
     * The item a request sent: its body as one content, or a multipart content item whose RDF parts are read within
     * {@code camelsuite.enhancer.max-rdf-characters} and {@code max-rdf-nesting} and the request's deadline.
     */
    private Received received(byte[] content, String mediaType, String language, EnhanceParameters request,
                              long deadline) {
        ContentItem item;
        EnhancementAnswer.Uploaded uploaded = EnhancementAnswer.Uploaded.NONE;
        if (MultipartBody.isMultipart(mediaType)) {
            RdfReadBudget budget = new RdfReadBudget(maxRdfCharacters, maxRdfNesting, () -> {
                if (System.nanoTime() - deadline > 0) {
                    throw new AnswerBuffer.OutOfTime();
                }
            });
            ContentItemUpload upload = ContentItemUpload.read(content, mediaType, request.uri(), budget);
            item = upload.item();
            uploaded = new EnhancementAnswer.Uploaded(upload.metadata(), upload.graphs(), upload.parsed());
            item.setProperties(properties(upload.properties(), request));
        } else {
            try {
                item = ContentItem.ofBytes(request.uri(), content, statedOrDetected(mediaType, content));
            } catch (IllegalArgumentException e) {
                throw new BadRequestException(e.getMessage());
            }
            item.setProperties(request.properties());
        }
        if (language != null && !language.isBlank() && item.getText() != null) {
            // as Stanbol: the caller's language is stated with full confidence, and language engines keep it
            item.setLanguage(language.trim());
            item.addLanguage(language.trim(), 1.0, CONTENT_LANGUAGE_CREATOR);
        }
        return new Received(item, uploaded);
    }

    /**
     * The body's type as the request states it; for a body sent without one, or as
     * {@code application/octet-stream} (as Stanbol's own clients send documents), the type its bytes show — a PDF is
     * read as a PDF, text as {@code text/plain} — as Stanbol's tika engine recognises it.
     */
    private static String statedOrDetected(String mediaType, byte[] content) {
        if (mediaType == null || mediaType.isBlank()
            || mediaType.split(";", 2)[0].trim().equalsIgnoreCase("application/octet-stream")) {
            // an empty body is empty text, as it was when no type was stated
            return content.length == 0 ? ContentItem.TEXT_PLAIN : TikaEngine.detectType(content);
        }
        return mediaType;
    }

    /**
     * The properties of a multipart request: those of its properties part, and those of the query where the part has
     * none of that name (as Stanbol merges them).
     */
    private static EnhancementProperties properties(Map<String, Object> part, EnhanceParameters request) {
        Map<String, Object> merged = new LinkedHashMap<>(part);
        request.properties().asMap().forEach(merged::putIfAbsent);
        try {
            return EnhancementProperties.of(merged);
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
        }
    }

    private Response outOfTime() {
        return Problem.builder(503, "The chain did not finish within " + timeout.toMillis() + " ms")
                .header(HttpHeaders.RETRY_AFTER, bulkhead.retryAfterSeconds()).build();
    }

    /**
     * A failed chain: 500 with the chain's status message, as Stanbol answers it; a chain out of time: 503. Anything
     * else is the application's own failure, logged and answered without its details.
     */
    private Response failure(Exception e) {
        if (e instanceof EnhancementException) {
            return Problem.of(500, e.getMessage());
        }
        if (e instanceof ExchangeTimedOutException) {
            return outOfTime();
        }
        if (e instanceof CancellationException) {
            // the client went away: nobody reads this
            return Problem.of(503, e.getMessage());
        }
        throw new IllegalStateException("The enhancement failed", e);
    }
}
