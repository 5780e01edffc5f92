package dev.camelsuite.enhancer.engines.dictionary;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * Reads a vocabulary from {@code classpath:path}, {@code file:path} or a file path, in the format its file name says —
 * {@code .csv}, {@code .ttl} (Turtle), {@code .nt} (N-Triples), {@code .rdf}, {@code .owl}, {@code .xml} (RDF/XML) —
 * each also gzipped ({@code entities.nt.gz}). RDF is read statement by statement ({@link RdfVocabularyReader}), its
 * labels from the {@linkplain #labelProperties label properties}. While it reads, it checks that the vocabulary will
 * fit the heap ({@link #maxHeap(long)}): one that will not fails early, saying how much heap it needs.
 */
public final class VocabularyLoader {

    private LabelProperties labelProperties = LabelProperties.defaults();
    private long maxHeap = -1;

    VocabularyLoader() {
    }

    /**
     * The properties whose values are the entities' labels in RDF, as IRIs or prefixed names ({@code rdfs:label});
     * default {@link LabelProperties#DEFAULT}.
     */
    public VocabularyLoader labelProperties(String... properties) {
        return labelProperties(List.of(properties));
    }

    public VocabularyLoader labelProperties(List<String> properties) {
        this.labelProperties = LabelProperties.of(properties);
        return this;
    }

    /**
     * The most heap, in bytes, the vocabulary may take once built and indexed by the dictionary engine; default: what
     * the JVM has left when reading starts ({@code -Xmx} less the heap in use).
     */
    public VocabularyLoader maxHeap(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("maxHeap must be more than 0 bytes, not " + bytes);
        }
        this.maxHeap = bytes;
        return this;
    }

    /**
     * @throws IllegalArgumentException when there is nothing at the location, its format is not known, or it is not
     *                                  valid in its format (naming the place)
     * @throws IllegalStateException    when it does not fit the heap, saying how much it needs
     */
    public Vocabulary load(String location) {
        if (location == null || location.isBlank()) {
            throw new IllegalArgumentException("A vocabulary location is needed (classpath:… or a file path)");
        }
        String path = location.startsWith("classpath:") ? location.substring("classpath:".length())
                : location.startsWith("file:") ? location.substring("file:".length()) : location;
        long size = location.startsWith("classpath:") ? -1 : sizeOf(location, path);
        try (CountingStream counted = new CountingStream(open(location, path))) {
            return read(location, path.toLowerCase(Locale.ROOT), counted, size);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read vocabulary " + location, e);
        }
    }

    private Vocabulary read(String location, String name, CountingStream counted, long size) throws IOException {
        boolean gzipped = name.endsWith(".gz");
        String unzipped = gzipped ? name.substring(0, name.length() - 3) : name;
        RdfVocabularyReader.Syntax syntax = RdfVocabularyReader.Syntax.ofFileName(unzipped);
        if (syntax == null && !unzipped.endsWith(".csv")) {
            throw new IllegalArgumentException("Unknown vocabulary format of " + location + ": use .csv, .ttl (Turtle),"
                                               + " .nt (N-Triples) or .rdf (RDF/XML), each also as .gz");
        }
        HeapBudget budget = maxHeap > 0 ? HeapBudget.of(maxHeap, location, size, counted::count)
                : HeapBudget.leftInThisJvm(location, size, counted::count);
        VocabularyBuilder builder = new VocabularyBuilder(location).within(budget);
        // small buffers: what is read ahead of the parser counts as read when the heap it will take is projected
        try (InputStream in = gzipped ? new GZIPInputStream(counted, 8192) : new BufferedInputStream(counted)) {
            if (syntax == null) {
                return CsvVocabularyReader.read(new InputStreamReader(in, StandardCharsets.UTF_8), builder, location);
            }
            return RdfVocabularyReader.read(in, syntax, builder, labelProperties, location);
        }
    }

    private static long sizeOf(String location, String path) {
        try {
            return Files.size(Path.of(path));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("No vocabulary at " + location, e);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read vocabulary " + location, e);
        }
    }

    private static InputStream open(String location, String path) throws IOException {
        if (!location.startsWith("classpath:")) {
            return Files.newInputStream(Path.of(path));
        }
        String resource = path.startsWith("/") ? path.substring(1) : path;
        ClassLoader tccl = Thread.currentThread().getContextClassLoader();
        InputStream in = tccl == null ? null : tccl.getResourceAsStream(resource);
        if (in == null) {
            in = Vocabulary.class.getClassLoader().getResourceAsStream(resource);
        }
        if (in == null) {
            throw new IllegalArgumentException("No vocabulary at " + location);
        }
        return in;
    }

    /** The bytes read of the file, before any unzipping: how far through the file the reading is. */
    private static final class CountingStream extends FilterInputStream {
        private long count;

        CountingStream(InputStream in) {
            super(in);
        }

        long count() {
            return count;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count += skipped;
            return skipped;
        }
    }
}
