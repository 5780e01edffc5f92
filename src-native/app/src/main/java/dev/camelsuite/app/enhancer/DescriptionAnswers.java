package dev.camelsuite.app.enhancer;

import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import jakarta.ws.rs.core.UriInfo;
import org.eclipse.rdf4j.model.Model;

/**
 * The answers that describe the enhancer — {@code GET /enhancer} and Stanbol's older {@code GET /engines}, its chains,
 * engines and execution plans — in the RDF format asked for, or the enhancer's page for a browser.
 */
final class DescriptionAnswers {

    private DescriptionAnswers() {
    }

    /**
     * The enhancer as {@code GET /enhancer} and {@code GET /engines} answer it: the enhancer page for a browser, else
     * its chains and engines in RDF, in the format asked for.
     */
    static Response enhancer(EnhancementRequests requests, String base, HttpHeaders headers, UriInfo uriInfo) {
        if (EnhancerPage.isAskedFor(headers.getRequestHeader(HttpHeaders.ACCEPT))) {
            ExecutionPlan defaultPlan = requests.chainNames().contains(EnhancementRequests.DEFAULT_CHAIN)
                    ? requests.plan(requests.knownChain(EnhancementRequests.DEFAULT_CHAIN)) : null;
            return EnhancerPage.page(EnhancerListing.enhancer(base, defaultPlan, requests.chainNames(),
                    requests.engineNames(), requests::shownClass));
        }
        return rdf(EnhancerDescription.describe(base, requests.chainNames(), EnhancementRequests.DEFAULT_CHAIN,
                requests.engineNames()), RdfNegotiation.choose(uriInfo.getQueryParameters().getFirst("rdfFormat"),
                headers.getRequestHeader(HttpHeaders.ACCEPT)));
    }

    static Response rdf(Model model, RdfNegotiation.Negotiated format) {
        return Response.ok((StreamingOutput) out -> EnhancementRdf.write(model, format.format(), out),
                format.contentType()).build();
    }
}
