package dev.camelsuite.examples.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The code of the docs is written in the pages, so that it shows where people read them (GitHub and editors' previews
 * process no {@code include::}), and it is the code the build compiles and tests: every code block follows a comment
 * {@code // source: <file>[tags=…]} naming the tagged region of a source file it shows (as an {@code include::} would
 * take it: the region's lines without the tag directives, de-indented with {@code indent=0}), and must equal it. No
 * Java, YAML or XML block is without one, but for the answers the workflow API's page shows.
 * <p>
 * After a change to the source, {@code mvn test -pl example-routes -Dtest=DocSnippetsTest -Ddocs.update=true}
 * writes the regions into the pages again.
 */
class DocSnippetsTest {

    private static final Path DOCS = Path.of("../docs");
    private static final Pattern SOURCE = Pattern.compile("^// source: ([^\\[]+)\\[(?:tags?=([^\\]]*))?\\]$");
    private static final Pattern TAG = Pattern.compile("tag::([\\w*-]+)\\[\\]");
    private static final Pattern END = Pattern.compile("end::([\\w*-]+)\\[\\]");
    /** The pages whose XML blocks are answers of the HTTP API, not code: every other page shows source. */
    private static final Set<String> ANSWERS = Set.of("workflow-api.adoc");

    @Test
    void everyBlockShowsTheRegionOfSourceItNames() throws IOException {
        boolean update = Boolean.getBoolean("docs.update");
        int blocks = 0;
        for (Path page : pages()) {
            List<String> lines = new ArrayList<>(Files.readAllLines(page, StandardCharsets.UTF_8));
            boolean changed = false;
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = SOURCE.matcher(lines.get(i));
                if (!m.matches()) {
                    continue;
                }
                blocks++;
                int fence = lines.get(i + 1).startsWith("[source") ? i + 2 : i + 1;
                assertThat(lines.get(fence)).as("%s:%d: a block follows the source comment", page.getFileName(),
                        i + 1).isEqualTo("----");
                int end = fence + 1;
                while (!lines.get(end).equals("----")) {
                    end++;
                }
                Path file = DOCS.resolve(m.group(1)).normalize();
                assertThat(file).as("the file %s shows", page.getFileName()).exists();
                List<String> expected = region(file, m.group(2), page);
                if (lines.get(i + 1).contains("indent=0")) {
                    expected = dedent(expected);
                }
                List<String> shown = lines.subList(fence + 1, end);
                if (update && !shown.equals(expected)) {
                    shown.clear();
                    shown.addAll(expected);
                    changed = true;
                    continue;
                }
                assertThat(String.join("\n", shown))
                        .as("%s:%d shows %s as the source has it (-Ddocs.update=true writes it)", page.getFileName(),
                                fence + 2, lines.get(i).substring("// source: ".length()))
                        .isEqualTo(String.join("\n", expected));
            }
            if (changed) {
                Files.write(page, lines, StandardCharsets.UTF_8);
            }
        }
        assertThat(blocks).isGreaterThanOrEqualTo(40);
    }

    /**
     * The README's code blocks too: a Markdown fence after an HTML comment {@code <!-- source: file[tags=…] -->}
     * (GitHub shows neither), its file named from the repository's root, its region de-indented.
     */
    @Test
    void theReadmesBlocksShowTheRegionsOfSourceTheyName() throws IOException {
        Path readme = Path.of("../README.md");
        List<String> lines = Files.readAllLines(readme, StandardCharsets.UTF_8);
        Pattern marker = Pattern.compile("^<!-- source: ([^\\[]+)\\[(?:tags?=([^\\]]*))?\\] -->$");
        int blocks = 0;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("```java")) {
                assertThat(i > 0 ? lines.get(i - 1) : "").as("README.md:%d shows code that names no source", i + 1)
                        .startsWith("<!-- source: ");
            }
            Matcher m = marker.matcher(lines.get(i));
            if (!m.matches()) {
                continue;
            }
            blocks++;
            int end = i + 2;
            while (!lines.get(end).equals("```")) {
                end++;
            }
            List<String> expected = dedent(region(Path.of("..").resolve(m.group(1)), m.group(2), readme));
            assertThat(String.join("\n", lines.subList(i + 2, end)))
                    .as("README.md:%d shows %s as the source has it", i + 3, m.group(1))
                    .isEqualTo(String.join("\n", expected));
        }
        assertThat(blocks).isGreaterThanOrEqualTo(2);
    }

    @Test
    void everyCodeBlockNamesItsSource() throws IOException {
        for (Path page : pages()) {
            if (ANSWERS.contains(page.getFileName().toString())) {
                continue;
            }
            List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
            for (int i = 1; i < lines.size(); i++) {
                if (lines.get(i).matches("\\[source,\\s*(java|yaml|xml).*\\]")) {
                    assertThat(lines.get(i - 1)).as("%s:%d shows code that names no source", page.getFileName(), i + 1)
                            .startsWith("// source: ");
                }
            }
        }
    }

    @Test
    void noPageIncludesWhatGitHubWouldNotShow() throws IOException {
        for (Path page : pages()) {
            assertThat(Files.readAllLines(page, StandardCharsets.UTF_8)).as("%s", page.getFileName())
                    .noneMatch(l -> l.startsWith("include::"));
        }
    }

    /**
     * The lines of {@code file} an {@code include::} with {@code tags} takes: the whole file without tags, every line
     * but the tag directives with {@code **}, else the lines inside the named regions.
     */
    static List<String> region(Path file, String tags, Path page) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (tags == null) {
            return lines;
        }
        List<String> names = List.of(tags.split("[;,]"));
        if (names.equals(List.of("**")) || names.equals(List.of("*"))) {
            return lines.stream().filter(l -> !TAG.matcher(l).find() && !END.matcher(l).find()).toList();
        }
        String source = String.join("\n", lines);
        for (String name : names) {
            assertThat(source).as("tag %s of %s, shown by %s", name, file, page.getFileName())
                    .contains("tag::" + name + "[]").contains("end::" + name + "[]");
        }
        List<String> out = new ArrayList<>();
        Set<String> open = new HashSet<>();
        for (String line : lines) {
            Matcher tag = TAG.matcher(line);
            Matcher end = END.matcher(line);
            if (tag.find()) {
                open.add(tag.group(1));
            } else if (end.find()) {
                open.remove(end.group(1));
            } else if (names.stream().anyMatch(open::contains)) {
                out.add(line);
            }
        }
        return out;
    }

    /** The lines without the indentation they all share, as {@code indent=0} shows them. */
    static List<String> dedent(List<String> lines) {
        int indent = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
                .min().orElse(0);
        return lines.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).toList();
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> files = Files.list(DOCS)) {
            return files.filter(p -> p.toString().endsWith(".adoc")).sorted().toList();
        }
    }
}
