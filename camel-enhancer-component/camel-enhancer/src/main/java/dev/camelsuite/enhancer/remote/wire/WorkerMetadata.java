package dev.camelsuite.enhancer.remote.wire;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * What a worker instance says about itself when asked (UIMA AS's GetMeta): its instance id, its chain, the chain's
 * engines in execution order with their order and optional flag, and the wire formats it reads. Travels as JSON.
 */
public record WorkerMetadata(String instanceId, String chain, List<Engine> engines, List<String> serializers) {

    /** One engine of the worker's chain. */
    public record Engine(String name, int order, boolean optional) {
    }

    private static final JsonFactory JSON = new JsonFactory();

    public String toJson() {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartObject();
            g.writeStringField("instanceId", instanceId);
            g.writeStringField("chain", chain);
            g.writeArrayFieldStart("engines");
            for (Engine e : engines) {
                g.writeStartObject();
                g.writeStringField("name", e.name());
                g.writeNumberField("order", e.order());
                g.writeBooleanField("optional", e.optional());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("serializers");
            for (String s : serializers) {
                g.writeString(s);
            }
            g.writeEndArray();
            g.writeEndObject();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out.toString();
    }

    public static WorkerMetadata fromJson(String json) throws IOException {
        String instanceId = null;
        String chain = null;
        List<Engine> engines = new ArrayList<>();
        List<String> serializers = new ArrayList<>();
        try (JsonParser p = JSON.createParser(json)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("worker metadata is not a JSON object");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                p.nextToken();
                switch (field) {
                    case "instanceId" -> instanceId = p.getValueAsString();
                    case "chain" -> chain = p.getValueAsString();
                    case "engines" -> {
                        while (p.nextToken() == JsonToken.START_OBJECT) {
                            String name = null;
                            int order = 0;
                            boolean optional = false;
                            while (p.nextToken() == JsonToken.FIELD_NAME) {
                                String f = p.currentName();
                                p.nextToken();
                                switch (f) {
                                    case "name" -> name = p.getValueAsString();
                                    case "order" -> order = p.getIntValue();
                                    case "optional" -> optional = p.getBooleanValue();
                                    default -> p.skipChildren();
                                }
                            }
                            engines.add(new Engine(name, order, optional));
                        }
                    }
                    case "serializers" -> {
                        while (p.nextToken() == JsonToken.VALUE_STRING) {
                            serializers.add(p.getText());
                        }
                    }
                    default -> p.skipChildren();
                }
            }
        }
        if (instanceId == null || chain == null) {
            throw new IOException("worker metadata without instanceId or chain");
        }
        return new WorkerMetadata(instanceId, chain, List.copyOf(engines), List.copyOf(serializers));
    }
}
