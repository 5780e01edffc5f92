package dev.camelsuite.app.enhancer;

import java.util.List;

import dev.camelsuite.app.enhancer.jobs.EnhancementJobs;
import dev.camelsuite.app.http.PublicUrl;
import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.rdf4j.model.Model;

/**
 * The enhancer API of Apache Stanbol: content in, enhancements out as RDF ({@link EnhancementRequests}); and what the
 * enhancer has — its chains, its engines, their execution plans — described in Stanbol's enhancer vocabulary.
 */
@Path("/enhancer")
public class EnhancerResource {

    @Inject
    EnhancementRequests requests;

    @Context
    UriInfo uriInfo;

    @Context
    HttpHeaders headers;

    @Context
    HttpServerRequest request;

    @Inject
    PublicUrl publicUrl;

    @Inject
    EnhancementJobs jobs;

    /** The enhancer: its page for a browser, else its chains and engines in RDF. */
    @Needs(Role.READER)
    @GET
    public Response describe() {
        return DescriptionAnswers.enhancer(requests, base(), headers, uriInfo);
    }

    @Needs(Role.READER)
    @GET
    @Path("chain")
    public Response chains() {
        return rdf(EnhancerDescription.describe(base(), requests.chainNames(), EnhancementRequests.DEFAULT_CHAIN,
                List.of()));
    }

    /** One chain: its name, whether it is the default, and its execution plan. */
    @Needs(Role.READER)
    @GET
    @Path("chain/{name}")
    public Response chain(@PathParam("name") String name) {
        Chain chain = requests.knownChain(name);
        if (EnhancerPage.isAskedFor(headers.getRequestHeader(HttpHeaders.ACCEPT))) {
            return EnhancerPage.page("Enhancement chain " + chain.getName(),
                    EnhancerListing.chain(base(), plan(chain), requests::shownClass));
        }
        return rdf(EnhancerDescription.chain(base(), chain.getName(),
                chain.getName().equals(EnhancementRequests.DEFAULT_CHAIN), EnhancementRdf.toModel(plan(chain))));
    }

    @Needs(Role.READER)
    @GET
    @Path("engine")
    public Response engines() {
        return rdf(EnhancerDescription.describe(base(), List.of(), null, requests.engineNames()));
    }

    /** One engine: its name, and the enhancer that has it. */
    @Needs(Role.READER)
    @GET
    @Path("engine/{name}")
    public Response engine(@PathParam("name") String name) {
        EnhancementEngine engine = requests.enhancer().lookupEngine(name);
        if (engine == null) {
            throw new NotFoundException("No engine named '" + name + "'");
        }
        if (EnhancerPage.isAskedFor(headers.getRequestHeader(HttpHeaders.ACCEPT))) {
            return EnhancerPage.page("Enhancement engine " + name,
                    EnhancerListing.engine(base(), name, requests.shownClass(name), engine.getOrder()));
        }
        return rdf(EnhancerDescription.engine(base(), name));
    }

    /** The execution plan of the default chain. */
    @Needs(Role.READER)
    @GET
    @Path("ep")
    public Response defaultExecutionPlan() {
        return executionPlan(EnhancementRequests.DEFAULT_CHAIN);
    }

    @Needs(Role.READER)
    @GET
    @Path("chain/{name}/ep")
    public Response executionPlan(@PathParam("name") String name) {
        return rdf(EnhancementRdf.toModel(plan(requests.knownChain(name))));
    }

    /** The plan of the one-engine chain {@code POST /enhancer/engine/{name}} runs: Stanbol's {@code <name>Chain}. */
    @Needs(Role.READER)
    @GET
    @Path("engine/{name}/ep")
    public Response engineExecutionPlan(@PathParam("name") String name) {
        if (requests.enhancer().lookupEngine(name) == null) {
            throw new NotFoundException("No engine named '" + name + "'");
        }
        return rdf(EnhancementRdf.toModel(plan(Chain.list(name + "Chain", name))));
    }

    @Needs(Role.WRITER)
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response enhance(byte[] content) {
        return answer(requests.withChain(null, content, uriInfo, headers));
    }

    @Needs(Role.WRITER)
    @POST
    @Path("chain/{name}")
    @Consumes(MediaType.WILDCARD)
    public Response enhanceWithChain(@PathParam("name") String name, byte[] content) {
        return answer(requests.withChain(name, content, uriInfo, headers));
    }

    @Needs(Role.WRITER)
    @POST
    @Path("engine/{name}")
    @Consumes(MediaType.WILDCARD)
    public Response enhanceWithEngine(@PathParam("name") String name, byte[] content) {
        return answer(requests.withEngine(name, content, uriInfo, headers));
    }

    /** The answer now, or with {@code Prefer: respond-async} a job that answers it later. */
    private Response answer(EnhanceRequest enhance) {
        if (EnhancementJobs.prefersAsync(headers)) {
            return jobs.submit(enhance, headers, publicUrl.of(request).toString());
        }
        return requests.enhance(enhance);
    }

    private ExecutionPlan plan(Chain chain) {
        return requests.plan(chain);
    }

    private String base() {
        return publicUrl.of(request) + "/enhancer";
    }

    private Response rdf(Model model) {
        return DescriptionAnswers.rdf(model, RdfNegotiation.choose(uriInfo.getQueryParameters().getFirst("rdfFormat"),
                headers.getRequestHeader(HttpHeaders.ACCEPT)));
    }
}
