package dev.camelsuite.enhancer.content;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Set;

/**
 * What a content item makes of bytes: their media type, whether they are text to decode (and in which charset) or a
 * document for an extraction engine, and the SHA-1 its default id is made of.
 */
final class ContentBytes {

    /** Documents written in text whose markup is not their text. */
    private static final Set<String> MARKUP = Set.of("text/html", "text/xml", "text/rtf");

    private ContentBytes() {
    }

    /**
     * Bytes that came without a media type: {@code text/plain} when they read as UTF-8 text (no bytes that are not
     * UTF-8, no control characters but tabs, line and page breaks), else {@code application/octet-stream}.
     */
    static String unstatedType(byte[] data) {
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        CharBuffer text;
        try {
            text = utf8.decode(ByteBuffer.wrap(data));
        } catch (CharacterCodingException e) {
            return "application/octet-stream";
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') {
                return "application/octet-stream";
            }
        }
        return ContentItem.TEXT_PLAIN;
    }

    /** The media type as given, or {@code application/octet-stream} when there is none. */
    static String mediaType(String mediaType) {
        return mediaType == null || mediaType.isBlank() ? "application/octet-stream" : mediaType.trim();
    }

    /** Whether bytes of the type are text ({@code text/*}) and not a document written in text (HTML, XML, RTF). */
    static boolean isText(String mediaType) {
        String base = mediaType.toLowerCase(Locale.ROOT).split(";", 2)[0].trim();
        return base.startsWith("text/") && !MARKUP.contains(base);
    }

    /** The type's {@code charset} parameter, UTF-8 when absent. */
    static Charset charsetOf(String mediaType) {
        for (String param : mediaType.split(";")) {
            String p = param.trim();
            if (p.regionMatches(true, 0, "charset=", 0, 8)) {
                String name = p.substring(8).replace("\"", "").trim();
                try {
                    return Charset.forName(name);
                } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
                    throw new IllegalArgumentException("Unknown charset '" + name + "' in media type " + mediaType, e);
                }
            }
        }
        return StandardCharsets.UTF_8;
    }

    static String sha1Hex(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-1 is not available in this JVM", e);
        }
    }
}
