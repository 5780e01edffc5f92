package dev.camelsuite.app.enhancer;

import dev.camelsuite.app.enhancer.jobs.EnhancementJobs;
import dev.camelsuite.app.http.PublicUrl;
import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * Stanbol's {@code /engines}, kept by Stanbol for the clients of its first enhancer API: {@code POST} enhances with the
 * default chain, as {@code POST /enhancer} does; {@code GET} describes the enhancer as {@code GET /enhancer} does.
 */
@Path("/engines")
public class EnginesResource {

    @Inject
    EnhancementRequests requests;

    @Inject
    PublicUrl publicUrl;

    @Inject
    EnhancementJobs jobs;

    @Context
    UriInfo uriInfo;

    @Context
    HttpHeaders headers;

    @Context
    HttpServerRequest request;

    @Needs(Role.READER)
    @GET
    public Response describe() {
        return DescriptionAnswers.enhancer(requests, publicUrl.of(request) + "/enhancer", headers, uriInfo);
    }

    @Needs(Role.WRITER)
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response enhance(byte[] content) {
        EnhanceRequest enhance = requests.withChain(null, content, uriInfo, headers);
        if (EnhancementJobs.prefersAsync(headers)) {
            return jobs.submit(enhance, headers, publicUrl.of(request).toString());
        }
        return requests.enhance(enhance);
    }
}
