package dev.camelsuite.app.enhancer;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.engines.opennlp.NameFinderEngine;
import dev.camelsuite.enhancer.engines.opennlp.OpenNlpModels;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import opennlp.tools.namefind.TokenNameFinderModel;
import org.apache.camel.CamelContext;
import org.apache.camel.quarkus.main.events.BeforeStart;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The statistical name finder ({@code namefinder}, Stanbol's {@code opennlp-ner}) with the OpenNLP models a deployer
 * gives in {@code camelsuite.enhancer.name-finder-models}: entries {@code <language>=<file>}, any number per
 * language (one per kind of name). Without models there is no such engine. A model that cannot be read fails the
 * start, naming the setting.
 */
@ApplicationScoped
public class NameFinderModels {

    static final String SETTING = "camelsuite.enhancer.name-finder-models";

    private final Optional<List<String>> entries;
    private final CamelContext camelContext;

    NameFinderModels(@ConfigProperty(name = SETTING) Optional<List<String>> entries, CamelContext camelContext) {
        this.entries = entries;
        this.camelContext = camelContext;
    }

    /** Before Stanbol's names are added, so that the engine gets its Stanbol name too. */
    void addNameFinder(@Observes @Priority(2000) BeforeStart camelStarts) {
        if (entries.isEmpty() || entries.get().isEmpty()) {
            return;
        }
        camelContext.getComponent("enhancer", EnhancerComponent.class)
                .addEngine(new NameFinderEngine(NameFinderEngine.NAME, models(entries.get())));
    }

    static Map<String, List<TokenNameFinderModel>> models(List<String> entries) {
        Map<String, List<TokenNameFinderModel>> models = new LinkedHashMap<>();
        for (String entry : entries) {
            int equals = entry.indexOf('=');
            if (equals <= 0 || equals == entry.length() - 1) {
                throw new IllegalArgumentException(SETTING + ": '" + entry + "' is not <language>=<model file>");
            }
            Path file = Path.of(entry.substring(equals + 1).trim());
            if (!Files.isReadable(file)) {
                throw new IllegalArgumentException(SETTING + ": the model file " + file + " cannot be read");
            }
            try {
                models.computeIfAbsent(entry.substring(0, equals).trim(), language -> new ArrayList<>())
                        .add(OpenNlpModels.nameFinderModel(file));
            } catch (RuntimeException e) {
                throw new IllegalArgumentException(SETTING + ": " + file + " is not an OpenNLP name finder model", e);
            }
        }
        return models;
    }
}
