package dev.camelsuite.enhancer.content;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/** Values read from the JSON of a content item: plain maps, lists and scalars, checked field by field. */
final class JsonValues {

    private JsonValues() {
    }

    static List<Map<String, Object>> readObjects(JsonParser p, JsonToken t, String field) throws IOException {
        Object v = readValue(p, t);
        if (!(v instanceof List<?> list)) {
            throw new IllegalArgumentException("Field '" + field + "' must be an array");
        }
        List<Map<String, Object>> result = new ArrayList<>(list.size());
        for (Object o : list) {
            result.add(asObject(o, field));
        }
        return result;
    }

    static Object readValue(JsonParser p, JsonToken t) throws IOException {
        if (t == null) {
            throw new IllegalArgumentException("Content item JSON ends too early");
        }
        switch (t) {
            case START_OBJECT: {
                Map<String, Object> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
                    map.put(name, readValue(p, p.nextToken()));
                }
                return map;
            }
            case START_ARRAY: {
                List<Object> list = new ArrayList<>();
                JsonToken next;
                while ((next = p.nextToken()) != JsonToken.END_ARRAY) {
                    list.add(readValue(p, next));
                }
                return list;
            }
            case VALUE_STRING:
                return p.getText();
            case VALUE_NUMBER_INT:
                // an int written by Java reads back as an Integer, so features compare equal after a round trip
                long v = p.getLongValue();
                return v == (int) v ? (Object) (int) v : (Object) v;
            case VALUE_NUMBER_FLOAT:
                return p.getDoubleValue();
            case VALUE_TRUE:
                return Boolean.TRUE;
            case VALUE_FALSE:
                return Boolean.FALSE;
            case VALUE_NULL:
                return null;
            default:
                throw new IllegalArgumentException("Unexpected " + t + " in content item JSON");
        }
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> asObject(Object v, String field) {
        if (v instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new IllegalArgumentException("Field '" + field + "' must hold objects");
    }

    static String string(Map<String, Object> m, String field, boolean required) {
        Object v = m.get(field);
        if (v == null) {
            if (required) {
                throw new IllegalArgumentException("Field '" + field + "' is missing");
            }
            return null;
        }
        if (!(v instanceof String s)) {
            throw new IllegalArgumentException("Field '" + field + "' must be a string");
        }
        return s;
    }

    static Number number(Map<String, Object> m, String field) {
        Object v = m.get(field);
        if (!(v instanceof Number n)) {
            throw new IllegalArgumentException("Field '" + field + "' must be a number");
        }
        return n;
    }

    static void expect(JsonToken actual, JsonToken expected, String what) {
        if (actual != expected) {
            throw new IllegalArgumentException("Content item JSON must start with " + what + " but has " + actual);
        }
    }
}
