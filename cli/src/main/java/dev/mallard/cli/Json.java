package dev.mallard.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.Map;

/** Writes the one JSON object a command prints with {@code --json}. */
final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

    private Json() {
    }

    /**
     * @param fields the object's fields in print order (use a LinkedHashMap); values are numbers, strings,
     *     booleans, null, arrays, lists or maps. Non-finite doubles are written as null, since JSON has no NaN.
     * @return the JSON text on one line
     */
    static String write(Map<String, ?> fields) {
        try {
            return MAPPER.writeValueAsString(sanitize(fields));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON: " + e.getMessage(), e);
        }
    }

    private static Object sanitize(Object value) {
        if (value instanceof Double d) {
            return Double.isFinite(d) ? d : null;
        }
        if (value instanceof double[] a) {
            Object[] out = new Object[a.length];
            for (int i = 0; i < a.length; i++) {
                out[i] = sanitize(a[i]);
            }
            return out;
        }
        if (value instanceof double[][] m) {
            Object[] out = new Object[m.length];
            for (int i = 0; i < m.length; i++) {
                out[i] = sanitize(m[i]);
            }
            return out;
        }
        if (value instanceof Map<?, ?> map) {
            java.util.LinkedHashMap<Object, Object> out = new java.util.LinkedHashMap<>();
            map.forEach((k, v) -> out.put(k, sanitize(v)));
            return out;
        }
        if (value instanceof java.util.List<?> list) {
            return list.stream().map(Json::sanitize).toList();
        }
        return value;
    }
}
