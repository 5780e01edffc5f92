package dev.camelsuite.enhancer.engines;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EntityAnnotation;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.engines.dictionary.DictionaryLinkingEngine;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.engines.opennlp.LanguageDetectionEngine;
import dev.camelsuite.enhancer.engines.opennlp.SentenceDetectionEngine;
import dev.camelsuite.enhancer.engines.opennlp.TokenizerEngine;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Accuracy of the engines on small labelled sets written for this project ({@code src/test/resources/accuracy}). Prints
 * the figures that {@code docs/engines.adoc} reports and fails when one drops below what was measured.
 */
class AccuracyTest {

    private static final String EX = "https://example.org/camelsuite/entity/";

    /** Counts of a span comparison: found, expected, and found that were expected. */
    private static final class Score {
        int found;
        int expected;
        int correct;

        void add(Set<?> foundSpans, Set<?> expectedSpans) {
            found += foundSpans.size();
            expected += expectedSpans.size();
            Set<Object> both = new HashSet<>(foundSpans);
            both.retainAll(expectedSpans);
            correct += both.size();
        }

        double precision() {
            return found == 0 ? 0 : correct / (double) found;
        }

        double recall() {
            return expected == 0 ? 0 : correct / (double) expected;
        }

        double f1() {
            double p = precision();
            double r = recall();
            return p + r == 0 ? 0 : 2 * p * r / (p + r);
        }

        @Override
        public String toString() {
            return String.format("precision %.3f (%d/%d)  recall %.3f (%d/%d)  F1 %.3f", precision(), correct, found,
                    recall(), correct, expected, f1());
        }
    }

    private record Span(int begin, int end) {
    }

    private record Link(int begin, int end, String reference) {
    }

