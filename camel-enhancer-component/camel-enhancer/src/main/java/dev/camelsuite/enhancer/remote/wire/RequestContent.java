package dev.camelsuite.enhancer.remote.wire;

import java.util.List;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentPart;
import dev.camelsuite.enhancer.content.HeldContent;

/**
 * The content a request carried — its text and parts as they were sent — which its reply need not carry back: the
 * requester still holds it (requests marked {@link WireProtocol#REPLY_CONTENT} {@code added}). The worker leaves out of
 * the reply the text when it is still the request's, and the request's parts when the reply still begins with all of
 * them, unchanged; the producer puts them back.
 */
public record RequestContent(String text, List<ContentPart> parts) implements HeldContent {

    /** The item's content now (the parts listed as they are; their bytes are never changed). */
    public static RequestContent of(ContentItem item) {
        return new RequestContent(item.getText(), List.copyOf(item.getParts()));
    }

    @Override
    public boolean holdsText(String text) {
        return text.equals(this.text);
    }

    /**
     * How many leading parts are the request's own (same name and the very same bytes): all of the request's, or none —
     * a request part the chain left behind is written, and the reader restores them in order.
     */
    @Override
    public int heldParts(List<ContentPart> itemParts) {
        int same = 0;
        while (same < itemParts.size() && same < parts.size() && itemParts.get(same).name().equals(parts.get(same).name())
               && itemParts.get(same).data() == parts.get(same).data()) {
            same++;
        }
        return same == parts.size() ? same : 0;
    }
}
