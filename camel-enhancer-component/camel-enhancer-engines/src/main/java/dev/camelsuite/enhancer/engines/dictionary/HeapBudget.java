package dev.camelsuite.enhancer.engines.dictionary;

import java.util.function.LongSupplier;

/**
 * Whether a vocabulary being read will fit the heap: what its builder keeps so far (an estimate of the heap it takes
 * once built and indexed), projected to the whole file by the share of the file read, against the heap it may take.
 * Checked while reading, so that a dataset too big for the JVM fails early, saying how much heap it needs, rather than
 * with an {@link OutOfMemoryError} after minutes of reading (or one that takes other work of the JVM down with it).
 */
final class HeapBudget {

    /** No limit (a vocabulary built in Java). */
    static final HeapBudget NONE = new HeapBudget("", Long.MAX_VALUE, -1, () -> 0, "");

    private static final long MB = 1024 * 1024;
    /**
     * Projected from at least this much of the file, or a hundredth of it if that is more: the reader is ahead of the
     * parser by its buffers, which a projection from less would take for what the parser has kept.
     */
    private static final long LEAST_READ = 256 * 1024;

    private final String source;
    private final long budget;
    private final long fileBytes;
    private final LongSupplier bytesRead;
    private final String whose;

    /**
     * @param source    the vocabulary, for the message
     * @param budget    the bytes it may take
     * @param fileBytes the size of the file, or -1 when unknown (no projection, what is kept so far is checked)
     * @param bytesRead how much of the file has been read so far
     * @param whose     what the budget is, for the message ("left of this JVM's 1,024 MB (-Xmx)")
     */
    HeapBudget(String source, long budget, long fileBytes, LongSupplier bytesRead, String whose) {
        this.source = source;
        this.budget = budget;
        this.fileBytes = fileBytes;
        this.bytesRead = bytesRead;
        this.whose = whose;
    }

    /** The heap this JVM has left: its most ({@code -Xmx}) less what is in use now. */
    static HeapBudget leftInThisJvm(String source, long fileBytes, LongSupplier bytesRead) {
        Runtime rt = Runtime.getRuntime();
        long left = rt.maxMemory() - (rt.totalMemory() - rt.freeMemory());
        return new HeapBudget(source, left, fileBytes, bytesRead,
                "left of this JVM's " + String.format("%,d", rt.maxMemory() / MB) + " MB (-Xmx)");
    }

    /** A budget of one's own ({@link VocabularyLoader#maxHeap(long)}). */
    static HeapBudget of(long budget, String source, long fileBytes, LongSupplier bytesRead) {
        return new HeapBudget(source, budget, fileBytes, bytesRead, "it may take (maxHeap)");
    }

    /**
     * @throws IllegalStateException saying how much heap the vocabulary needs, when it would take more than the budget
     */
    void check(long keptBytes) {
        long read = bytesRead.getAsLong();
        boolean projecting = fileBytes > 0 && read < fileBytes && read >= Math.max(LEAST_READ, fileBytes / 100);
        long needed = projecting ? (long) (keptBytes * ((double) fileBytes / read)) : keptBytes;
        if (needed <= budget) {
            return;
        }
        String estimate = fileBytes > 0 && read < fileBytes
                ? "an estimate from the first " + Math.max(1, Math.min(99, read * 100 / fileBytes)) + "% of it"
                : "an estimate from what it has read";
        throw new IllegalStateException("Vocabulary " + source + " does not fit the heap: it needs about "
                                        + mb(needed) + " MB (" + estimate + "), more than the " + mb(budget)
                                        + " MB " + whose + ". Give the JVM more heap (-Xmx) or use a smaller"
                                        + " vocabulary.");
    }

    private static String mb(long bytes) {
        return String.format("%,d", Math.max(1, (bytes + MB - 1) / MB));
    }
}
