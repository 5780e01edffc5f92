package dev.camelsuite.enhancer.engines.opennlp;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import opennlp.tools.langdetect.LanguageDetectorModel;
import opennlp.tools.namefind.TokenNameFinderModel;
import opennlp.tools.postag.POSModel;
import opennlp.tools.sentdetect.SentenceModel;
import opennlp.tools.tokenize.TokenizerModel;

/**
 * The OpenNLP models this module ships with, read from the model jars on Maven Central by their resource names, each
 * loaded once per class loader and shared: models are thread-safe, only their {@code …ME} users are not.
 * <p>
 * The resource names are public so that a native image build can include exactly these resources.
 */
public final class OpenNlpModels {

    /** In {@code org.apache.opennlp:opennlp-models-langdetect:1.3.0}: 103 languages, ISO 639-3 codes. */
    public static final String LANGUAGE_DETECTOR = "langdetect-183.bin";

    /** Sentence models by language, in {@code org.apache.opennlp:opennlp-models-sentdetect-<language>:1.3.0}. */
    public static final Map<String, String> SENTENCE_MODELS = Map.of(
            "en", "opennlp-en-ud-ewt-sentence-1.3-2.5.4.bin",
            "de", "opennlp-de-ud-gsd-sentence-1.3-2.5.4.bin",
            "fr", "opennlp-fr-ud-gsd-sentence-1.3-2.5.4.bin");

    /**
     * Tokenizer models by language, in {@code org.apache.opennlp:opennlp-models-tokenizer-<language>:1.3.0}. There is
     * none for French: the tokenizer engine splits French by rules.
     */
    public static final Map<String, String> TOKENIZER_MODELS = Map.of(
            "en", "opennlp-en-ud-ewt-tokens-1.3-2.5.4.bin",
            "de", "opennlp-de-ud-gsd-tokens-1.3-2.5.4.bin");

    /**
     * Part-of-speech models by language, in {@code org.apache.opennlp:opennlp-models-pos-<language>:1.3.0}: trained on
     * Universal Dependencies treebanks, so their tags are UD's ({@code NOUN}, {@code VERB}, {@code PROPN} …).
     */
    public static final Map<String, String> POS_MODELS = Map.of(
            "en", "opennlp-en-ud-ewt-pos-1.3-2.5.4.bin",
            "de", "opennlp-de-ud-gsd-pos-1.3-2.5.4.bin",
            "fr", "opennlp-fr-ud-gsd-pos-1.3-2.5.4.bin");

    private static final Map<String, Object> LOADED = new ConcurrentHashMap<>();

    private OpenNlpModels() {
    }

    /** The language detection model of {@code opennlp-models-langdetect}. */
    public static LanguageDetectorModel languageDetector() {
        return (LanguageDetectorModel) LOADED.computeIfAbsent(LANGUAGE_DETECTOR,
                name -> read(name, "opennlp-models-langdetect", LanguageDetectorModel::new));
    }

    /** The sentence model of this module for a language (a normalized code), or null when it has none. */
    public static SentenceModel sentenceModel(String language) {
        String resource = SENTENCE_MODELS.get(language);
        return resource == null ? null : (SentenceModel) LOADED.computeIfAbsent(resource,
                name -> read(name, "opennlp-models-sentdetect-" + language, SentenceModel::new));
    }

    /** The tokenizer model of this module for a language (a normalized code), or null when it has none. */
    public static TokenizerModel tokenizerModel(String language) {
        String resource = TOKENIZER_MODELS.get(language);
        return resource == null ? null : (TokenizerModel) LOADED.computeIfAbsent(resource,
                name -> read(name, "opennlp-models-tokenizer-" + language, TokenizerModel::new));
    }

    /** The part-of-speech model of this module for a language (a normalized code), or null when it has none. */
    public static POSModel posModel(String language) {
        String resource = POS_MODELS.get(language);
        return resource == null ? null : (POSModel) LOADED.computeIfAbsent(resource,
                name -> read(name, "opennlp-models-pos-" + language, POSModel::new));
    }

    /** Every part-of-speech model of this module, by language. */
    public static Map<String, POSModel> posModels() {
        Map<String, POSModel> models = new ConcurrentHashMap<>();
        POS_MODELS.keySet().forEach(language -> models.put(language, posModel(language)));
        return models;
    }

    /** A name finder model of your own, from a file (OpenNLP ships none: Stanbol's were OpenNLP 1.5's). */
    public static TokenNameFinderModel nameFinderModel(Path file) {
        return readFile(file, TokenNameFinderModel::new);
    }

    /** A part-of-speech model of your own, from a file. */
    public static POSModel posModel(Path file) {
        return readFile(file, POSModel::new);
    }

    /** Every sentence model of this module, by language. */
    public static Map<String, SentenceModel> sentenceModels() {
        Map<String, SentenceModel> models = new ConcurrentHashMap<>();
        SENTENCE_MODELS.keySet().forEach(language -> models.put(language, sentenceModel(language)));
        return models;
    }

    /** Every tokenizer model of this module, by language. */
    public static Map<String, TokenizerModel> tokenizerModels() {
        Map<String, TokenizerModel> models = new ConcurrentHashMap<>();
        TOKENIZER_MODELS.keySet().forEach(language -> models.put(language, tokenizerModel(language)));
        return models;
    }

    /** A sentence model of your own, from a file (e.g. trained with OpenNLP's tools). */
    public static SentenceModel sentenceModel(Path file) {
        return readFile(file, SentenceModel::new);
    }

    /** A tokenizer model of your own, from a file. */
    public static TokenizerModel tokenizerModel(Path file) {
        return readFile(file, TokenizerModel::new);
    }

    /** A language detection model of your own, from a file. */
    public static LanguageDetectorModel languageDetector(Path file) {
        return readFile(file, LanguageDetectorModel::new);
    }

    @FunctionalInterface
    private interface ModelReader<T> {
        T read(InputStream in) throws IOException;
    }

    private static <T> T read(String resource, String artifact, ModelReader<T> reader) {
        ClassLoader loader = OpenNlpModels.class.getClassLoader();
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("OpenNLP model " + resource + " is not on the class path: add"
                                                + " org.apache.opennlp:" + artifact + " to the application");
            }
            return reader.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read OpenNLP model " + resource, e);
        }
    }

    private static <T> T readFile(Path file, ModelReader<T> reader) {
        try (InputStream in = Files.newInputStream(file)) {
            return reader.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read OpenNLP model " + file, e);
        }
    }
}
