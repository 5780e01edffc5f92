package dev.camelsuite.enhancer.engines.opennlp;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SentenceAndTokenEnginesTest {

    private final SentenceDetectionEngine sentences = new SentenceDetectionEngine();
    private final TokenizerEngine tokens = new TokenizerEngine();

    private static ContentItem item(String text, String language) {
        ContentItem item = ContentItem.ofText(text);
        item.setLanguage(language);
        return item;
    }

    private static List<String> covered(ContentItem item, String type) {
        return item.getAnnotationsOfType(type).stream().map(TextAnnotation::getCoveredText).toList();
    }

    @Test
    void splitsEnglishSentencesAndTokens() throws EngineException {
        ContentItem item = item("The new bridge opened on Monday. Thousands of people walked across it! "
                                + "Will it ease the traffic?", "en");

        sentences.computeEnhancements(item);
        tokens.computeEnhancements(item);

        assertThat(covered(item, SentenceDetectionEngine.SENTENCE)).containsExactly(
                "The new bridge opened on Monday.", "Thousands of people walked across it!", "Will it ease the traffic?");
        assertThat(covered(item, TokenizerEngine.TOKEN)).containsExactly(
                "The", "new", "bridge", "opened", "on", "Monday", ".", "Thousands", "of", "people", "walked", "across",
                "it", "!", "Will", "it", "ease", "the", "traffic", "?");
        assertThat(item.getAnnotations()).allSatisfy(a -> {
            assertThat(a.getConfidence()).isBetween(0.0, 1.0);
            assertThat(a.getCoveredText()).isEqualTo(item.getText().substring(a.getBegin(), a.getEnd()));
        });
        assertThat(item.getAnnotationsOfType(SentenceDetectionEngine.SENTENCE)).allSatisfy(a ->
                assertThat(a.getEngine()).isEqualTo("sentences"));
    }

    @Test
    void splitsGermanSentencesAndTokens() throws EngineException {
        ContentItem item = item("Der Zug nach Köln hatte heute 20 Minuten Verspätung. Die Fahrgäste warteten geduldig "
                                + "am Bahnsteig.", "de");

        sentences.computeEnhancements(item);
        tokens.computeEnhancements(item);

        assertThat(covered(item, SentenceDetectionEngine.SENTENCE)).containsExactly(
                "Der Zug nach Köln hatte heute 20 Minuten Verspätung.", "Die Fahrgäste warteten geduldig am Bahnsteig.");
        assertThat(covered(item, TokenizerEngine.TOKEN)).startsWith("Der", "Zug", "nach", "Köln", "hatte", "heute",
                "20", "Minuten", "Verspätung", ".").endsWith("am", "Bahnsteig", ".");
    }

    @Test
    void splitsFrenchSentencesWithTheModelAndTokensByRules() throws EngineException {
        ContentItem item = item("L'équipe de Lyon a gagné hier soir. Aujourd'hui, les supporters fêtent la victoire "
                                + "dans les rues.", "fr");

        sentences.computeEnhancements(item);
        tokens.computeEnhancements(item);

        assertThat(covered(item, SentenceDetectionEngine.SENTENCE)).containsExactly(
                "L'équipe de Lyon a gagné hier soir.", "Aujourd'hui, les supporters fêtent la victoire dans les rues.");
        assertThat(covered(item, TokenizerEngine.TOKEN)).containsExactly("L'", "équipe", "de", "Lyon", "a", "gagné",
                "hier", "soir", ".", "Aujourd'hui", ",", "les", "supporters", "fêtent", "la", "victoire", "dans", "les",
                "rues", ".");
        assertThat(item.getAnnotationsOfType(TokenizerEngine.TOKEN)).allSatisfy(a -> assertThat(a.getConfidence()).isEqualTo(1.0));
        assertThat(tokens.getModelLanguages()).containsExactly("de", "en");
        assertThat(tokens.getRuleBasedLanguages()).containsExactly("fr");
    }

    @Test
    void aRunLongerThanAnyWordIsOneTokenAndHoldsNoSentenceBreak() throws EngineException {
        // the model looks at a whole run for each position in it: 400,000 letters held a core for minutes
        String run = "a".repeat(400_000);
        ContentItem item = item("Paris " + run + " Berlin.", "en");
        new SentenceDetectionEngine().computeEnhancements(item);
        new TokenizerEngine().computeEnhancements(item);
        assertThat(covered(item, TokenizerEngine.TOKEN)).containsExactly("Paris", run, "Berlin", ".");
        assertThat(item.getAnnotationsOfType(TokenizerEngine.TOKEN).get(1).getConfidence()).isEqualTo(1.0);

        // a full stop every other character: no sentence ends inside the run
        String dotted = "a.".repeat(200_000);
        ContentItem dots = item("Paris " + dotted + " Berlin.", "en");
        new SentenceDetectionEngine().computeEnhancements(dots);
        assertThat(covered(dots, SentenceDetectionEngine.SENTENCE)).hasSize(1);

        TokenizerEngine shorter = new TokenizerEngine();
        shorter.setMaxTokenLength(4);
        ContentItem words = item("Paris is lovely", "en");
        shorter.computeEnhancements(words);
        assertThat(covered(words, TokenizerEngine.TOKEN)).containsExactly("Paris", "is", "lovely");
        assertThatThrownBy(() -> shorter.setMaxTokenLength(0)).hasMessageContaining("maxTokenLength");
    }

    @Test
    void tokenizesTheWholeTextWithoutSentences() throws EngineException {
        ContentItem item = item("Two words.", "en-GB");

        tokens.computeEnhancements(item);

        assertThat(covered(item, TokenizerEngine.TOKEN)).containsExactly("Two", "words", ".");
    }

    @Test
    void aLanguageWithoutAModelFailsTheEngine() {
        ContentItem spanish = item("El tren llegó tarde. Nadie se quejó.", "es");

        assertThatThrownBy(() -> sentences.computeEnhancements(spanish)).isInstanceOf(EngineException.class)
                .hasMessage("No sentence model for language 'es' is available (engine 'sentences' has de, en, fr)");
        assertThatThrownBy(() -> tokens.computeEnhancements(spanish)).isInstanceOf(EngineException.class)
                .hasMessage("No tokenizer model for language 'es' is available (engine 'tokens' has de, en, fr)");
        assertThat(spanish.getAnnotations()).isEmpty();
    }

    @Test
    void anUnknownLanguageFailsTheEngine() {
        ContentItem item = ContentItem.ofText("No language was given for this text.");

        assertThatThrownBy(() -> sentences.computeEnhancements(item)).isInstanceOf(EngineException.class)
                .hasMessageStartingWith("The language of the text is unknown: engine 'sentences' needs it");
    }

    @Test
    void enginesOfYourOwnModels() throws EngineException {
        SentenceDetectionEngine english = new SentenceDetectionEngine("english-sentences",
                Map.of("EN", OpenNlpModels.sentenceModel("en")));
        TokenizerEngine rules = new TokenizerEngine("rule-tokens", Map.of(), Set.of("es"));
        ContentItem item = item("Hola, ¿qué tal?", "es");

        rules.computeEnhancements(item);

        assertThat(english.getLanguages()).containsExactly("en");
        assertThat(covered(item, TokenizerEngine.TOKEN)).containsExactly("Hola", ",", "¿", "qué", "tal", "?");
        assertThat(english.getOrder()).isEqualTo(EngineOrder.SENTENCE_DETECTION);
        assertThat(rules.getOrder()).isEqualTo(EngineOrder.TOKENIZING);
        assertThatThrownBy(() -> new TokenizerEngine("none", Map.of(), Set.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a tokenizer model");
        assertThatThrownBy(() -> new SentenceDetectionEngine("none", Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs at least one sentence model");
    }

    @Test
    void modelsOfYourOwnFromFiles(@TempDir Path dir) throws Exception {
        Path sentenceFile = dir.resolve("sentences.bin");
        Path tokenFile = dir.resolve("tokens.bin");
        try (InputStream s = getClass().getClassLoader().getResourceAsStream(OpenNlpModels.SENTENCE_MODELS.get("en"));
             InputStream t = getClass().getClassLoader().getResourceAsStream(OpenNlpModels.TOKENIZER_MODELS.get("en"))) {
            Files.copy(s, sentenceFile);
            Files.copy(t, tokenFile);
        }
        SentenceDetectionEngine ownSentences = new SentenceDetectionEngine("own-sentences",
                Map.of("en", OpenNlpModels.sentenceModel(sentenceFile)));
        TokenizerEngine ownTokens = new TokenizerEngine("own-tokens", Map.of("en", OpenNlpModels.tokenizerModel(tokenFile)),
                Set.of());
        ContentItem item = item("One sentence. Another one.", "en");

        ownSentences.computeEnhancements(item);
        ownTokens.computeEnhancements(item);

        assertThat(covered(item, SentenceDetectionEngine.SENTENCE)).containsExactly("One sentence.", "Another one.");
        assertThat(covered(item, TokenizerEngine.TOKEN)).containsExactly("One", "sentence", ".", "Another", "one", ".");
        assertThatThrownBy(() -> OpenNlpModels.sentenceModel(dir.resolve("missing.bin")))
                .isInstanceOf(java.io.UncheckedIOException.class).hasMessageContaining("Cannot read OpenNLP model");
    }

    @Test
    void oneEngineServesManyThreadsAtOnce() throws Exception {
        String text = "The first sentence is short. The second one is a little longer than the first. And a third.";
        List<String> expected;
        ContentItem reference = item(text, "en");
        sentences.computeEnhancements(reference);
        tokens.computeEnhancements(reference);
        expected = reference.getAnnotations().stream().map(TextAnnotation::toString).toList();

        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Callable<List<String>>> tasks = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                tasks.add(() -> {
                    ContentItem item = item(text, "en");
                    sentences.computeEnhancements(item);
                    tokens.computeEnhancements(item);
                    return item.getAnnotations().stream().map(TextAnnotation::toString).toList();
                });
            }
            for (Future<List<String>> f : pool.invokeAll(tasks)) {
                assertThat(f.get()).isEqualTo(expected);
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
