package dev.camelsuite.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JSON log lines of docs/operations.adoc ("JSON logs"): switched on, every line the application writes is a JSON
 * object with the keys of the page's sample.
 */
@QuarkusTest
@TestProfile(JsonLogTest.JsonLogs.class)
class JsonLogTest {

    static final Path LOG = Path.of("target/quarkus-json-test.log");

    /** As QUARKUS_LOG_FILE_JSON_ENABLED=true does it, into a file of its own. */
    public static class JsonLogs implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.log.file.json.enabled", "true", "quarkus.log.file.path", LOG.toString());
        }
    }

    @Test
    void everyLineIsAJsonObjectWithTheKeysOfThePagesSample() throws IOException {
        ObjectMapper json = new ObjectMapper();
        String page = Files.readString(Path.of("../../docs/operations.adoc"));
        int at = page.indexOf("{\"timestamp\":");
        JsonNode sample = json.readTree(page.substring(at, page.indexOf('\n', at)));

        List<String> lines = Files.readAllLines(LOG);
        assertThat(lines).hasSizeGreaterThan(10);
        for (String line : lines) {
            JsonNode node = json.readTree(line);
            assertThat(keys(node)).as(line).containsAll(keys(sample));
        }
        assertThat(lines).anyMatch(l -> l.contains("\"level\":\"INFO\"") && l.contains("Apache Camel"));
    }

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        for (Iterator<String> names = node.fieldNames(); names.hasNext();) {
            keys.add(names.next());
        }
        return keys;
    }
}
