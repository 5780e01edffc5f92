package dev.camelsuite.enhancer;

import java.io.IOException;
import java.io.InputStream;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentItemJson;
import org.apache.camel.Converter;
import org.apache.camel.Exchange;

/** Type conversions to and from content items: text and bytes in, JSON out. */
@Converter(generateLoader = true)
public final class EnhancerConverters {

    private EnhancerConverters() {
    }

    /** The text becomes the item's plain text. */
    @Converter
    public static ContentItem toContentItem(String text) {
        return ContentItem.ofText(text);
    }

    /**
     * Bytes of the media type in the exchange's {@code Content-Type} header; when it has none (a file route's body),
     * text when they read as UTF-8 text, else a document for the {@code tika} engine to recognise
     * ({@link ContentItem#unstatedType}).
     */
    @Converter
    public static ContentItem toContentItem(byte[] data, Exchange exchange) {
        return ContentItem.ofBytes(null, data, mediaTypeOf(exchange, data));
    }

    /** A stream is read whole, as bytes of the exchange's {@code Content-Type}. */
    @Converter
    public static ContentItem toContentItem(InputStream stream, Exchange exchange) throws IOException {
        byte[] data = stream.readAllBytes();
        return ContentItem.ofBytes(null, data, mediaTypeOf(exchange, data));
    }

    /** The item's JSON (schema in the component documentation). */
    @Converter
    public static String toString(ContentItem item) {
        return ContentItemJson.toJson(item);
    }

    private static String mediaTypeOf(Exchange exchange, byte[] data) {
        String type = exchange == null ? null : exchange.getIn().getHeader(Exchange.CONTENT_TYPE, String.class);
        return type == null ? ContentItem.unstatedType(data) : type;
    }
}
