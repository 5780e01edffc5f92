package dev.camelsuite.app.enhancer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parts of a MIME multipart body ({@code multipart/form-data}, {@code multipart/alternate} …), in their order:
 * each part's headers and bytes. The body is in memory already (its size bounded by the enhancer's body limit); a
 * body of more than {@value #MAX_PARTS} parts, a part's head longer than {@value #MAX_HEAD} bytes, or a body that does
 * not end with its closing delimiter is malformed.
 */
public final class MultipartBody {

    static final int MAX_PARTS = 64;
    static final int MAX_HEAD = 8192;

    /** One part: its headers (names in lower case) and its bytes. */
    record Part(Map<String, String> headers, byte[] data) {

        /** The {@code name} of its {@code Content-Disposition}, or null. */
        String name() {
            return parameter(headers.get("content-disposition"), "name");
        }

        /** The {@code filename} of its {@code Content-Disposition}, or null. */
        String fileName() {
            return parameter(headers.get("content-disposition"), "filename");
        }

        /** Its {@code Content-Type}, or null. */
        String contentType() {
            return headers.get("content-type");
        }
    }

    /** A body that is not what its media type says. */
    static final class Malformed extends Exception {
        Malformed(String message) {
            super(message);
        }
    }

    private MultipartBody() {
    }

    /** The boundary a multipart media type names, or null. */
    static String boundary(String mediaType) {
        return parameter(mediaType, "boundary");
    }

    /** Whether a media type is one of multipart's. */
    static boolean isMultipart(String mediaType) {
        return mediaType != null && mediaType.trim().toLowerCase(Locale.ROOT).startsWith("multipart/");
    }

    static List<Part> parse(byte[] body, String mediaType) throws Malformed {
        String boundary = boundary(mediaType);
        if (boundary == null || boundary.isEmpty() || boundary.length() > 70) {
            throw new Malformed("A multipart body needs the boundary of its parts in its Content-Type (boundary=…)");
        }
        byte[] delimiter = ("--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        int at = indexOf(body, delimiter, 0);
        // the first delimiter starts the body or a line
        while (at > 0 && !(body[at - 1] == '\n')) {
            at = indexOf(body, delimiter, at + 1);
        }
        if (at < 0) {
            throw new Malformed("The multipart body has no part delimited by its boundary");
        }
        byte[] next = ("\r\n--" + boundary).getBytes(StandardCharsets.ISO_8859_1);
        List<Part> parts = new ArrayList<>();
        int from = at + delimiter.length;
        while (true) {
            if (startsWith(body, from, "--")) {
                return parts; // the closing delimiter
            }
            from = endOfLine(body, from);
            int end = indexOf(body, next, from);
            if (end < 0) {
                throw new Malformed("The multipart body ends before its closing boundary");
            }
            if (parts.size() == MAX_PARTS) {
                throw new Malformed("A multipart body may have at most " + MAX_PARTS + " parts");
            }
            parts.add(part(Arrays.copyOfRange(body, from, end)));
            from = end + next.length;
        }
    }

    /** A part: its head up to the first empty line, then its bytes. */
    private static Part part(byte[] raw) throws Malformed {
        int blank = indexOf(raw, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), 0);
        int headEnd;
        int dataStart;
        if (raw.length >= 2 && raw[0] == '\r' && raw[1] == '\n') {
            headEnd = 0; // no headers
            dataStart = 2;
        } else if (blank >= 0) {
            headEnd = blank;
            dataStart = blank + 4;
        } else {
            throw new Malformed("A part of the multipart body has no empty line after its headers");
        }
        if (headEnd > MAX_HEAD) {
            throw new Malformed("The headers of a part of the multipart body pass " + MAX_HEAD + " bytes");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        String head = new String(raw, 0, headEnd, StandardCharsets.UTF_8);
        for (String line : head.split("\r\n")) {
            int colon = line.indexOf(':');
            if (line.isBlank()) {
                continue;
            }
            if (colon <= 0) {
                throw new Malformed("A header of a part of the multipart body is not 'name: value': '" + line + "'");
            }
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        return new Part(headers, Arrays.copyOfRange(raw, dataStart, raw.length));
    }

    /**
     * A parameter of a header value such as {@code form-data; name="metadata"; filename="urn:x"} or a media type:
     * quoted (with backslash escapes) or not; null when absent.
     */
    public static String parameter(String value, String name) {
        if (value == null) {
            return null;
        }
        int i = value.indexOf(';');
        while (i >= 0 && i < value.length()) {
            int eq = value.indexOf('=', i);
            if (eq < 0) {
                return null;
            }
            String key = value.substring(i + 1, eq).trim();
            int j = eq + 1;
            while (j < value.length() && value.charAt(j) == ' ') {
                j++;
            }
            StringBuilder v = new StringBuilder();
            if (j < value.length() && value.charAt(j) == '"') {
                for (j++; j < value.length() && value.charAt(j) != '"'; j++) {
                    if (value.charAt(j) == '\\' && j + 1 < value.length()) {
                        j++;
                    }
                    v.append(value.charAt(j));
                }
                j = value.indexOf(';', j);
            } else {
                int semi = value.indexOf(';', j);
                v.append(value, j, semi < 0 ? value.length() : semi);
                j = semi;
            }
            if (key.equalsIgnoreCase(name)) {
                return v.toString().trim();
            }
            i = j;
        }
        return null;
    }

    private static int endOfLine(byte[] body, int from) throws Malformed {
        for (int i = from; i + 1 < body.length; i++) {
            if (body[i] == '\r' && body[i + 1] == '\n') {
                return i + 2;
            }
        }
        throw new Malformed("The multipart body ends after a boundary");
    }

    private static boolean startsWith(byte[] body, int at, String text) {
        if (at + text.length() > body.length) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (body[at + i] != text.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(byte[] data, byte[] pattern, int from) {
        outer:
        for (int i = Math.max(0, from); i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
