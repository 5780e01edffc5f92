package dev.camelsuite.app.enhancer.jobs;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import dev.camelsuite.app.enhancer.EnhanceRequest;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.core.HttpHeaders;

/**
 * The idempotency key of a submission, and what identifies its request: the same key with the same request is the
 * same job, with another request an error.
 */
final class IdempotencyKeys {

    static final String HEADER = "Idempotency-Key";

    private IdempotencyKeys() {
    }

    /**
     * The {@code Idempotency-Key} header, or else Stanbol's {@code uri} parameter (the id a client chose for its
     * content item), or null for neither.
     *
     * @throws BadRequestException for a key longer than the database keeps
     */
    static String of(HttpHeaders headers, EnhanceRequest request) {
        String key = headers.getHeaderString(HEADER);
        if (key == null || key.isBlank()) {
            key = request.query().getFirst("uri");
        }
        if (key == null || key.isBlank()) {
            return null;
        }
        key = key.trim();
        if (key.length() > JobStore.MAX_KEY) {
            throw new BadRequestException("An idempotency key has at most " + JobStore.MAX_KEY + " characters, not "
                                          + key.length());
        }
        return key;
    }

    /** SHA-256 of everything that shapes the request's answer: chain, parameters, headers and body. */
    static String hash(EnhanceRequest request) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (String part : new String[] { request.chain(), QueryText.write(request.query()),
                    String.join("\n", request.accept()), String.valueOf(request.contentType()),
                    String.valueOf(request.contentLanguage()) }) {
                digest.update(part.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            return HexFormat.of().formatHex(digest.digest(request.content()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java has SHA-256", e);
        }
    }
}
