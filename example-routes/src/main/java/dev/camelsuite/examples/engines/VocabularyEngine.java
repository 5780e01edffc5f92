package dev.camelsuite.examples.engines;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.engine.EngineException;
import dev.camelsuite.enhancer.engine.EngineOrder;
import dev.camelsuite.enhancer.engine.EnhancementEngine;

/**
 * Finds the labels of a small vocabulary (CSV: label, reference, type, language) as whole words in the text and links
 * them to their entities. A language the vocabulary has no entries for fails the engine, as a missing NER model does.
 */
public class VocabularyEngine implements EnhancementEngine {

    public static final String ENTITY = "entity";

    private record Entry(String label, String reference, String type) {
    }

    private final Map<String, List<Entry>> byLanguage = new HashMap<>();

    public VocabularyEngine(String classpathResource) {
        try (InputStream in = VocabularyEngine.class.getClassLoader().getResourceAsStream(classpathResource)) {
            if (in == null) {
                throw new IllegalArgumentException("No vocabulary at classpath:" + classpathResource);
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String line;
            int number = 0;
            while ((line = reader.readLine()) != null) {
                number++;
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split(",");
                if (f.length != 4) {
                    throw new IllegalArgumentException(classpathResource + " line " + number
                                                       + ": expected label,reference,type,language");
                }
                byLanguage.computeIfAbsent(f[3].trim(), k -> new ArrayList<>())
                        .add(new Entry(f[0].trim(), f[1].trim(), f[2].trim()));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String getName() {
        return "ner";
    }

    @Override
    public int getOrder() {
        return EngineOrder.NER;
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        String language = item.getLanguage();
        List<Entry> entries = byLanguage.get(language);
        if (entries == null) {
            throw new EngineException("No NER model for language '" + language + "' is available");
        }
        String text = item.getText();
        for (Entry entry : entries) {
            for (int at = text.indexOf(entry.label()); at >= 0; at = text.indexOf(entry.label(), at + 1)) {
                int end = at + entry.label().length();
                if (wordBoundary(text, at - 1) && wordBoundary(text, end)) {
                    TextAnnotation mention = item.addAnnotation(ENTITY, at, end, 0.9, getName(), null);
                    item.addEntity(entry.reference(), entry.label(), List.of(entry.type()), 0.8, getName(), mention);
                }
            }
        }
    }

    private static boolean wordBoundary(String text, int index) {
        return index < 0 || index >= text.length() || !Character.isLetterOrDigit(text.charAt(index));
    }
}
