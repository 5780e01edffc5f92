package dev.camelsuite.examples.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.camel.util.json.JsonObject;
import org.apache.camel.util.json.Jsoner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The option and header tables of the components' references ({@code docs/*-component.adoc}) against the component
 * JSON the build generates from the code (camel-package-maven-plugin): every option and header the code has is in its
 * table, every name in a table is one the code has, and a default the table gives is the code's. A table that drifts
 * from the code fails the build, naming what to add, remove or correct.
 */
class ReferenceTablesTest {

    /** A name in the first cell of a row: {@code *name*} or {@code `name`}, before any "(…)" remark. */
    private static final Pattern NAME = Pattern.compile("[*`]([A-Za-z][\\w.-]*)[*`]");

    @ParameterizedTest(name = "{0}: {2}")
    @CsvSource({
        "enhancer-component.adoc, META-INF/dev/camelsuite/enhancer/enhancer.json, componentProperties, === Component options",
        "enhancer-component.adoc, META-INF/dev/camelsuite/enhancer/enhancer.json, properties, === Endpoint options",
        "enhancer-component.adoc, META-INF/dev/camelsuite/enhancer/enhancer.json, headers, == Message headers",
        "uimadriver-component.adoc, META-INF/dev/camelsuite/uima/uimadriver.json, properties, == Endpoint options",
        "uimadriver-component.adoc, META-INF/dev/camelsuite/uima/uimadriver.json, headers, == Message body and headers",
        "workflow-component.adoc, META-INF/dev/camelsuite/workflow/workflow.json, componentProperties, == Component options",
        "workflow-component.adoc, META-INF/dev/camelsuite/workflow/workflow.json, properties,"
        + " == Endpoint options;== Robots (consumer)",
        "workflow-component.adoc, META-INF/dev/camelsuite/workflow/workflow.json, headers, == Headers"
    })
    void theTableSaysWhatTheCodeHas(String doc, String json, String kind, String section) throws IOException {
        String adoc = Files.readString(Path.of("..", "docs", doc));
        Map<String, String> documented = new LinkedHashMap<>();
        for (String part : section.split(";")) {
            documented.putAll(table(adoc, part));
        }
        if (kind.equals("headers")) {
            // headers a caller knows from HTTP (Content-Type, Content-Language) are read too, but are no Camel constant
            documented.keySet().removeIf(name -> !name.startsWith("Camel"));
        }
        JsonObject model = model(json);
        Map<String, Object> inCode = new LinkedHashMap<>();
        JsonObject entries = (JsonObject) model.get(kind);
        for (Map.Entry<String, Object> e : entries.entrySet()) {
            JsonObject option = (JsonObject) e.getValue();
            if (!"path".equals(option.get("kind")) || kind.equals("properties") && documented.containsKey(e.getKey())) {
                inCode.put(e.getKey(), option.get("defaultValue"));
            }
        }
        String where = "docs/" + doc + ", the table under '" + section + "'";
        assertThat(new TreeSet<>(documented.keySet())).as(where + ": names the code does not have")
                .isSubsetOf(inCode.keySet());
        assertThat(new TreeSet<>(inCode.keySet())).as(where + ": what the code has and the table lacks")
                .isSubsetOf(documented.keySet());
        List<String> wrongDefaults = new ArrayList<>();
        documented.forEach((name, shown) -> {
            Object actual = inCode.get(name);
            if (shown != null && !shown.isBlank() && actual != null && !shown.equals(actual.toString())) {
                wrongDefaults.add(name + ": the table says " + shown + ", the code " + actual);
            }
        });
        assertThat(wrongDefaults).as(where + ": defaults").isEmpty();
    }

    /**
     * The names of the rows of the first table under {@code section} whose first column is a name (Name, Option,
     * Header), each with its default (null where the table has no default column).
     */
    static Map<String, String> table(String adoc, String section) {
        int at = adoc.indexOf("\n" + section + "\n");
        assertThat(at).as("section '%s'", section).isNotNegative();
        String[] lines;
        List<String> header;
        int from = at;
        do {
            int start = adoc.indexOf("|===\n", from);
            int end = adoc.indexOf("|===\n", start + 5);
            assertThat(start).as("a table of names under '%s'", section).isNotNegative();
            lines = adoc.substring(start + 5, end).split("\n");
            header = cells(lines[0]);
            from = end + 5;
        } while (!List.of("Name", "Option", "Header").contains(header.get(0)));
        int defaultColumn = header.indexOf("Default");
        Map<String, String> rows = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            if (!lines[i].startsWith("|")) {
                continue;
            }
            List<String> cells = cells(lines[i]);
            String first = cells.get(0);
            int remark = first.indexOf('(');
            Matcher names = NAME.matcher(remark < 0 ? first : first.substring(0, remark));
            String shown = defaultColumn < 0 || defaultColumn >= cells.size() ? null
                    : cells.get(defaultColumn).replace("`", "").trim();
            while (names.find()) {
                rows.put(names.group(1), shown);
            }
        }
        return rows;
    }

    private static List<String> cells(String row) {
        List<String> cells = new ArrayList<>();
        for (String cell : row.substring(1).split("\\|", -1)) {
            cells.add(cell.trim());
        }
        return cells;
    }

    private static JsonObject model(String resource) throws IOException {
        try (InputStream in = ReferenceTablesTest.class.getClassLoader().getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            try (Reader reader = new InputStreamReader(in, StandardCharsets.UTF_8)) {
                return (JsonObject) Jsoner.deserialize(reader);
            } catch (org.apache.camel.util.json.DeserializationException e) {
                throw new IOException(resource + ": " + e.getMessage(), e);
            }
        }
    }
}
