package dev.mallard.systems.symbolic;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A YAML (or JSON) document read into maps, lists and scalars that remember where they stood, so that a
 * model file's errors can name the line and column. Jackson's tree model drops positions; this reads the
 * token stream instead.
 */
final class LocatedYaml {

    private static final YAMLFactory FACTORY = new YAMLFactory();

    /**
     * A value and its place.
     *
     * @param value a {@code Map<String, Node>} (keys in file order), a {@code List<Node>}, a String (a scalar's
     *     text) or null
     * @param number whether the value was a YAML number
     * @param line the 1-based line of the value's first character
     * @param column the 1-based column of the value's first character (a quote, for a quoted scalar)
     * @param keyLine for a map entry's value, the 1-based line of its key; else the value's line
     * @param keyColumn for a map entry's value, the 1-based column of its key; else the value's column
     */
    record Node(Object value, boolean number, int line, int column, int keyLine, int keyColumn) {
    }

    private LocatedYaml() {
    }

    /**
     * @param text the document
     * @param source the file name for messages
     * @return the document's root
     * @throws ModelFileException if the text is not YAML, naming the place
     */
    static Node read(String text, String source) {
        try (JsonParser p = FACTORY.createParser(text)) {
            if (p.nextToken() == null) {
                throw new ModelFileException(source, 0, 0, "the file is empty");
            }
            Node root = node(p, 0, 0);
            if (p.nextToken() != null) {
                JsonLocation at = p.currentTokenLocation();
                throw new ModelFileException(source, at.getLineNr(), at.getColumnNr(), "more than one document");
            }
            return root;
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            int line = at == null ? 0 : Math.max(at.getLineNr(), 0);
            int column = at == null ? 0 : Math.max(at.getColumnNr(), 0);
            throw new ModelFileException(source, line, column, "not valid YAML: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new ModelFileException(source, 0, 0, "cannot read: " + e.getMessage());
        }
    }

    /** Reads the value at the parser's current token; keyLine 0 means "not a map entry". */
    private static Node node(JsonParser p, int keyLine, int keyColumn) throws IOException {
        JsonLocation at = p.currentTokenLocation();
        int line = at.getLineNr();
        int column = at.getColumnNr();
        int kl = keyLine == 0 ? line : keyLine;
        int kc = keyLine == 0 ? column : keyColumn;
        JsonToken t = p.currentToken();
        switch (t) {
            case START_OBJECT -> {
                Map<String, Node> map = new LinkedHashMap<>();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    JsonLocation k = p.currentTokenLocation();
                    String key = p.currentName();
                    p.nextToken();
                    Node value = node(p, k.getLineNr(), k.getColumnNr());
                    if (map.putIfAbsent(key, value) != null) {
                        throw new JsonDuplicateKey(key, k);
                    }
                }
                return new Node(map, false, line, column, kl, kc);
            }
            case START_ARRAY -> {
                List<Node> list = new ArrayList<>();
                while (p.nextToken() != JsonToken.END_ARRAY) {
                    list.add(node(p, 0, 0));
                }
                return new Node(list, false, line, column, kl, kc);
            }
            case VALUE_NULL -> {
                return new Node(null, false, line, column, kl, kc);
            }
            default -> {
                boolean number = t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT;
                return new Node(p.getText(), number, line, column, kl, kc);
            }
        }
    }

    /** A key given twice in one map: YAML forbids it, and Jackson's streaming parser does not check. */
    static final class JsonDuplicateKey extends JsonProcessingException {

        private static final long serialVersionUID = 1L;

        JsonDuplicateKey(String key, JsonLocation at) {
            super("the key '" + key + "' is given twice", at);
        }
    }
}
