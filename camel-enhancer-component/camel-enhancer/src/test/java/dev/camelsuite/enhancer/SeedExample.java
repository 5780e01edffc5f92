package dev.camelsuite.enhancer;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;

/**
 * The example of Stanbol's execution metadata documentation, with its plan made consistent: langid; ner after langid;
 * dbpediaLinking and geonamesLinking after ner; zemanta optional and independent.
 */
final class SeedExample {

    static final String NER_MESSAGE = "No NER model for language 'de' is available";

    /** Counted down by zemanta when it starts; langid waits for it, which proves zemanta did not wait for langid. */
    final CountDownLatch zemantaStarted = new CountDownLatch(1);
    final Chain chain = Chain.graph("demoChain",
            "langid",
            "ner;dependsOn=langid",
            "dbpediaLinking;dependsOn=ner",
            "geonamesLinking;dependsOn=ner",
            "zemanta;optional");

    final EnhancementEngine langid = EnhancementEngine.of("langid", EngineOrder.LANGUAGE_DETECTION, item -> {
        try {
            if (!zemantaStarted.await(10, TimeUnit.SECONDS)) {
                throw new EngineException("zemanta did not start while langid was running");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineException("interrupted");
        }
        item.addLanguage("de", 0.98, "langid");
    });
    final EnhancementEngine ner = EnhancementEngine.of("ner", EngineOrder.NER, item -> {
        throw new EngineException(NER_MESSAGE);
    });
    final EnhancementEngine dbpediaLinking = EnhancementEngine.of("dbpediaLinking", item -> {
        throw new AssertionError("dbpediaLinking must never run");
    });
    final EnhancementEngine geonamesLinking = EnhancementEngine.of("geonamesLinking", item -> {
        throw new AssertionError("geonamesLinking must never run");
    });
    /** A remote service in Stanbol: asynchronous, so it runs while langid holds the item's lock. */
    final EnhancementEngine zemanta = new EnhancementEngine() {
        @Override
        public String getName() {
            return "zemanta";
        }

        @Override
        public CanEnhance canEnhance(ContentItem item) {
            return CanEnhance.ASYNCHRONOUS;
        }

        @Override
        public void computeEnhancements(ContentItem item) {
            zemantaStarted.countDown();
            // adding takes the item's lock, so this waits until langid is done with the item
            item.addEntity("http://dbpedia.org/resource/Berlin", "Berlin", List.of("http://dbpedia.org/ontology/Place"),
                    0.7, "zemanta", null);
        }
    };

    void bindTo(EnhancerComponent component) {
        component.addChain(chain);
        for (EnhancementEngine e : new EnhancementEngine[] { langid, ner, dbpediaLinking, geonamesLinking, zemanta }) {
            component.addEngine(e);
        }
    }
}
