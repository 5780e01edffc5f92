package dev.camelsuite.app.workflow;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
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
        } catch (StreamConstraintsException e) {
            throw new InvalidRequestException("The body's JSON is nested deeper than 1000 levels, or holds a number of"
                                              + " more than 1000 digits or a string longer than the body limit");
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new InvalidRequestException("The body must be JSON like {\"context\": {...}}; it is not valid JSON"
                                              + (at == null ? "" : " at line " + at.getLineNr() + ", column "
                                                                  + at.getColumnNr()));
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
        requireFiniteNumbers(context, "context");
        return context.toString();
    }

    /** A number too large for a double (1e400) would be written back as Infinity, which is not JSON. */
    private static void requireFiniteNumbers(JsonNode node, String path) {
        if (node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue())) {
            throw new InvalidRequestException("The number at " + path + " is out of range: at most about 1.8e308");
        }
        if (node.isContainerNode()) {
            var fields = node.fields();
            int i = 0;
            for (JsonNode child : node) {
                String name = node.isObject() ? fields.next().getKey() : null;
                requireFiniteNumbers(child, name == null ? path + "[" + i + "]" : path + "." + name);
                i++;
            }
        }
    }

    private static boolean isBlank(JsonNode context) {
        return context.isContainerNode() && context.isEmpty()
               || context.isTextual() && context.asText().isBlank()
               || context.isBoolean() && !context.asBoolean();
    }
}
