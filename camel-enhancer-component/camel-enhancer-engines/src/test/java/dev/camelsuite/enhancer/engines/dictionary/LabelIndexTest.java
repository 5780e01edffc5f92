package dev.camelsuite.enhancer.engines.dictionary;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The dictionary engine's matcher: labels as whole words, any case, every span, as a brute-force search finds them. */
class LabelIndexTest {

    private static List<String> find(LabelIndex<String> index, String text) {
        List<String> found = new ArrayList<>();
        index.find(text, (begin, end, payloads) -> found.add(begin + "-" + end + " " + String.join("|", payloads)));
        return found;
    }

    private static LabelIndex<String> index(String... labels) {
        LabelIndex.Builder<String> b = LabelIndex.builder(labels.length);
        for (String label : labels) {
            b.add(label, label);
        }
        return b.build();
    }

    @Test
    void wholeWordsInAnyCaseOverlappingOnesToo() {
        LabelIndex<String> index = index("Berlin", "New York", "New York City", "U.S.", "Allemagne", "Open source");
        assertThat(find(index, "Berlin, Berliner, Berlin's")).containsExactly("0-6 Berlin", "18-24 Berlin");
        assertThat(find(index, "NEW YORK CITY and new york")).containsExactly("0-8 New York", "0-13 New York City",
                "18-26 New York");
        assertThat(find(index, "the U.S. army")).containsExactly("4-8 U.S.");
        assertThat(find(index, "l'Allemagne, open source.")).containsExactly("2-11 Allemagne", "13-24 Open source");
        assertThat(find(index, "")).isEmpty();
    }

    @Test
    void labelsEqualButForCaseShareOneKey() {
        LabelIndex<String> index = LabelIndex.<String>builder(2).add("Paris", "city").add("PARIS", "acronym").build();
        assertThat(index.size()).isEqualTo(1);
        assertThat(find(index, "in paris")).containsExactly("3-8 city|acronym");
    }

    @Test
    void findsWhatABruteForceSearchFinds() {
        Random random = new Random(7);
        String[] words = { "al", "Be", "ka", "lo", "mir", "Ves", "42", "o'", "x-y", "Zé", "ß" };
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            String label = phrase(random, words, 1 + random.nextInt(3));
            if (!labels.contains(label)) {
                labels.add(label);
            }
        }
        LabelIndex<String> index = index(labels.toArray(String[]::new));
        for (int t = 0; t < 200; t++) {
            String text = phrase(random, words, 40) + (random.nextBoolean() ? "." : "");
            assertThat(find(index, text)).as(text).containsExactlyElementsOf(bruteForce(labels, text));
        }
    }

    private static String phrase(Random random, String[] words, int length) {
        StringBuilder sb = new StringBuilder();
        String[] gaps = { " ", " ", ", ", "-", "" };
        for (int i = 0; i < length; i++) {
            if (i > 0) {
                sb.append(gaps[random.nextInt(gaps.length)]);
            }
            String w = words[random.nextInt(words.length)];
            sb.append(random.nextInt(4) == 0 ? w.toUpperCase(Locale.ROOT) : w);
        }
        return sb.toString().strip();
    }

    /** Every span that is a label ignoring case, with no letter right before or after it. */
    private static List<String> bruteForce(List<String> labels, String text) {
        Map<String, List<String>> byLowerCase = new HashMap<>();
        for (String label : labels) {
            byLowerCase.computeIfAbsent(lower(label), k -> new ArrayList<>()).add(label);
        }
        List<String> found = new ArrayList<>();
        for (int begin = 0; begin < text.length(); begin++) {
            for (int end = begin + 1; end <= text.length(); end++) {
                if (begin > 0 && Character.isAlphabetic(text.charAt(begin - 1))
                    || end < text.length() && Character.isAlphabetic(text.charAt(end))) {
                    continue;
                }
                List<String> same = byLowerCase.get(lower(text.substring(begin, end)));
                if (same != null) {
                    found.add(begin + "-" + end + " " + String.join("|", same));
                }
            }
        }
        return found;
    }

    private static String lower(String s) {
        StringBuilder sb = new StringBuilder();
        s.chars().forEach(c -> sb.append(Character.toLowerCase((char) c)));
        return sb.toString();
    }
}
