package dev.camelsuite.app.enhancer;

import java.util.Map;
import java.util.function.UnaryOperator;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.apache.camel.CamelContext;
import org.apache.camel.quarkus.main.events.BeforeStart;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Stanbol's names for the engines that stand in for Stanbol's, under {@code camelsuite.enhancer.stanbol-names=true}:
 * each engine answers under Stanbol's engine name too ({@code /enhancer/engine/langdetect} runs {@code langid}), and
 * the {@code dc:creator} of what it writes is the Java class name Stanbol's engine writes, for clients that filter on
 * it. Off (the default) nothing changes.
 */
@ApplicationScoped
public class StanbolNames {

    /** What one of this suite's engines is called in Stanbol: its engine name and the class it writes as creator. */
    record StanbolEngine(String name, String className) {
        String simpleClassName() {
            return className.substring(className.lastIndexOf('.') + 1);
        }
    }

    /** By this suite's engine name. */
    static final Map<String, StanbolEngine> ENGINES = Map.of(
            "tika", new StanbolEngine("tika", "org.apache.stanbol.enhancer.engines.tika.TikaEngine"),
            "langid", new StanbolEngine("langdetect",
                    "org.apache.stanbol.enhancer.engines.langdetect.LanguageDetectionEnhancementEngine"),
            "sentences", new StanbolEngine("opennlp-sentence",
                    "org.apache.stanbol.enhancer.engines.opennlp.sentence.impl.OpenNlpSentenceDetectionEngine"),
            "tokens", new StanbolEngine("opennlp-token",
                    "org.apache.stanbol.enhancer.engines.opennlp.token.impl.OpenNlpTokenizerEngine"),
            "pos", new StanbolEngine("opennlp-pos",
                    "org.apache.stanbol.enhancer.engines.opennlp.pos.services.OpenNlpPosTaggingEngine"),
            "ner", new StanbolEngine("ner",
                    "org.apache.stanbol.enhancer.engines.opennlp.impl.NamedEntityExtractionEnhancementEngine"),
            "namefinder", new StanbolEngine("opennlp-ner",
                    "org.apache.stanbol.enhancer.engines.opennlp.impl.NamedEntityExtractionEnhancementEngine"));

    private final boolean on;
    private final CamelContext camelContext;

    StanbolNames(@ConfigProperty(name = "camelsuite.enhancer.stanbol-names") boolean on, CamelContext camelContext) {
        this.on = on;
        this.camelContext = camelContext;
    }

    boolean isOn() {
        return on;
    }

    /** Adds each engine under its Stanbol name, where that differs, before any route or request can look it up. */
    void addStanbolNames(@Observes BeforeStart camelStarts) {
        if (!on) {
            return;
        }
        EnhancerComponent enhancer = camelContext.getComponent("enhancer", EnhancerComponent.class);
        ENGINES.forEach((ours, stanbol) -> {
            EnhancementEngine engine = enhancer.lookupEngine(ours);
            if (engine != null && !stanbol.name().equals(ours)) {
                enhancer.addEngine(new EngineAlias(stanbol.name(), engine));
            }
        });
    }

    /** The {@code dc:creator} written for an engine's name: Stanbol's class name when on, else the name. */
    UnaryOperator<String> creators() {
        if (!on) {
            return UnaryOperator.identity();
        }
        return engine -> {
            StanbolEngine stanbol = ENGINES.get(engine);
            return stanbol == null ? engine : stanbol.className();
        };
    }

    /**
     * The class an engine is shown with on the enhancer's pages, as Stanbol's page shows it: Stanbol's engine class
     * when on and the engine stands in for one, followed by the Stanbol name it also answers under where that differs
     * ({@code LanguageDetectionEnhancementEngine; also langdetect}: Stanbol's clients look for either name on the
     * chain's page); else the engine's own class.
     */
    String shownClass(String name, EnhancementEngine engine) {
        EnhancementEngine own = engine instanceof EngineAlias alias ? alias.engine() : engine;
        if (on) {
            for (Map.Entry<String, StanbolEngine> e : ENGINES.entrySet()) {
                if (e.getKey().equals(own.getName()) || e.getValue().name().equals(name)) {
                    String stanbolName = e.getValue().name();
                    return e.getValue().simpleClassName() + (stanbolName.equals(name) ? "" : "; also " + stanbolName);
                }
            }
        }
        return own.getClass().getSimpleName();
    }
}
