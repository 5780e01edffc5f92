package dev.camelsuite.benchmarks;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * A made-up RDF dataset of people, places and organisations as N-Triples, gzipped: each entity with 3 labels (its name
 * in English and in French, and a short form for every language), 2 types (a DBpedia class and its parent) and 2
 * other statements (a picture and an English definition). Names are two made-up words, so some repeat, as names do.
 */
final class MadeUpDataset {

    static final String ENTITY = "https://example.org/made-up/entity/";
    private static final String DBO = "http://dbpedia.org/ontology/";
    private static final String[][] TYPES = { { "Scientist", "Person" }, { "Writer", "Person" },
                                              { "City", "Place" }, { "River", "Place" },
                                              { "Company", "Organisation" }, { "University", "Organisation" } };

    private final int entities;
    private final long seed;

    MadeUpDataset(int entities, long seed) {
        this.entities = entities;
        this.seed = seed;
    }

    /** The name of entity {@code i}: the same for the same seed, whether written or asked for later. */
    String name(int i) {
        Random r = new Random(seed * 31 + i);
        return word(r) + " " + word(r);
    }

    /** Writes the dataset; answers the number of statements written. */
    long write(Path file) throws IOException {
        long statements = 0;
        try (Writer out = new BufferedWriter(new OutputStreamWriter(
                new GZIPOutputStream(Files.newOutputStream(file), 1 << 16), StandardCharsets.UTF_8), 1 << 16)) {
            for (int i = 0; i < entities; i++) {
                String s = "<" + ENTITY + i + ">";
                String name = name(i);
                String[] types = TYPES[i % TYPES.length];
                out.write(s + " <http://www.w3.org/2000/01/rdf-schema#label> \"" + name + "\"@en .\n");
                out.write(s + " <http://www.w3.org/2000/01/rdf-schema#label> \"" + name + "\"@fr .\n");
                out.write(s + " <http://www.w3.org/2004/02/skos/core#altLabel> \"" + shortForm(name) + "\" .\n");
                out.write(s + " <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <" + DBO + types[0] + "> .\n");
                out.write(s + " <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <" + DBO + types[1] + "> .\n");
                out.write(s + " <http://xmlns.com/foaf/0.1/depiction> <https://example.org/made-up/images/" + i
                          + ".jpg> .\n");
                out.write(s + " <http://www.w3.org/2004/02/skos/core#definition> \"A made-up " + types[0]
                        .toLowerCase() + ", number " + i + " of the benchmark's dataset\"@en .\n");
                statements += 7;
            }
        }
        return statements;
    }

    /** "Kabode Lomiru" is "K. Lomiru". */
    private static String shortForm(String name) {
        return name.charAt(0) + ". " + name.substring(name.indexOf(' ') + 1);
    }

    /**
     * An English text of sentences each naming entities of the dataset (or of the names given), about {@code chars}
     * long: the mentions a linking engine finds, and words between them it reads past.
     */
    static String text(List<String> names, int chars, long seed) {
        Random r = new Random(seed);
        String[] verbs = { "met", "wrote to", "visited", "worked with", "read about", "travelled to" };
        StringBuilder sb = new StringBuilder();
        while (sb.length() < chars) {
            sb.append(names.get(r.nextInt(names.size()))).append(' ').append(verbs[r.nextInt(verbs.length)])
                    .append(' ').append(names.get(r.nextInt(names.size()))).append(" in the spring of ")
                    .append(1900 + r.nextInt(120)).append(". ");
        }
        return sb.toString();
    }

    /** Names of {@code count} entities of the dataset, spread over it. */
    List<String> names(int count) {
        List<String> names = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            names.add(name((int) ((long) k * entities / count)));
        }
        return names;
    }

    private static String word(Random random) {
        String consonants = "bcdfghklmnprstvz";
        String vowels = "aeiou";
        StringBuilder w = new StringBuilder();
        int syllables = 2 + random.nextInt(2);
        for (int s = 0; s < syllables; s++) {
            w.append(consonants.charAt(random.nextInt(consonants.length())));
            w.append(vowels.charAt(random.nextInt(vowels.length())));
        }
        w.setCharAt(0, Character.toUpperCase(w.charAt(0)));
        return w.toString();
    }
}
