package dev.camelsuite.enhancer.content;

import java.util.List;

import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** What the docs show of an enhanced item in Simple expressions works as written. */
class ContentItemInSimpleTest {

    private CamelContext camel;
    private Exchange exchange;

    @BeforeEach
    void item() throws Exception {
        camel = new DefaultCamelContext();
        camel.start();
        ContentItem item = ContentItem.ofText("Paris is big. Berlin too.");
        item.addLanguage("en", 0.9, "langid");
        item.addAnnotation("sentence", 0, 13, 1.0, "sentences", null);
        TextAnnotation paris = item.addAnnotation("entity", 0, 5, 1.0, "ner", null);
        item.addEntity("https://example.org/paris", "Paris", List.of(), 1.0, "ner", paris);
        exchange = new DefaultExchange(camel);
        exchange.getIn().setBody(item);
    }

    @AfterEach
    void stop() throws Exception {
        camel.close();
    }

    private Object simple(String expression) {
        return camel.resolveLanguage("simple").createExpression(expression).evaluate(exchange, Object.class);
    }

    @Test
    void annotationsEntitiesTextAndLanguage() {
        // ${body.annotations} was ambiguous while the item had getAnnotations(String) beside getAnnotations()
        assertThat(simple("${body.annotations.size}")).isEqualTo(3);
        assertThat(simple("${body.annotations[2].coveredText}")).isEqualTo("Paris");
        assertThat(simple("${body.getAnnotationsOfType('sentence').size}")).isEqualTo(1);
        assertThat(simple("${body.entities[0].label}")).isEqualTo("Paris");
        assertThat(simple("${body.text}")).isEqualTo("Paris is big. Berlin too.");
        assertThat(simple("${body.language}")).isEqualTo("en");
    }
}
