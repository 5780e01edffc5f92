package dev.camelsuite.app.enhancer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The enhancer's page for browsers, which Stanbol serves at {@code /enhancer} to a browser: what {@code GET /enhancer}
 * answers when the most wanted type of {@code Accept} is HTML. Its script and style are static files of
 * {@code /enhancer-page/}.
 */
final class EnhancerPage {

    private static final String PAGE = "META-INF/resources/enhancer-page/index.html";
    /** Where the page's list of chains and engines goes. */
    private static final String LISTING = "<!-- chains and engines -->";

    private EnhancerPage() {
    }

    /** Whether a request asks for a page: HTML is its most wanted type, as a browser asks. */
    static boolean isAskedFor(List<String> accept) {
        for (MediaType type : RdfNegotiation.mostWanted(accept)) {
            if (type.isWildcardType()) {
                return false;
            }
            String name = type.getType().toLowerCase(Locale.ROOT) + "/" + type.getSubtype().toLowerCase(Locale.ROOT);
            return name.equals("text/html") || name.equals("application/xhtml+xml");
        }
        return false;
    }

    /** The enhancer's page, with the chains and engines listed in it ({@link EnhancerListing#enhancer}). */
    static Response page(String listing) {
        try (InputStream in = EnhancerPage.class.getClassLoader().getResourceAsStream(PAGE)) {
            if (in == null) {
                throw new IllegalStateException("The enhancer page " + PAGE + " is missing from the application");
            }
            String page = new String(in.readAllBytes(), StandardCharsets.UTF_8).replace(LISTING, listing);
            return html(page);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A page of its own (a chain's, an engine's) with the enhancer page's style and a link back to it. */
    static Response page(String title, String body) {
        return html("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n  <title>"
                    + EnhancerListing.escape(title) + "</title>\n  <link rel=\"icon\" href=\"data:,\">\n"
                    + "  <link rel=\"stylesheet\" href=\"/enhancer-page/enhancer.css\">\n</head>\n<body>\n<header>\n"
                    + "  <h1>" + EnhancerListing.escape(title) + "</h1>\n  <p><a href=\"/enhancer\">The enhancer</a></p>\n"
                    + "</header>\n<main>\n" + body + "</main>\n</body>\n</html>\n");
    }

    private static Response html(String page) {
        return Response.ok(page.getBytes(StandardCharsets.UTF_8), MediaType.TEXT_HTML + "; charset=UTF-8").build();
    }
}
