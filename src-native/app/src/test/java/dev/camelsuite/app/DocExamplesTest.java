package dev.camelsuite.app;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.camelsuite.enhancer.engines.tika.SampleDocuments;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every HTTP example of README.md and docs/ runs against the application and answers the status its text shows:
 * a 2xx, or the status a comment {@code # answers NNN} right above it names. The examples of a page run in the order
 * the page gives them (a workflow is created before its steps are updated), signed in as the administrator whatever
 * password the example shows.
 */
@QuarkusTest
class DocExamplesTest {

    private static final Path ROOT = Path.of("../..");
    private static final Pattern INLINE = Pattern.compile("`(curl [^`]+)`");
    private static final Pattern ANSWERS = Pattern.compile("#.*answers (\\d{3})");

    /** One example: where it is, the command, the status it should answer. */
    record Example(String where, String command, Integer status) {
    }

    @TestFactory
    Stream<DynamicTest> everyExampleAnswersAsItsPageSays() throws IOException {
        List<Example> examples = new ArrayList<>(examples(ROOT.resolve("README.md")));
        try (Stream<Path> pages = Files.list(ROOT.resolve("docs"))) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".adoc") || p.toString().endsWith(".md"))
                    .sorted().toList()) {
                examples.addAll(examples(page));
            }
        }
        assertThat(examples).hasSizeGreaterThan(30);
        return examples.stream().map(e -> DynamicTest.dynamicTest(e.where(), () -> run(e)));
    }

    /** The curl commands of a page: in shell blocks (continued lines joined) and inline in backticks. */
    static List<Example> examples(Path page) throws IOException {
        List<Example> found = new ArrayList<>();
        List<String> lines = Files.readAllLines(page);
        boolean inBlock = false;
        boolean inShell = false;
        Integer expected = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            String where = ROOT.relativize(page) + ":" + (i + 1);
            boolean fence = line.startsWith("```");
            if (fence || line.equals("----")) {
                if (inBlock) {
                    inBlock = false;
                    inShell = false;
                } else {
                    inBlock = true;
                    inShell = fence ? line.matches("```(shell|bash|sh)?\\s*")
                            : i > 0 && lines.get(i - 1).matches("\\[source,\\s*(shell|bash|sh)\\]");
                }
                expected = null;
                continue;
            }
            if (inShell) {
                Matcher answers = ANSWERS.matcher(line);
                if (answers.find()) {
                    expected = Integer.valueOf(answers.group(1));
                } else if (line.startsWith("curl ")) {
                    StringBuilder command = new StringBuilder(line);
                    while (command.toString().endsWith("\\") && i + 1 < lines.size()) {
                        command.setLength(command.length() - 1);
                        command.append(' ').append(lines.get(++i).trim());
                    }
                    found.add(new Example(where, command.toString(), expected));
                    expected = null;
                }
            } else if (!inBlock) {
                Matcher inline = INLINE.matcher(line);
                while (inline.find()) {
                    // an example is a whole command, with its URL; "curl -u admin:<password> …" in prose is not
                    if (inline.group(1).contains("http")) {
                        found.add(new Example(where, inline.group(1), null));
                    }
                }
            }
        }
        return found;
    }

    /** The files the examples send ({@code --data-binary @name}), made by the test. */
    private static byte[] exampleFile(String name, Example example) {
        assertThat(name).as("a file %s sends that the test can make", example.where()).isEqualTo("trip.pdf");
        return SampleDocuments.pdf("A trip", "Ann Author",
                List.of("Angela Merkel travelled from Berlin to Paris.", "She met the mayor there."));
    }

    private static void run(Example example) {
        Map<String, String> headers = new LinkedHashMap<>();
        String method = null;
        String data = null;
        String user = null;
        String url = null;
        boolean asQuery = false;
        List<String> words = ShellWords.split(example.command());
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            switch (w) {
                case "-u", "--user" -> user = words.get(++i);
                case "-X", "--request" -> method = words.get(++i);
                case "-H", "--header" -> {
                    String h = words.get(++i);
                    headers.put(h.substring(0, h.indexOf(':')).trim(), h.substring(h.indexOf(':') + 1).trim());
                }
                case "-d", "--data", "--data-binary", "--data-raw" -> data = words.get(++i);
                case "-G", "--get" -> asQuery = true;
                case "--data-urlencode" -> {
                    // as curl encodes name=content: the content, not the name
                    String d = words.get(++i);
                    int eq = d.indexOf('=');
                    data = d.substring(0, eq + 1) + URLEncoder.encode(d.substring(eq + 1), StandardCharsets.UTF_8);
                }
                case "-i", "-s", "-sS", "-v", "--fail" -> {
                }
                default -> {
                    assertThat(w).as("an option the docs test knows, or the URL, in %s", example.where())
                            .startsWith("http");
                    url = w;
                }
            }
        }
        assertThat(url).as("the URL of %s", example.where()).isNotNull();
        String path = url.replaceFirst("^https?://[^/]+", "");
        if (asQuery && data != null) {
            // -G: the data go in the query of a GET
            path = path + (path.contains("?") ? "&" : "?") + data;
            data = null;
        }
        RequestSpecification request = given().urlEncodingEnabled(false);
        request = user == null ? request.auth().none()
                : request.auth().preemptive().basic(SignedIn.ADMIN, SignedIn.ADMIN_PASSWORD);
        if (data != null && !headers.containsKey("Content-Type")) {
            headers.put("Content-Type", "application/x-www-form-urlencoded"); // curl's own default
        }
        headers.forEach(request::header);
        if (data != null && data.startsWith("@")) {
            // a file the example sends: one the test makes for it
            request = request.body(exampleFile(data.substring(1), example));
        } else if (data != null) {
            // as curl sends them: the bytes of the text, whatever the type
            request = request.body(data.getBytes(StandardCharsets.UTF_8));
        }
        Response answer = request.request(method != null ? method : data != null ? "POST" : "GET", path);
        if (example.status() != null) {
            assertThat(answer.statusCode()).as("%s answers %s: %s", example.where(), example.status(),
                    answer.asString()).isEqualTo(example.status());
        } else {
            assertThat(answer.statusCode()).as("%s answers a 2xx: %s", example.where(), answer.asString())
                    .isBetween(200, 299);
        }
    }

    /** Shell words, as a POSIX shell splits them: quotes, backslashes, {@code $CAMELSUITE_ADMIN_PASSWORD}. */
    static final class ShellWords {

        private ShellWords() {
        }

        static List<String> split(String line) {
            List<String> words = new ArrayList<>();
            StringBuilder word = null;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (c == '\'') {
                    int end = line.indexOf('\'', i + 1);
                    word = append(word, line.substring(i + 1, end));
                    i = end;
                } else if (c == '"') {
                    StringBuilder quoted = new StringBuilder();
                    for (i++; line.charAt(i) != '"'; i++) {
                        if (line.charAt(i) == '\\' && "\"\\$`".indexOf(line.charAt(i + 1)) >= 0) {
                            i++;
                        }
                        quoted.append(line.charAt(i));
                    }
                    word = append(word, quoted.toString().replace("$CAMELSUITE_ADMIN_PASSWORD", SignedIn.ADMIN_PASSWORD));
                } else if (c == '\\' && i + 1 < line.length()) {
                    word = append(word, String.valueOf(line.charAt(++i)));
                } else if (Character.isWhitespace(c)) {
                    if (word != null) {
                        words.add(word.toString());
                        word = null;
                    }
                } else {
                    word = append(word, String.valueOf(c));
                }
            }
            if (word != null) {
                words.add(word.toString());
            }
            return words;
        }

        private static StringBuilder append(StringBuilder word, String part) {
            return (word == null ? new StringBuilder() : word).append(part);
        }
    }
}
