package dev.camelsuite.enhancer.engines.opennlp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import opennlp.tools.namefind.NameFinderME;
import opennlp.tools.namefind.NameSample;
import opennlp.tools.namefind.TokenNameFinderFactory;
import opennlp.tools.namefind.TokenNameFinderModel;
import opennlp.tools.util.ObjectStreamUtils;
import opennlp.tools.util.Span;
import opennlp.tools.util.TrainingParameters;

/**
 * Two small English name finder models, a person model and a location model, trained here from generated sentences
 * (OpenNLP publishes no name finder models for its current versions): for examples and tests of the name finder
 * engine. Each is a few seconds of training and finds the names of {@link #PEOPLE} and {@link #PLACES} in sentences
 * like its own; they are no substitute for a model trained on real text.
 */
public final class SampleNameModels {

    public static final List<String> PEOPLE = List.of("Anna Berg", "Paul Meyer", "Marie Dubois", "John Carter",
            "Lena Holm", "Omar Haddad", "Sofia Rossi", "Ivan Petrov", "Clara Weiss", "Tom Hardy", "Nina Kraus",
            "Hugo Lang");
    public static final List<String> PLACES = List.of("Lisbon", "Oslo", "Vienna", "Dublin", "Krakow", "Porto", "Ghent",
            "Bern");
    /** Two people and a place in each sentence: each model learns its kind from the others around it. */
    private static final List<String> TEMPLATES = List.of("Yesterday %s met %s in %s .",
            "%s wrote a letter to %s about the trip to %s .", "Later %s thanked %s for the dinner in %s .",
            "The report by %s mentions %s and the museum of %s .");

    private SampleNameModels() {
    }

    /** Trains both models and writes them as {@code en-ner-person.bin} and {@code en-ner-location.bin}. */
    public static List<Path> write(Path dir) {
        try {
            Path people = dir.resolve("en-ner-person.bin");
            Path places = dir.resolve("en-ner-location.bin");
            train("person").serialize(people);
            train("location").serialize(places);
            return List.of(people, places);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sentences of the templates with the names of one kind marked, in OpenNLP's training form. */
    public static TokenNameFinderModel train(String type) throws IOException {
        Random random = new Random(42);
        List<NameSample> samples = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            String[] fill = { PEOPLE.get(random.nextInt(PEOPLE.size())), PEOPLE.get(random.nextInt(PEOPLE.size())),
                PLACES.get(random.nextInt(PLACES.size())) };
            String[] kinds = { "person", "person", "location" };
            String[] parts = TEMPLATES.get(i % TEMPLATES.size()).split("%s", -1);
            List<String> tokens = new ArrayList<>();
            List<Span> spans = new ArrayList<>();
            for (int p = 0; p < parts.length; p++) {
                tokens.addAll(words(parts[p]));
                if (p < fill.length) {
                    int start = tokens.size();
                    tokens.addAll(words(fill[p]));
                    if (kinds[p].equals(type)) {
                        spans.add(new Span(start, tokens.size(), type));
                    }
                }
            }
            samples.add(new NameSample(tokens.toArray(String[]::new), spans.toArray(Span[]::new), true));
        }
        TrainingParameters parameters = TrainingParameters.defaultParams();
        parameters.put(TrainingParameters.ITERATIONS_PARAM, 60);
        parameters.put(TrainingParameters.CUTOFF_PARAM, 1);
        return NameFinderME.train("en", type, ObjectStreamUtils.createObjectStream(samples), parameters,
                new TokenNameFinderFactory());
    }

    private static List<String> words(String text) {
        return List.of(text.trim().split("\\s+")).stream().filter(w -> !w.isEmpty()).toList();
    }
}
