package dev.camelsuite.app.workflow;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The optional JSON body of a workflow creation, {@code {"context": {...}}}: the object version's context. As in the
 * workflow service, a blank context ({@code ""}, {@code {}}, {@code []}, {@code false}) deletes it and an absent or
 * null one keeps it.
 */
final class CreateBody {

    private CreateBody() {
    }

    /** The context for the {@code create} operation: JSON text to store, {@code ""} to delete it, null to keep it. */
    static String context(ObjectMapper json, String body) {
        if (body == null || body.isBlank()) {
            return null;
        }
        JsonNode root;
        try {
            root = json.readTree(body);
        } catch (JsonProcessingException e) {
            throw new InvalidRequestException("The body must be JSON like {\"context\": {...}}: "
                                              + e.getOriginalMessage());
        }
        if (!root.isObject()) {
            throw new InvalidRequestException("The body must be a JSON object like {\"context\": {...}}");
        }
        JsonNode context = root.get("context");
        if (context == null || context.isNull()) {
            return null;
        }
        if (isBlank(context)) {
            return "";
        }
        return context.toString();
    }

    private static boolean isBlank(JsonNode context) {
        return context.isContainerNode() && context.isEmpty()
               || context.isTextual() && context.asText().isBlank()
               || context.isBoolean() && !context.asBoolean();
    }
}
