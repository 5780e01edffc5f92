package dev.camelsuite.enhancer;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EnhancementProperties;
import org.apache.camel.Exchange;
import org.apache.camel.Message;

/** Turns an exchange's body into the content item a chain enhances, and gives it its reference id. */
public final class ContentItemBodies {

    private ContentItemBodies() {
    }

    /**
     * The body as a content item: an item as it is; text, bytes or streams through the type converters (bytes with
     * their {@code Content-Type}); anything else through its String form. A {@code Content-Language} header sets the
     * caller's language of a new item; a {@code CamelEnhancerProperties} header, the item's enhancement properties.
     * The reference id is the header's, else the item's, else a new one.
     */
    public static ContentItem from(Exchange exchange) throws Exception {
        Message in = exchange.getIn();
        Object body = in.getBody();
        ContentItem item;
        boolean headers = in.hasHeaders();
        if (body instanceof ContentItem existing) {
            item = existing;
        } else {
            // text as the String converter takes it, without looking the converter up
            item = body instanceof String text ? ContentItem.ofText(text) : in.getBody(ContentItem.class);
            if (item == null) {
                item = ContentItem.ofText(in.getMandatoryBody(String.class));
            }
            String language = headers ? in.getHeader(EnhancerConstants.CONTENT_LANGUAGE, String.class) : null;
            if (language != null && !language.isBlank()) {
                item.setLanguage(language.trim());
            }
        }
        if (!headers) {
            item.setReferenceId(item.getReferenceId() != null
                    ? item.getReferenceId() : exchange.getContext().getUuidGenerator().generateUuid());
            return item;
        }
        Map<?, ?> properties = in.getHeader(EnhancerConstants.PROPERTIES, Map.class);
        if (properties != null) {
            Map<String, Object> named = new LinkedHashMap<>();
            properties.forEach((k, v) -> named.put(String.valueOf(k), v));
            item.setProperties(EnhancementProperties.of(named));
        }
        String referenceId = in.getHeader(EnhancerConstants.REFERENCE_ID, String.class);
        if (referenceId == null) {
            referenceId = item.getReferenceId() != null
                    ? item.getReferenceId() : exchange.getContext().getUuidGenerator().generateUuid();
        }
        item.setReferenceId(referenceId);
        return item;
    }

    /** The timeout of this exchange: the header's, else the endpoint's. */
    public static long timeout(Exchange exchange, EnhancerConfiguration configuration) {
        Message in = exchange.getIn();
        Long header = in.hasHeaders() ? in.getHeader(EnhancerConstants.TIMEOUT, Long.class) : null;
        long timeout = header != null ? header : configuration.getTimeout();
        if (timeout < 0) {
            throw new IllegalArgumentException("Header " + EnhancerConstants.TIMEOUT + " must be >= 0 but was " + timeout);
        }
        return timeout;
    }
}
