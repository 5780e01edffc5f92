package dev.camelsuite.app.http;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

import dev.camelsuite.app.problem.Problem;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * What a request's path and query may hold once their escapes are decoded: valid UTF-8, and no character that cannot
 * be seen. Ids come from the path; an id with a control character, a right-to-left override (U+202E) or a line
 * separator (U+2028) reads differently in a log, a dashboard or an XML answer from what it is, and invalid UTF-8 would
 * silently become U+FFFD, another id than the one sent. Such a request is refused before anything reads it.
 */
@ApplicationScoped
public class RequestTargets {

    void route(@Observes Router router) {
        router.route().order(Integer.MIN_VALUE).handler(this::check);
    }

    private void check(RoutingContext request) {
        String refusal = refusal(request.request().uri());
        if (refusal == null) {
            request.next();
            return;
        }
        Problem.send(request.response(), 400, refusal);
    }

    /**
     * Why the request target (the raw path and query, as sent) is refused, in words for the caller, or null when it is
     * taken.
     */
    public static String refusal(String rawTarget) {
        int question = rawTarget.indexOf('?');
        String path = question < 0 ? rawTarget : rawTarget.substring(0, question);
        String why = refusal(path, false);
        if (why != null) {
            return "The path " + why;
        }
        if (question >= 0) {
            why = refusal(rawTarget.substring(question + 1), true);
            if (why != null) {
                return "The query " + why;
            }
        }
        return null;
    }

    private static String refusal(String raw, boolean query) {
        String decoded;
        try {
            decoded = decode(raw, query);
        } catch (CharacterCodingException e) {
            return "is not valid UTF-8 once its %-escapes are decoded";
        } catch (IllegalArgumentException e) {
            return "has a % that does not begin an escape of two hexadecimal digits";
        }
        for (int i = 0; i < decoded.length();) {
            int c = decoded.codePointAt(i);
            if (isInvisible(c)) {
                return String.format("holds the control or invisible character U+%04X, which no id may hold", c);
            }
            i += Character.charCount(c);
        }
        return null;
    }

    /** Control characters, format characters (such as U+202E and U+200B) and the line and paragraph separators. */
    public static boolean isInvisible(int c) {
        return switch (Character.getType(c)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                 Character.SURROGATE, Character.UNASSIGNED, Character.PRIVATE_USE -> true;
            default -> false;
        };
    }

    private static String decode(String raw, boolean query) throws CharacterCodingException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length()) {
                    throw new IllegalArgumentException("truncated escape");
                }
                int high = Character.digit(raw.charAt(i + 1), 16);
                int low = Character.digit(raw.charAt(i + 2), 16);
                if (high < 0 || low < 0) {
                    throw new IllegalArgumentException("not an escape");
                }
                bytes.write(high << 4 | low);
                i += 2;
            } else if (query && c == '+') {
                bytes.write(' ');
            } else if (c < 0x80) {
                bytes.write(c);
            } else {
                // a client that sent the character as it is, unescaped: its UTF-8 bytes
                int end = Character.isHighSurrogate(c) && i + 1 < raw.length() ? i + 2 : i + 1;
                bytes.writeBytes(raw.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end - 1;
            }
        }
        CharBuffer chars = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray()));
        return chars.toString();
    }
}
