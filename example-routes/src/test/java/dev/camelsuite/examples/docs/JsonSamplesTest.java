package dev.camelsuite.examples.docs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentPart;
import dev.camelsuite.enhancer.content.EnhancementProperties;
import dev.camelsuite.enhancer.content.EntityStatement;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.workflow.WorkflowComponent;
import dev.camelsuite.workflow.WorkflowConstants;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.util.json.Jsoner;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JSON samples of the component references are shapes a real run writes: a content item as JSON
 * (enhancer-component.adoc) and a workflow's status event (workflow-component.adoc). Each key of the sample, at every
 * level (an array by its first element), is in the real one.
 */
class JsonSamplesTest {

    @Test
    void aContentItemAsJson() throws Exception {
        String sample = sample("enhancer-component.adoc", "\"uri\": \"urn:content-item-sha1-");
        try (CamelContext context = new DefaultCamelContext()) {
            EnhancerComponent enhancer = new EnhancerComponent();
            enhancer.addEngine(EnhancementEngine.of("langid", item -> item.addLanguage("en", 0.97, "langid")));
            enhancer.addEngine(EnhancementEngine.of("ner", item -> {
                var mention = item.addAnnotation("person", 0, 13, 0.9, "ner", null);
                item.addEntity("http://dbpedia.org/resource/Angela_Merkel", "Angela Merkel",
                        List.of("http://dbpedia.org/ontology/Person"), 0.75, "ner", mention);
                // what a dereferencing engine copies of the entity
                String merkel = "http://dbpedia.org/resource/Angela_Merkel";
                item.getEntityDescriptions().add(List.of(
                        EntityStatement.text(merkel, "http://www.w3.org/2000/01/rdf-schema#label", "Angela Merkel",
                                "en"),
                        EntityStatement.iri(merkel, "http://xmlns.com/foaf/0.1/depiction",
                                "http://example.org/merkel.jpg"),
                        EntityStatement.typed(merkel, "http://dbpedia.org/ontology/birthDate", "1954-07-17",
                                "http://www.w3.org/2001/XMLSchema#date")));
                throw new EngineException("no model");
            }));
            enhancer.addChain(Chain.graph("demo", "langid", "ner;dependsOn=langid;timeout=500"));
            context.addComponent("enhancer", enhancer);
            context.start();
            ContentItem item = ContentItem.ofText("Angela Merkel visited Paris.");
            item.setLanguage("en");
            item.setProperties(EnhancementProperties.of(Map.of("enhancer.max-suggestions", List.of("3"),
                    "ner:enhancer.engines.dereference.languages", List.of("fr"))));
            item.addPart(new ContentPart("original", "application/pdf", new byte[] { 37, 80, 68, 70 }));
            ContentItem enhanced = context.createProducerTemplate().requestBody("enhancer:demo?throwOnFailure=false",
                    item, ContentItem.class);
            String json = context.getTypeConverter().convertTo(String.class, enhanced);
            assertThat(keys(Jsoner.deserialize(json), "")).containsAll(keys(Jsoner.deserialize(sample), ""));
        }
    }

    @Test
    void aStatusEvent() throws Exception {
        String sample = sample("workflow-component.adoc", "{\"eventId\":");
        List<String> events = new CopyOnWriteArrayList<>();
        try (CamelContext context = new DefaultCamelContext()) {
            JdbcDataSource db = new JdbcDataSource();
            db.setURL("jdbc:h2:mem:json-samples;DB_CLOSE_DELAY=-1");
            context.getRegistry().bind("db", db);
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setTemplates("classpath:books/googleScannedBookWF.xml, classpath:books/accessionWF.xml");
            workflow.setEvents("direct:events");
            context.addComponent("workflow", workflow);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("direct:events").process(e -> events.add(e.getIn().getBody(String.class)));
                }
            });
            context.start();
            context.createProducerTemplate().sendBodyAndHeader("workflow:googleScannedBookWF?operation=create", null,
                    WorkflowConstants.OBJECT_ID, "druid:bb123");
            // the outbox's relay sends it once the create committed
            long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
            while (events.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(events).isNotEmpty();
            assertThat(keys(Jsoner.deserialize(events.get(events.size() - 1)), ""))
                    .containsAll(keys(Jsoner.deserialize(sample), ""));
        }
    }

    /** The JSON block of a page that contains {@code marker}, with "…" values made strings. */
    private static String sample(String page, String marker) throws Exception {
        List<String> lines = Files.readAllLines(Path.of("../docs").resolve(page));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).equals("[source,json]")) {
                StringBuilder block = new StringBuilder();
                for (int j = i + 2; !lines.get(j).equals("----"); j++) {
                    block.append(lines.get(j)).append('\n');
                }
                if (block.toString().contains(marker)) {
                    return block.toString().replaceAll(":\\s*\"…\"", ": \"x\"");
                }
            }
        }
        throw new AssertionError("no JSON sample with " + marker + " in " + page);
    }

    private static List<String> keys(Object node, String path) {
        List<String> keys = new ArrayList<>();
        if (node instanceof List<?> list && !list.isEmpty()) {
            keys.addAll(keys(list.get(0), path + "[]"));
        } else if (node instanceof Map<?, ?> map) {
            map.forEach((name, value) -> {
                keys.add(path + "." + name);
                keys.addAll(keys(value, path + "." + name));
            });
        }
        return keys;
    }
}
