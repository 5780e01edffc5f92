package dev.camelsuite.app.enhancer;

import java.util.List;

import dev.camelsuite.app.http.PublicUrl;
import dev.camelsuite.app.problem.Problem;
import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;

/**
 * Stanbol's {@code /enhancer/sparql}: SPARQL queries over the enhancer's configuration — the graph
 * {@code GET /enhancer} answers, its chains and engines ({@link ConfigurationSparql}). The query comes as parameter
 * {@code query} of a {@code GET}, or of a form {@code POST}.
 */
@Path("/enhancer/sparql")
public class EnhancerSparqlResource {

    @Inject
    EnhancementRequests requests;

    @Inject
    PublicUrl publicUrl;

    @Inject
    SparqlSettings settings;

    @Context
    HttpHeaders headers;

    @Context
    HttpServerRequest request;

    @Needs(Role.READER)
    @GET
    public Response query(@QueryParam("query") String query) {
        return answer(query);
    }

    /** Every POST of this application needs a writer (the HTTP layer's floor); readers query with GET. */
    @Needs(Role.WRITER)
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response postedQuery(@FormParam("query") String query) {
        return answer(query);
    }

    private Response answer(String query) {
        long deadline = System.nanoTime() + settings.timeout().toNanos();
        List<String> accept = headers.getRequestHeader(HttpHeaders.ACCEPT);
        ConfigurationSparql.Answer answer;
        try {
            answer = settings.inTurn(deadline, () -> ConfigurationSparql.run(EnhancerDescription.describe(
                    publicUrl.of(request) + "/enhancer", requests.chainNames(), EnhancementRequests.DEFAULT_CHAIN,
                    requests.engineNames()), query, accept, settings, deadline));
        } catch (SparqlBudget.Exceeded e) {
            Response.ResponseBuilder problem = Problem.builder(e.status, e.getMessage());
            if (e.status == 503) {
                problem.header(HttpHeaders.RETRY_AFTER, Math.max(1, settings.timeout().toSeconds()));
            }
            return problem.build();
        }
        return Response.ok((StreamingOutput) answer.body()::writeTo, answer.mediaType()).build();
    }
}
