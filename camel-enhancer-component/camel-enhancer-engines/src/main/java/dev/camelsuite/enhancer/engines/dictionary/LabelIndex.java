package dev.camelsuite.enhancer.engines.dictionary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Labels found in a text as whole words, whatever their case: a label matches where the text has it with no letter
 * right before or after it ({@code Berlin} in {@code Berlin's}, not in {@code Berliner}). One pass over the text: from
 * each place a word may begin, the text is read as far as some label begins that way, looking each candidate up by a
 * hash of its lower-case characters; the time hardly depends on how many labels there are.
 * <p>
 * Memory is what a vocabulary of millions of labels needs: open-addressing tables of ints over the labels' own
 * strings, about 65 bytes a label beyond its text and what it stands for (300,000 labels of two words: 18 MB), where a
 * character trie (Aho-Corasick) took about 1.1 KB a label (324 MB), and was slower too.
 *
 * @param <T> what a label stands for (an entity and its label)
 */
final class LabelIndex<T> {

    /** Receives each match: the span of the text and what the matching labels stand for. */
    @FunctionalInterface
    interface Matches<T> {
        void found(int begin, int end, List<T> payloads);
    }

    private final int[] slots;
    private final int[] keyHashes;
    /** One label of each key, as written (keys compare lower-case). */
    private final String[] keys;
    /** A key's payloads: one {@code T}, or a {@code List<T>}. */
    private final Object[] payloads;
    /** Hashes of the labels' beginnings that end where a word does: a text read that far may still hold a label. */
    private final IntSet beginnings;
    private final int longest;

    private LabelIndex(Builder<T> b) {
        this.slots = b.slots;
        this.keyHashes = Arrays.copyOf(b.keyHashes, b.size);
        this.keys = Arrays.copyOf(b.keys, b.size);
        this.payloads = new Object[b.size];
        for (int k = 0; k < b.size; k++) {
            payloads[k] = b.payloads[k] instanceof List<?> list ? List.copyOf(list) : b.payloads[k];
        }
        this.beginnings = b.beginnings;
        this.longest = b.longest;
    }

    static <T> Builder<T> builder(int expectedLabels) {
        return new Builder<>(expectedLabels);
    }

    /** The number of distinct labels (ignoring case). */
    int size() {
        return keys.length;
    }

    /** Calls {@code matches} for every span of the text that is a label, overlapping ones included, in text order. */
    void find(String text, Matches<T> matches) {
        int n = text.length();
        for (int begin = 0; begin < n; begin++) {
            if (Character.isWhitespace(text.charAt(begin))
                || begin > 0 && Character.isAlphabetic(text.charAt(begin - 1))) {
                continue; // no label begins here
            }
            int hash = 0;
            int last = Math.min(n, begin + longest);
            for (int end = begin + 1; end <= last; end++) {
                char c = text.charAt(end - 1);
                hash = 31 * hash + Character.toLowerCase(c);
                if (Character.isWhitespace(c) || end < n && Character.isAlphabetic(text.charAt(end))) {
                    continue; // no label ends here
                }
                int key = lookup(hash, text, begin, end);
                if (key >= 0) {
                    matches.found(begin, end, payloadsOf(key));
                }
                if (!beginnings.contains(hash)) {
                    break;
                }
            }
        }
    }

    @SuppressWarnings("unchecked")
    private List<T> payloadsOf(int key) {
        Object p = payloads[key];
        return p instanceof List<?> list ? (List<T>) list : List.of((T) p);
    }

    private int lookup(int hash, CharSequence text, int begin, int end) {
        int mask = slots.length - 1;
        for (int i = spread(hash) & mask; slots[i] != 0; i = (i + 1) & mask) {
            int key = slots[i] - 1;
            if (keyHashes[key] == hash && sameIgnoringCase(keys[key], text, begin, end)) {
                return key;
            }
        }
        return -1;
    }

    private static boolean sameIgnoringCase(String key, CharSequence text, int begin, int end) {
        if (key.length() != end - begin) {
            return false;
        }
        for (int i = 0; i < key.length(); i++) {
            char a = key.charAt(i);
            char b = text.charAt(begin + i);
            if (a != b && Character.toLowerCase(a) != Character.toLowerCase(b)) {
                return false;
            }
        }
        return true;
    }

    private static int hash(CharSequence s, int begin, int end) {
        int h = 0;
        for (int i = begin; i < end; i++) {
            h = 31 * h + Character.toLowerCase(s.charAt(i));
        }
        return h;
    }

    private static int spread(int hash) {
        int h = hash * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** Collects labels; a label equal to one already there but for case joins its key. */
    static final class Builder<T> {
        private int[] slots;
        private int[] keyHashes;
        private String[] keys;
        private Object[] payloads;
        private int size;
        private final IntSet beginnings = new IntSet();
        private int longest;

        private Builder(int expectedLabels) {
            int capacity = Math.max(16, expectedLabels);
            slots = new int[Integer.highestOneBit(capacity * 2 - 1) << 1];
            keyHashes = new int[capacity];
            keys = new String[capacity];
            payloads = new Object[capacity];
        }

        @SuppressWarnings("unchecked")
        Builder<T> add(String label, T payload) {
            int hash = hash(label, 0, label.length());
            int mask = slots.length - 1;
            int i = spread(hash) & mask;
            for (; slots[i] != 0; i = (i + 1) & mask) {
                int key = slots[i] - 1;
                if (keyHashes[key] == hash && sameIgnoringCase(keys[key], label, 0, label.length())) {
                    Object p = payloads[key];
                    List<T> list = p instanceof List<?> l ? (List<T>) l : new ArrayList<>(List.of((T) p));
                    list.add(payload);
                    payloads[key] = list;
                    return this;
                }
            }
            if (size == keys.length) {
                int grown = size + (size >> 1) + 1;
                keyHashes = Arrays.copyOf(keyHashes, grown);
                keys = Arrays.copyOf(keys, grown);
                payloads = Arrays.copyOf(payloads, grown);
            }
            keyHashes[size] = hash;
            keys[size] = label;
            payloads[size] = payload;
            slots[i] = ++size;
            if (size * 2 > slots.length) {
                rehash(slots.length * 2);
            }
            addBeginnings(label);
            longest = Math.max(longest, label.length());
            return this;
        }

        /** The label's beginnings that end before a character that is not a letter, as a text's words may end. */
        private void addBeginnings(String label) {
            int h = 0;
            for (int p = 0; p < label.length(); p++) {
                char c = label.charAt(p);
                if (p > 0 && !Character.isAlphabetic(c) && !Character.isWhitespace(label.charAt(p - 1))) {
                    beginnings.add(h);
                }
                h = 31 * h + Character.toLowerCase(c);
            }
        }

        private void rehash(int capacity) {
            int[] grown = new int[capacity];
            int mask = capacity - 1;
            for (int key = 0; key < size; key++) {
                int i = spread(keyHashes[key]) & mask;
                while (grown[i] != 0) {
                    i = (i + 1) & mask;
                }
                grown[i] = key + 1;
            }
            slots = grown;
        }

        LabelIndex<T> build() {
            return new LabelIndex<>(this);
        }
    }

    /** A set of ints by open addressing: no boxed integers for millions of hashes. */
    static final class IntSet {
        private int[] table = new int[64];
        private int size;
        private boolean hasZero;

        void add(int value) {
            if (value == 0) {
                hasZero = true;
                return;
            }
            int mask = table.length - 1;
            int i = spread(value) & mask;
            while (table[i] != 0) {
                if (table[i] == value) {
                    return;
                }
                i = (i + 1) & mask;
            }
            table[i] = value;
            if (++size * 2 > table.length) {
                int[] old = table;
                table = new int[old.length * 2];
                size = 0;
                for (int v : old) {
                    if (v != 0) {
                        add(v);
                    }
                }
            }
        }

        boolean contains(int value) {
            if (value == 0) {
                return hasZero;
            }
            int mask = table.length - 1;
            for (int i = spread(value) & mask; table[i] != 0; i = (i + 1) & mask) {
                if (table[i] == value) {
                    return true;
                }
            }
            return false;
        }
    }
}
