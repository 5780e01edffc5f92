package dev.camelsuite.app.enhancer;

import java.util.List;

import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.UriInfo;

/**
 * What one enhance request of the enhancer API asks for, apart from the HTTP exchange that carried it: the chain that
 * runs (a one-engine chain for {@code /enhancer/engine/{name}}), the body, the query's parameters and the headers that
 * shape the answer. Kept as it is, it can be run later and answer exactly what it would have answered at once (an
 * enhancement job).
 *
 * @param chain           the chain's name, known to exist when the request was made
 * @param content         the body
 * @param query           the query's parameters, decoded
 * @param accept          the {@code Accept} headers, empty for none
 * @param contentType     the {@code Content-Type}, or null
 * @param contentLanguage the {@code Content-Language}, or null
 */
public record EnhanceRequest(String chain, byte[] content, MultivaluedMap<String, String> query, List<String> accept,
                             String contentType, String contentLanguage) {

    public EnhanceRequest {
        MultivaluedMap<String, String> copy = new MultivaluedHashMap<>();
        query.forEach((key, values) -> copy.put(key, List.copyOf(values)));
        query = copy;
        accept = accept == null ? List.of() : List.copyOf(accept);
    }

    static EnhanceRequest of(String chain, byte[] content, UriInfo uriInfo, HttpHeaders headers) {
        return new EnhanceRequest(chain, content == null ? new byte[0] : content, uriInfo.getQueryParameters(),
                headers.getRequestHeader(HttpHeaders.ACCEPT), headers.getHeaderString(HttpHeaders.CONTENT_TYPE),
                headers.getHeaderString(HttpHeaders.CONTENT_LANGUAGE));
    }
}
