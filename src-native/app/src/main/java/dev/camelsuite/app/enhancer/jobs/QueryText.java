package dev.camelsuite.app.enhancer.jobs;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;

/** A request's query parameters as one line of text to store, {@code key=value&key=value}, and back. */
final class QueryText {

    private QueryText() {
    }

    static String write(MultivaluedMap<String, String> query) {
        StringBuilder text = new StringBuilder();
        // in the order of the names: the same parameters are the same text (a request's hash is made of it)
        for (Map.Entry<String, List<String>> e : new TreeMap<>(query).entrySet()) {
            for (String value : e.getValue()) {
                if (text.length() > 0) {
                    text.append('&');
                }
                text.append(URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)).append('=')
                        .append(URLEncoder.encode(value == null ? "" : value, StandardCharsets.UTF_8));
            }
        }
        return text.toString();
    }

    static MultivaluedMap<String, String> read(String text) {
        MultivaluedMap<String, String> query = new MultivaluedHashMap<>();
        if (text == null || text.isEmpty()) {
            return query;
        }
        for (String pair : text.split("&")) {
            int eq = pair.indexOf('=');
            query.add(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return query;
    }
}
