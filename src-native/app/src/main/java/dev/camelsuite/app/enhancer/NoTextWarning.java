package dev.camelsuite.app.enhancer;

import dev.camelsuite.enhancer.content.ContentItem;
import jakarta.ws.rs.core.Response;

/**
 * Says in the answer a client sees by default when the chain found no text to work on: a PDF whose bytes curl's
 * {@code --data @file} mangled (it drops line breaks), an image, an empty body. The enhancements are answered all the
 * same (Stanbol answers them too, and the engines that declined say why in the execution metadata), with a
 * {@code Warning} header (code 299, a persistent warning) saying what happened and what to send instead.
 */
final class NoTextWarning {

    static final String HEADER = "Warning";
    static final String TEXT = "299 - \"No text was found in the content, so the chain's engines had nothing to work"
                               + " on: send a text, or a document the server reads (PDF, DOCX, HTML, ...) as its"
                               + " exact bytes with its Content-Type (curl --data-binary @file, not --data @file,"
                               + " which drops line breaks); executionmetadata=true says which engines declined\"";

    private NoTextWarning() {
    }

    /** The answer, with the warning when {@code item} has no text. */
    static Response add(Response answer, ContentItem item) {
        String text = item.getText();
        if (text != null && !text.isBlank()) {
            return answer;
        }
        return Response.fromResponse(answer).header(HEADER, TEXT).build();
    }
}