    private static List<String> lines(String resource) throws IOException {
        try (InputStream in = AccuracyTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            List<String> lines = new ArrayList<>();
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    lines.add(line);
                }
            }
            return lines;
        }
    }

    private static ContentItem item(String text, String language) {
        ContentItem item = ContentItem.ofText(text);
        item.setLanguage(language);
        return item;
    }

    private static Set<Span> spans(ContentItem item, String type) {
        Set<Span> spans = new HashSet<>();
        for (TextAnnotation a : item.getAnnotationsOfType(type)) {
            spans.add(new Span(a.getBegin(), a.getEnd()));
        }
        return spans;
    }

    @Test
    void theDefaultLanguageTakesOnlyShortTextsTheDetectorIsUnsureOf() throws IOException {
        LanguageDetectionEngine guessing = new LanguageDetectionEngine();
        guessing.setDefaultLanguage(null);
        LanguageDetectionEngine engine = new LanguageDetectionEngine();
        List<String> changed = new ArrayList<>();
        for (String line : lines("accuracy/language-identification.tsv")) {
            String[] f = line.split("\t");
            ContentItem guessed = ContentItem.ofText(f[1]);
            guessing.computeEnhancements(guessed);
            ContentItem item = ContentItem.ofText(f[1]);
            engine.computeEnhancements(item);
            if (!item.getLanguage().equals(guessed.getLanguage())) {
                assertThat(item.getLanguage()).isEqualTo(LanguageDetectionEngine.DEFAULT_LANGUAGE);
                changed.add(f[0] + " guessed " + guessed.getLanguage() + ", taken for en: " + f[1]);
            }
        }
        changed.forEach(c -> System.out.println("  unsure: " + c));
        // only texts of a few words, where the detector's guess leads the next language by less than minLead
        assertThat(changed).allSatisfy(c -> assertThat(c.substring(c.indexOf(": ") + 2)).hasSizeLessThan(20));
    }

    @Test
    void languageIdentification() throws IOException {
        // the detector itself, without the default language for texts it is unsure of
        LanguageDetectionEngine engine = new LanguageDetectionEngine();
        engine.setDefaultLanguage(null);
        Map<String, int[]> byLanguage = new TreeMap<>();
        int correct = 0;
        int total = 0;
        int longCorrect = 0;
        int longTotal = 0;
        List<String> errors = new ArrayList<>();
        for (String line : lines("accuracy/language-identification.tsv")) {
            String[] f = line.split("\t");
            ContentItem item = ContentItem.ofText(f[1]);
            engine.computeEnhancements(item);
            boolean right = f[0].equals(item.getLanguage());
            int[] counts = byLanguage.computeIfAbsent(f[0], k -> new int[2]);
            counts[1]++;
            total++;
            if (f[1].length() >= 50) {
                longTotal++;
            }
            if (right) {
                counts[0]++;
                correct++;
                if (f[1].length() >= 50) {
                    longCorrect++;
                }
            } else {
                errors.add(f[0] + " taken for " + item.getLanguage() + ": " + f[1]);
            }
        }
        double accuracy = correct / (double) total;
        System.out.printf("Language identification: accuracy %.3f (%d/%d); texts of 50+ characters %.3f (%d/%d)%n",
                accuracy, correct, total, longCorrect / (double) longTotal, longCorrect, longTotal);
        byLanguage.forEach((lang, c) -> System.out.printf("  %s %d/%d%n", lang, c[0], c[1]));
        errors.forEach(e -> System.out.println("  error: " + e));

        assertThat(total).isEqualTo(45);
        assertThat(accuracy).isGreaterThanOrEqualTo(0.95);
        assertThat(longCorrect).isEqualTo(longTotal);
    }

    @Test
    void sentenceDetection() throws IOException, EngineException {
        SentenceDetectionEngine engine = new SentenceDetectionEngine();
        Map<String, Score> byLanguage = new TreeMap<>();
        Score all = new Score();
        List<String> errors = new ArrayList<>();
        String language = null;
        List<String> sentences = new ArrayList<>();
        List<String> lines = new ArrayList<>(lines("accuracy/sentences.txt"));
        lines.add("== end");
        for (String line : lines) {
            if (line.startsWith("== ")) {
                if (language != null) {
                    StringBuilder text = new StringBuilder();
                    Set<Span> expected = new HashSet<>();
                    for (String s : sentences) {
                        if (text.length() > 0) {
                            text.append(' ');
                        }
                        expected.add(new Span(text.length(), text.length() + s.length()));
                        text.append(s);
                    }
                    ContentItem item = item(text.toString(), language);
                    engine.computeEnhancements(item);
                    Set<Span> found = spans(item, SentenceDetectionEngine.SENTENCE);
                    for (Span span : found) {
                        if (!expected.contains(span)) {
                            errors.add(language + " unexpected: " + text.substring(span.begin(), span.end()));
                        }
                    }
                    byLanguage.computeIfAbsent(language, k -> new Score()).add(found, expected);
                    all.add(found, expected);
                }
                language = line.substring(3).trim();
                sentences.clear();
            } else {
                sentences.add(line);
            }
        }
        System.out.println("Sentence detection (exact sentence spans): " + all);
        byLanguage.forEach((lang, s) -> System.out.println("  " + lang + " " + s));
        errors.forEach(e -> System.out.println("  " + e));

        assertThat(all.expected).isEqualTo(37);
        assertThat(all.f1()).isGreaterThanOrEqualTo(0.9);
        byLanguage.values().forEach(s -> assertThat(s.f1()).isGreaterThanOrEqualTo(0.75));
    }

    @Test
    void tokenization() throws IOException, EngineException {
        TokenizerEngine engine = new TokenizerEngine();
        Map<String, Score> byLanguage = new TreeMap<>();
        Score all = new Score();
        List<String> errors = new ArrayList<>();
        for (String line : lines("accuracy/tokens.tsv")) {
            String[] f = line.split("\t");
            String text = f[1];
            Set<Span> expected = new HashSet<>();
            int at = 0;
            for (String token : f[2].split(" ")) {
                int begin = text.indexOf(token, at);
                if (begin < 0 && token.equals("n't")) {
                    // the gold split of a contraction: "didn't" is "did" + "n't"
                    begin = text.indexOf("n't", at);
                }
                assertThat(begin).as("token '%s' of: %s", token, text).isGreaterThanOrEqualTo(0);
                expected.add(new Span(begin, begin + token.length()));
                at = begin + token.length();
            }
            ContentItem item = item(text, f[0]);
            engine.computeEnhancements(item);
            Set<Span> found = spans(item, TokenizerEngine.TOKEN);
            for (Span span : found) {
                if (!expected.contains(span)) {
                    errors.add(f[0] + " unexpected: " + text.substring(span.begin(), span.end()));
                }
            }
            byLanguage.computeIfAbsent(f[0], k -> new Score()).add(found, expected);
            all.add(found, expected);
        }
        System.out.println("Tokenization (exact token spans): " + all);
        byLanguage.forEach((lang, s) -> System.out.println("  " + lang + " " + s + (lang.equals("fr") ? "  (rules)" : "")));
        errors.forEach(e -> System.out.println("  " + e));

        assertThat(all.f1()).isGreaterThanOrEqualTo(0.9);
        byLanguage.values().forEach(s -> assertThat(s.f1()).isGreaterThanOrEqualTo(0.85));
    }

    @Test
    void entityLinking() throws IOException, EngineException {
        DictionaryLinkingEngine engine = new DictionaryLinkingEngine(Vocabulary.SAMPLE_TURTLE);
        Pattern mark = Pattern.compile("\\[\\[([^|\\]]+)\\|([^\\]]+)]]");
        Score mentions = new Score();
        Score links = new Score();
        List<String> errors = new ArrayList<>();
        for (String line : lines("accuracy/entities.tsv")) {
            String[] f = line.split("\t");
            StringBuilder text = new StringBuilder();
            Set<Span> expectedMentions = new HashSet<>();
            Set<Link> expectedLinks = new HashSet<>();
            Matcher m = mark.matcher(f[1]);
            int last = 0;
            while (m.find()) {
                text.append(f[1], last, m.start());
                int begin = text.length();
                text.append(m.group(1));
                expectedMentions.add(new Span(begin, text.length()));
                expectedLinks.add(new Link(begin, text.length(), EX + m.group(2)));
                last = m.end();
            }
            text.append(f[1].substring(last));
            ContentItem item = item(text.toString(), f[0]);
            engine.computeEnhancements(item);

            Set<Span> foundMentions = spans(item, DictionaryLinkingEngine.ENTITY);
            Set<Link> foundLinks = new HashSet<>();
            Map<String, EntityAnnotation> best = new TreeMap<>();
            for (EntityAnnotation e : item.getEntities()) {
                best.merge(e.getTextAnnotation().getId(), e, (a, b) -> b.getConfidence() > a.getConfidence() ? b : a);
            }
            for (EntityAnnotation e : best.values()) {
                TextAnnotation t = e.getTextAnnotation();
                foundLinks.add(new Link(t.getBegin(), t.getEnd(), e.getReference()));
            }
            mentions.add(foundMentions, expectedMentions);
            links.add(foundLinks, expectedLinks);
            for (Link l : foundLinks) {
                if (!expectedLinks.contains(l)) {
                    errors.add("unexpected '" + text.substring(l.begin(), l.end()) + "' <" + l.reference() + ">");
                }
            }
            for (Link l : expectedLinks) {
                if (!foundLinks.contains(l)) {
                    errors.add("missed '" + text.substring(l.begin(), l.end()) + "' <" + l.reference() + ">");
                }
            }
        }
        System.out.println("Dictionary NER (mention spans): " + mentions);
        System.out.println("Entity linking (span and best entity): " + links);
        errors.forEach(e -> System.out.println("  " + e));

        assertThat(links.expected).isEqualTo(41);
        assertThat(mentions.f1()).isGreaterThanOrEqualTo(0.95);
        assertThat(links.precision()).isGreaterThanOrEqualTo(0.95);
        assertThat(links.recall()).isGreaterThanOrEqualTo(0.95);
    }
}
