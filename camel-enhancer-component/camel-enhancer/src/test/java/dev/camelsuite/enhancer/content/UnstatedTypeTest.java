package dev.camelsuite.enhancer.content;

import java.nio.charset.StandardCharsets;

import dev.camelsuite.enhancer.EnhancerConverters;
import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Bytes that come without a media type: text when they read as UTF-8 text, else a document to recognise. */
class UnstatedTypeTest {

    @Test
    void utf8TextIsTextAndOtherBytesADocument() {
        assertThat(ContentItem.unstatedType("Zoë went to Paris.\n\tTwice.".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("text/plain");
        assertThat(ContentItem.unstatedType(new byte[0])).isEqualTo("text/plain");
        // Latin-1 is not UTF-8; a PDF has binary bytes; a NUL is no text
        assertThat(ContentItem.unstatedType("Zoë".getBytes(StandardCharsets.ISO_8859_1)))
                .isEqualTo("application/octet-stream");
        assertThat(ContentItem.unstatedType(new byte[] { '%', 'P', 'D', 'F', '-', '1', '.', '4', '\n', (byte) 0xE2,
            (byte) 0xE3 })).isEqualTo("application/octet-stream");
        assertThat(ContentItem.unstatedType("a\0b".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("application/octet-stream");
    }

    @Test
    void aBodyOfBytesWithoutContentTypeIsTextOrADocumentByItsBytes() {
        Exchange exchange = new DefaultExchange(new DefaultCamelContext());
        ContentItem text = EnhancerConverters.toContentItem("Marie Curie".getBytes(StandardCharsets.UTF_8), exchange);
        assertThat(text.getText()).isEqualTo("Marie Curie");
        ContentItem binary = EnhancerConverters.toContentItem(new byte[] { (byte) 0xFF, (byte) 0xD8, (byte) 0xFF },
                exchange);
        assertThat(binary.getText()).isNull();
        assertThat(binary.getPart("content").mediaType()).isEqualTo("application/octet-stream");
        // a stated type wins
        exchange.getIn().setHeader(Exchange.CONTENT_TYPE, "text/plain; charset=ISO-8859-1");
        assertThat(EnhancerConverters.toContentItem("Zoë".getBytes(StandardCharsets.ISO_8859_1), exchange).getText())
                .isEqualTo("Zoë");
    }
}
