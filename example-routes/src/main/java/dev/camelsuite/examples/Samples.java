package dev.camelsuite.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The sample documents of {@code samples/}: their object ids ({@code sample:<name>}) and texts. */
public final class Samples {

    public static final String PREFIX = "sample:";

    private Samples() {
    }

    /** The object ids of the samples listed in {@code samples/index.txt}, in its order. */
    public static List<String> objectIds() {
        return read("samples/index.txt").lines().map(String::trim).filter(l -> !l.isEmpty())
                .map(file -> PREFIX + file.replace(".txt", "")).toList();
    }

    /** The text of a sample, by its object id. */
    public static String text(String objectId) {
        if (!objectId.startsWith(PREFIX)) {
            throw new IllegalArgumentException("Not a sample's object id: " + objectId);
        }
        return read("samples/" + objectId.substring(PREFIX.length()) + ".txt");
    }

    private static String read(String resource) {
        try (InputStream in = Samples.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalArgumentException("No resource " + resource + " on the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
