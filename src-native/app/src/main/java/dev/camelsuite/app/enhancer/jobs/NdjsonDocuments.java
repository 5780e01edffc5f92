package dev.camelsuite.app.enhancer.jobs;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import jakarta.ws.rs.BadRequestException;

/**
 * The documents of an {@code application/x-ndjson} batch: one JSON object a line,
 * {@code {"id": "…", "text": "…"}}, with {@code "type"} (the text's media type, {@code text/plain} when not given) and
 * {@code "language"} optional. Read one after another from the body as it arrives, never the body whole: memory holds
 * one document. Anything else is a 400 that says which line and what.
 */
final class NdjsonDocuments {

    private NdjsonDocuments() {
    }

    /**
     * Reads every document of {@code body} into {@code sink}.
     *
     * @param maxCharacters the most characters a document's text may have
     */
    static void read(InputStream body, int maxCharacters, BatchDocument.Sink sink) throws IOException, SQLException {
        JsonFactory json = JsonFactory.builder().streamReadConstraints(StreamReadConstraints.builder()
                .maxStringLength(maxCharacters).maxNestingDepth(2).build()).build();
        try (JsonParser parser = json.createParser(body)) {
            JsonToken token;
            while ((token = next(parser)) != null) {
                if (token != JsonToken.START_OBJECT) {
                    throw refused(parser, "each line must be a JSON object {\"id\": …, \"text\": …}");
                }
                sink.accept(document(parser));
            }
        }
    }

    private static BatchDocument document(JsonParser parser) throws IOException {
        String id = null;
        String text = null;
        String type = "text/plain; charset=UTF-8";
        String language = null;
        while (next(parser) == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            if (next(parser) != JsonToken.VALUE_STRING) {
                throw refused(parser, "\"" + field + "\" must be a string");
            }
            switch (field) {
                case "id" -> id = text(parser);
                case "text" -> text = text(parser);
                case "type" -> type = text(parser);
                case "language" -> language = text(parser);
                default -> throw refused(parser, "a document has \"id\", \"text\", \"type\" and \"language\", not \""
                                                 + field + "\"");
            }
        }
        if (id == null || text == null) {
            throw refused(parser, "a document needs its \"id\" and its \"text\"");
        }
        return new BatchDocument(id, text.getBytes(StandardCharsets.UTF_8), type, language);
    }

    /** A string's text, read only now: a string longer than a document may be is refused here. */
    private static String text(JsonParser parser) throws IOException {
        try {
            return parser.getText();
        } catch (StreamConstraintsException e) {
            throw refused(parser, "a string longer than " + parser.streamReadConstraints().getMaxStringLength()
                                  + " characters, the most a document may have (camelsuite.enhancer.max-body-size)");
        }
    }

    private static JsonToken next(JsonParser parser) throws IOException {
        try {
            return parser.nextToken();
        } catch (StreamConstraintsException e) {
            throw refused(parser, "a document is one object of strings, nested no deeper");
        } catch (JsonProcessingException e) {
            // the parser's own words name the limit or the mistake; its location is the line
            throw refused(parser, e.getOriginalMessage());
        }
    }

    private static BadRequestException refused(JsonParser parser, String why) {
        return new BadRequestException("The batch's line " + parser.currentLocation().getLineNr() + " is not a"
                                       + " document: " + why);
    }
}
