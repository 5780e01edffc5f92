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
        String key = header(headers);
        String uri = request.query().getFirst("uri");
        if (key != null || uri == null || uri.isBlank()) {
            return key;
        }
        uri = uri.trim();
        if (uri.length() > JobStore.MAX_KEY) {
            throw new BadRequestException("An idempotency key has at most " + JobStore.MAX_KEY + " characters, not "
                                          + uri.length());
        }
        return uri;
    }

    /** The {@code Idempotency-Key} header alone (a batch has no content item id), or null. */
    static String header(HttpHeaders headers) {
        String key = headers.getHeaderString(HEADER);
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

    /** What identifies a batch: its shared request and each of its documents, in their order, as they are read. */
    static final class Digest {

        private final MessageDigest digest = sha256();

        Digest(EnhanceRequest shared) {
            for (String part : new String[] { shared.chain(), QueryText.write(shared.query()),
                    String.join("\n", shared.accept()) }) {
                text(part);
            }
        }

        void add(String id, EnhanceRequest document) {
            text(id);
            text(String.valueOf(document.contentType()));
            text(String.valueOf(document.contentLanguage()));
            digest.update(HexFormat.of().parseHex(hash(document)));
        }

        String hex() {
            return HexFormat.of().formatHex(((MessageDigest) clone(digest)).digest());
        }

        private void text(String part) {
            digest.update(part.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
        }

        private static Object clone(MessageDigest digest) {
            try {
                return digest.clone();
            } catch (CloneNotSupportedException e) {
                throw new IllegalStateException("SHA-256 digests clone", e);
            }
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java has SHA-256", e);
        }
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
