package dev.camelsuite.app.enhancer;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import dev.camelsuite.enhancer.rdf.RdfFormat;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.core.MediaType;

/**
 * Picks the RDF serialization of an answer as Stanbol does: the {@code rdfFormat} parameter wins (a bad one is a 400),
 * else the most wanted type of {@code Accept} that is RDF (none is a 406). No {@code Accept}, a wildcard,
 * {@code text/plain} and {@code application/octet-stream} get JSON-LD, Stanbol's default. The answer is labelled with
 * the type asked for ({@code application/json}, {@code text/rdf+nt} …), as Stanbol labels it.
 */
final class RdfNegotiation {

    /** An answer's serialization and the media type it is labelled with. */
    record Negotiated(RdfFormat format, String mediaType) {

        /** The answer's {@code Content-Type}. */
        String contentType() {
            return mediaType + "; charset=UTF-8";
        }
    }

    static final Negotiated DEFAULT = new Negotiated(RdfFormat.JSON_LD, RdfFormat.JSON_LD.mediaType());

    /** One type of an {@code Accept} header, with its weight and place. */
    private record Wanted(MediaType type, double q, int at) {
    }

    private RdfNegotiation() {
    }

    /**
     * @param rdfFormat the request's {@code rdfFormat} parameter, or null
     * @param accept    the request's {@code Accept} header values, or null
     */
    static Negotiated choose(String rdfFormat, List<String> accept) {
        return choose(rdfFormat, accept, DEFAULT);
    }

    /** Like {@link #choose(String, List)}, with another answer to no {@code Accept} or a wildcard. */
    static Negotiated choose(String rdfFormat, List<String> accept, Negotiated otherwise) {
        if (rdfFormat != null && !rdfFormat.isBlank()) {
            try {
                RdfFormat format = RdfFormat.of(rdfFormat);
                String type = rdfFormat.trim().toLowerCase(Locale.ROOT).split(";", 2)[0].trim();
                return new Negotiated(format, type.contains("/") && !type.equals("text/plain") ? type
                        : format.mediaType());
            } catch (IllegalArgumentException e) {
                throw new BadRequestException("Parameter rdfFormat: " + e.getMessage());
            }
        }
        List<Wanted> wanted = wanted(accept);
        if (wanted.isEmpty()) {
            return otherwise;
        }
        for (Wanted w : wanted) {
            MediaType type = w.type();
            if (type.isWildcardType()) {
                return otherwise;
            }
            String name = type.getType().toLowerCase(Locale.ROOT) + "/" + type.getSubtype().toLowerCase(Locale.ROOT);
            if (name.equals("text/plain") || name.equals("application/octet-stream") || name.equals("application/*")) {
                return otherwise;
            }
            if (name.equals("text/*")) {
                return new Negotiated(RdfFormat.TURTLE, RdfFormat.TURTLE.mediaType());
            }
            if (!type.isWildcardSubtype()) {
                try {
                    return new Negotiated(RdfFormat.of(name), name);
                } catch (IllegalArgumentException notRdf) {
                    // try the next acceptable type
                }
            }
        }
        throw new NotAcceptableException("None of the acceptable types " + accept + " is an RDF serialization this"
                                         + " enhancer writes (" + RdfFormat.SUPPORTED + ")");
    }

    /** The types of the {@code Accept} header, most wanted first (see {@link #wanted}). */
    static List<MediaType> mostWanted(List<String> accept) {
        return wanted(accept).stream().map(Wanted::type).toList();
    }

    /**
     * The types of the {@code Accept} header, most wanted first ({@code q}, then their order); a type refused with
     * {@code q=0} is left out. A bare word is read as {@code word/*}, as Stanbol's HTTP layer reads it; a type that is
     * not one is a 400 naming the header.
     */
    private static List<Wanted> wanted(List<String> accept) {
        List<Wanted> wanted = new ArrayList<>();
        if (accept == null) {
            return wanted;
        }
        for (String header : accept) {
            for (String entry : header.split(",")) {
                String text = entry.trim();
                if (text.isEmpty()) {
                    continue;
                }
                MediaType type;
                try {
                    String name = text.split(";", 2)[0].trim();
                    type = MediaType.valueOf(name.contains("/") ? text : name + "/*" + text.substring(name.length()));
                } catch (IllegalArgumentException e) {
                    throw new BadRequestException("The Accept header must list media types such as text/turtle, not '"
                                                  + text + "'");
                }
                double q = quality(type, text);
                if (q > 0) {
                    wanted.add(new Wanted(type, q, wanted.size()));
                }
            }
        }
        wanted.sort(Comparator.comparingDouble(Wanted::q).reversed().thenComparingInt(Wanted::at));
        return wanted;
    }

    private static double quality(MediaType type, String text) {
        String q = type.getParameters().get("q");
        if (q == null) {
            return 1;
        }
        try {
            double value = Double.parseDouble(q);
            if (value >= 0 && value <= 1) {
                return value;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new BadRequestException("The Accept header's q must be a number from 0 to 1, not '" + text + "'");
    }
}
