package dev.camelsuite.app.enhancer.jobs;

import java.io.InputStream;
import java.sql.SQLException;

import dev.camelsuite.app.http.PublicUrl;
import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import io.vertx.core.http.HttpServerRequest;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/**
 * Batches over HTTP: many documents in one request, each a job of the chain {@code chain} names (the default one
 * without), its progress, its results as NDJSON, and cancelling or deleting it. Only its submitter, or an
 * administrator, sees a batch.
 */
@Path("/enhancer/batches")
public class BatchesResource {

    @Inject
    EnhancementBatches batches;

    @Inject
    EnhancementJobs jobs;

    @Inject
    PublicUrl publicUrl;

    @Context
    HttpServerRequest request;

    @Context
    UriInfo uriInfo;

    @Context
    HttpHeaders headers;

    @Needs(Role.WRITER)
    @POST
    @Consumes(MediaType.WILDCARD)
    public Response submit(@QueryParam("chain") String chain, InputStream body) {
        return batches.submit(chain, body, uriInfo.getQueryParameters(), headers, publicUrl.of(request).toString());
    }

    @Needs(Role.READER)
    @GET
    @Path("{id}")
    public Response batch(@PathParam("id") String id) {
        return Response.ok(BatchJson.of(batches.find(id), publicUrl.of(request).toString()), "application/json")
                .build();
    }

    /** The results of the batch's documents from {@code from} on, as far as they are; a page at a time. */
    @Needs(Role.READER)
    @GET
    @Path("{id}/results")
    public Response results(@PathParam("id") String id, @QueryParam("from") @DefaultValue("0") int from) {
        if (from < 0) {
            throw new BadRequestException("from is the place of a document in the batch, 0 or more");
        }
        batches.find(id);
        try {
            return BatchResults.page(batches.store(), jobs.store(), id, from, publicUrl.of(request).toString(),
                    graph(headers.getRequestHeader(HttpHeaders.ACCEPT)));
        } catch (SQLException e) {
            throw new JobStoreFailure(e);
        }
    }

    /**
     * The RDF format the client asks for, when it asks for one graph: Turtle or N-Triples named before NDJSON in its
     * {@code Accept}; null for NDJSON, the default.
     */
    private static RdfFormat graph(java.util.List<String> accept) {
        if (accept == null) {
            return null;
        }
        for (String header : accept) {
            for (String type : header.split(",")) {
                String name = type.split(";", 2)[0].trim().toLowerCase(java.util.Locale.ROOT);
                if (name.equals("text/turtle") || name.equals("application/n-triples")) {
                    return RdfFormat.of(name);
                }
                if (name.equals(EnhancementBatches.NDJSON)) {
                    return null;
                }
            }
        }
        return null;
    }

    /** Cancels the batch's documents that wait or run (200, the batch as it is now), or deletes it (204). */
    @Needs(Role.WRITER)
    @DELETE
    @Path("{id}")
    public Response cancelOrDelete(@PathParam("id") String id) {
        BatchStore.Batch cancelled = batches.cancelOrDelete(id);
        if (cancelled == null) {
            return Response.noContent().build();
        }
        return Response.ok(BatchJson.of(cancelled, publicUrl.of(request).toString()), "application/json").build();
    }
}
