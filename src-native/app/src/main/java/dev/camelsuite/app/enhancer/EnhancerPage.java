package dev.camelsuite.app.enhancer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
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

    static Response page() {
        try (InputStream in = EnhancerPage.class.getClassLoader().getResourceAsStream(PAGE)) {
            if (in == null) {
                throw new IllegalStateException("The enhancer page " + PAGE + " is missing from the application");
            }
            return Response.ok(in.readAllBytes(), MediaType.TEXT_HTML + "; charset=UTF-8").build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
