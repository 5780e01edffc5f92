package dev.camelsuite.examples.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/troubleshooting.adoc quotes the suite's messages as the code writes them: each message in {@code code} of its
 * tables is found, piece by piece around each {@code …}, in the main sources of the modules (string literals that
 * the code concatenates are joined first).
 */
class TroubleshootingDocTest {

    private static final Path ROOT = Path.of("..");
    private static final Pattern ROW_MESSAGE = Pattern.compile("^\\|[^|]*\\| `([^`]+)`");
    private static final Pattern SECOND_MESSAGES = Pattern.compile("`([^`]+)`");

    @Test
    void theMessagesAreTheCodes() throws IOException {
        String sources = mainSources();
        List<String> messages = new ArrayList<>();
        for (String line : Files.readAllLines(ROOT.resolve("docs/troubleshooting.adoc"))) {
            if (!line.startsWith("| ") || line.startsWith("| Status") || line.startsWith("| Message")) {
                continue;
            }
            // the message cell: the second of "| status | message | why", the first of "| message | why"
            String[] cells = line.substring(2).split(" \\| ");
            String cell = cells[0].matches("\\d{3}") ? cells[1] : cells[0];
            Matcher m = SECOND_MESSAGES.matcher(cell);
            while (m.find()) {
                messages.add(m.group(1));
            }
        }
        assertThat(messages).hasSizeGreaterThan(12);
        for (String message : messages) {
            for (String piece : message.split("…")) {
                String p = piece.strip();
                if (p.length() >= 6) {
                    assertThat(sources).as("'%s' of the message '%s' in the code", p, message).contains(p);
                }
            }
        }
    }

    /** The main Java sources of every module, with adjacent string literals joined ("a" + "b" becomes "ab"). */
    private static String mainSources() throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/")
                                            && !p.toString().contains("/target/")).toList()) {
                all.append(Files.readString(f).replaceAll("\"\\s*\\+\\s*\"", "")).append('\n');
            }
        }
        return all.toString();
    }
}
