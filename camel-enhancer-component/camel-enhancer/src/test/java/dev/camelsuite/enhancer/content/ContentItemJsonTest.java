package dev.camelsuite.enhancer.content;

import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ContentItemJsonTest {

    static ContentItem sample() {
        ContentItem item = ContentItem.ofText("Angela Merkel visited Paris.");
        item.setReferenceId("ref-1");
        item.addLanguage("en", 0.97, "langid");
        TextAnnotation merkel = item.addAnnotation("person", 0, 13, 0.9, "ner", Map.of("gender", "f", "rank", 1));
        TextAnnotation paris = item.addAnnotation("place", 22, 27, 0.8, "ner", null);
        item.addEntity("http://dbpedia.org/resource/Angela_Merkel", "Angela Merkel",
                List.of("http://dbpedia.org/ontology/Person"), 0.75, "linking", merkel);
        item.addEntity("http://dbpedia.org/resource/Paris", "Paris", List.of(), 0.5, "linking", paris);
        item.addPart(new ContentPart("original", "application/pdf", new byte[] { 1, 2, 3 }));
        ExecutionMetadata md = ExecutionMetadata.create(
                Chain.graph("demo", "langid", "ner;dependsOn=langid;timeout=500").createPlan(n -> 0), item, true);
        md.getEngineExecution("langid").start(java.time.Instant.parse("2026-01-01T00:00:00Z"));
        md.getEngineExecution("langid").complete(java.time.Instant.parse("2026-01-01T00:00:01Z"), null);
        md.getEngineExecution("ner").start(java.time.Instant.parse("2026-01-01T00:00:01Z"));
        md.getEngineExecution("ner").fail(java.time.Instant.parse("2026-01-01T00:00:02Z"), "no model");
        item.setExecutionMetadata(md);
        return item;
    }

    @Test
    void aRoundTripKeepsEverything() {
        ContentItem item = sample();
        String json = ContentItemJson.toJson(item);
        ContentItem back = ContentItemJson.fromJson(json);
        assertThat(back.getUri()).isEqualTo(item.getUri()).startsWith(ContentItem.URI_PREFIX);
        assertThat(back.getReferenceId()).isEqualTo("ref-1");
        assertThat(back.getText()).isEqualTo(item.getText());
        assertThat(back.getLanguage()).isEqualTo("en");
        assertThat(back.getAnnotations()).isEqualTo(item.getAnnotations());
        assertThat(back.getEntities()).isEqualTo(item.getEntities());
        assertThat(back.getEntities().get(0).getTextAnnotation().getCoveredText()).isEqualTo("Angela Merkel");
        assertThat(back.getPart("original").data()).containsExactly(1, 2, 3);
        ExecutionMetadata md = back.getExecutionMetadata();
        assertThat(md.getPlan()).isEqualTo(item.getExecutionMetadata().getPlan());
        assertThat(md.getChainExecution().isDefaultChain()).isTrue();
        assertThat(md.getEngineExecution("ner").getStatus()).isEqualTo(ExecutionStatus.FAILED);
        assertThat(md.getEngineExecution("ner").getStatusMessage()).isEqualTo("no model");
        assertThat(md.getEngineExecution("ner").getNode().getTimeout()).isEqualTo(500);
        assertThat(back.getAnnotations().get(1).getFeature("rank")).isEqualTo(1);
        assertThat(ContentItemJson.toJson(back)).isEqualTo(json);
        // new annotations continue the numbering
        assertThat(back.addAnnotation("x", 1.0, "e", null).getId()).isEqualTo("ta-4");
    }

    @Test
    void enhancementPropertiesGoWithTheItem() {
        ContentItem item = ContentItem.ofText("Paris.");
        item.setProperties(EnhancementProperties.of(Map.of("enhancer.max-suggestions", "3",
                "ner:enhancer.engines.dereference.languages", List.of("fr", "de"))));
        String json = ContentItemJson.toJson(item);
        assertThat(json).contains("\"properties\":{");
        ContentItem back = ContentItemJson.fromJson(json);
        assertThat(back.getProperties()).isEqualTo(item.getProperties());
        assertThat(back.getProperties().forEngine("ner").asMap()).containsEntry("enhancer.max-suggestions",
                List.of("3")).containsEntry("enhancer.engines.dereference.languages", List.of("fr", "de"));
        assertThat(ContentItemJson.toJson(ContentItem.ofText("none"))).doesNotContain("properties");
    }

    @Test
    void theSchemaUsesTheDocumentedFieldNames() {
        String json = ContentItemJson.toJson(sample());
        assertThat(json).contains("\"uri\":\"urn:content-item-sha1-", "\"referenceId\":\"ref-1\"",
                "\"text\":\"Angela Merkel visited Paris.\"", "\"language\":\"en\"",
                "{\"id\":\"ta-2\",\"type\":\"person\",\"begin\":0,\"end\":13,\"text\":\"Angela Merkel\","
                                                                         + "\"confidence\":0.9,\"engine\":\"ner\"",
                "\"reference\":\"http://dbpedia.org/resource/Angela_Merkel\"", "\"annotation\":\"ta-2\"",
                "\"plan\":[\"langid\",\"ner;dependsOn=langid;timeout=500\"]",
                "{\"engine\":\"ner\",\"status\":\"failed\",\"started\":\"2026-01-01T00:00:01Z\"");
    }

    @Test
    void malformedJsonIsRejectedWithAClearMessage() {
        assertThatThrownBy(() -> ContentItemJson.fromJson("{\"uri\":")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Malformed content item JSON");
        assertThatThrownBy(() -> ContentItemJson.fromJson("[]")).hasMessageContaining("must start with");
        assertThatThrownBy(() -> ContentItemJson.fromJson("{\"uri\":\"u\"}"))
                .hasMessage("Content item u has neither text nor parts");
        assertThatThrownBy(() -> ContentItemJson.fromJson(
                "{\"uri\":\"u\",\"text\":\"abc\",\"annotations\":[{\"id\":\"ta-1\",\"type\":\"t\",\"begin\":2,"
                                                          + "\"end\":9,\"confidence\":1}]}"))
                .hasMessage("Annotation ta-1 has span [2, 9) outside the text");
        assertThatThrownBy(() -> ContentItemJson.fromJson(
                "{\"uri\":\"u\",\"text\":\"abc\",\"executionMetadata\":{\"chain\":\"c\",\"enhances\":\"u\","
                                                          + "\"plan\":[\"a;dependsOn=a\"],\"status\":\"scheduled\"}}"))
                .hasMessage("Chain 'c': engine 'a' depends on itself");
        assertThatThrownBy(() -> ContentItemJson.fromJson(
                "{\"uri\":\"u\",\"text\":\"abc\",\"executionMetadata\":{\"chain\":\"c\",\"enhances\":\"u\","
                                                          + "\"plan\":[\"a\"],\"status\":\"sleeping\"}}"))
                .hasMessageStartingWith("Unknown execution status 'sleeping'");
    }

    @Test
    void typeConvertersTurnTextAndBytesIntoItemsAndItemsIntoJson() throws Exception {
        try (CamelContext context = new DefaultCamelContext()) {
            context.start();
            var tc = context.getTypeConverter();
            assertThat(tc.convertTo(ContentItem.class, "plain").getText()).isEqualTo("plain");
            Exchange exchange = new DefaultExchange(context);
            exchange.getIn().setHeader(Exchange.CONTENT_TYPE, "application/pdf");
            ContentItem pdf = tc.convertTo(ContentItem.class, exchange, new byte[] { 37, 80, 68, 70 });
            assertThat(pdf.getText()).isNull();
            assertThat(pdf.getMediaType()).isEqualTo("application/pdf");
            assertThat(pdf.getPart("content").data()).hasSize(4);
            ContentItem streamed = tc.convertTo(ContentItem.class, new DefaultExchange(context),
                    new java.io.ByteArrayInputStream("from a stream".getBytes()));
            assertThat(streamed.getText()).isEqualTo("from a stream");
            ContentItem item = sample();
            assertThat(tc.convertTo(String.class, item)).isEqualTo(ContentItemJson.toJson(item));
        }
    }

    @Test
    void instantsReadBackExactlyAndAnImpossibleDateIsRefused() {
        String json = ContentItemJson.toJson(sample());
        String started = "\"started\":\"2026-01-01T00:00:01Z\"";
        assertThat(json).contains(started);
        for (String text : List.of("2026-01-11T12:13:14Z", "2024-02-29T23:59:59.123456Z",
                "1970-01-01T00:00:00.000000001Z", "+12026-01-11T12:13:14Z")) {
            ContentItem back = ContentItemJson.fromJson(json.replace(started, "\"started\":\"" + text + "\""));
            assertThat(back.getExecutionMetadata().getEngineExecution("ner").getStarted())
                    .isEqualTo(java.time.Instant.parse(text));
        }
        assertThatThrownBy(() -> ContentItemJson.fromJson(json.replace(started,
                "\"started\":\"2026-02-30T00:00:00Z\""))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Field 'started' is not an ISO-8601 instant: 2026-02-30T00:00:00Z");
    }

    @Test
    void onTheWireAnIdDerivedFromTheContentIsNotHashedButDerivedAgain() throws Exception {
        ContentItem item = ContentItem.ofText("hash me later");
        item.setExecutionMetadata(ExecutionMetadata.create(Chain.list("c", "a").createPlan(n -> 0), item, false));
        var out = new java.io.ByteArrayOutputStream();
        ContentItemJson.writeForWire(item, out, new com.fasterxml.jackson.core.JsonFactory());
        String wire = out.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(wire).doesNotContain("\"uri\"").doesNotContain("\"enhances\"");
        ContentItem back = ContentItemJson.fromJson(wire);
        assertThat(back.getUri()).isEqualTo(item.getUri());
        assertThat(back.getExecutionMetadata().getChainExecution().getEnhances()).isEqualTo(item.getUri());
        // once known, the id travels
        var again = new java.io.ByteArrayOutputStream();
        ContentItemJson.writeForWire(item, again, new com.fasterxml.jackson.core.JsonFactory());
        assertThat(again.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("\"uri\":\"" + item.getUri());
        // an id given by the caller always travels
        ContentItem named = ContentItem.ofText("urn:mine", "x");
        var named1 = new java.io.ByteArrayOutputStream();
        ContentItemJson.writeForWire(named, named1, new com.fasterxml.jackson.core.JsonFactory());
        assertThat(named1.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("\"uri\":\"urn:mine\"");
    }

    @Test
    void theDefaultIdIsTheSha1OfTheContentAsInStanbol() {
        assertThat(ContentItem.ofText("abc").getUri())
                .isEqualTo("urn:content-item-sha1-a9993e364706816aba3e25717850c26c9cd0d89d");
        assertThat(ContentItem.ofText("urn:mine", "abc").getUri()).isEqualTo("urn:mine");
    }

    @Test
    void annotationsAreChecked() {
        ContentItem item = ContentItem.ofText("short");
        assertThatThrownBy(() -> item.addAnnotation("t", 2, 10, 0.5, "e", null))
                .hasMessage("Span [2, 10) is outside the text of length 5");
        assertThatThrownBy(() -> item.addAnnotation("t", 0, 1, 1.5, "e", null))
                .hasMessage("Confidence must be in [0, 1] but was 1.5");
        TextAnnotation foreign = ContentItem.ofText("other").addAnnotation("t", 0, 1, 0.5, "e", null);
        assertThatThrownBy(() -> item.addEntity("http://x", "x", List.of(), 0.5, "e", foreign))
                .hasMessageContaining("does not belong to content item");
    }
}
