package dev.camelsuite.examples.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The code of the docs comes from source the build compiles and tests: every {@code include::} of docs/ names a file
 * that exists and tags it has, and no page pastes code (a Java, YAML or XML block is {@code include::} lines
 * alone), but for the answers the workflow API's page shows.
 */
class DocSnippetsTest {

    private static final Path DOCS = Path.of("../docs");
    private static final Pattern INCLUDE = Pattern.compile("^include::([^\\[]+)\\[(?:tags?=([^\\]]*))?\\]$");
    /** The pages whose XML blocks are answers of the HTTP API, not code: every other page includes its code. */
    private static final Set<String> ANSWERS = Set.of("workflow-api.adoc");

    @Test
    void everyIncludeNamesAFileAndTagsItHas() throws IOException {
        int includes = 0;
        for (Path page : pages()) {
            for (String line : Files.readAllLines(page)) {
                Matcher m = INCLUDE.matcher(line);
                if (!m.matches()) {
                    continue;
                }
                includes++;
                Path file = DOCS.resolve(m.group(1)).normalize();
                assertThat(file).as("the file %s includes", page.getFileName()).exists();
                if (m.group(2) != null) {
                    String source = Files.readString(file);
                    for (String filter : m.group(2).split("[;,]")) {
                        if (filter.equals("**") || filter.equals("*")) {
                            // every line but the tag directives: the file must have some to leave out
                            assertThat(source).as("%s, included with %s by %s", file, filter, page.getFileName())
                                    .contains("tag::");
                            continue;
                        }
                        String tag = filter.startsWith("!") ? filter.substring(1) : filter; // !tag leaves a region out
                        assertThat(source).as("tag %s of %s, included by %s", tag, file, page.getFileName())
                                .contains("tag::" + tag + "[]").contains("end::" + tag + "[]");
                    }
                }
            }
        }
        assertThat(includes).isGreaterThanOrEqualTo(25);
    }

    @Test
    void noPagePastesCode() throws IOException {
        for (Path page : pages()) {
            if (ANSWERS.contains(page.getFileName().toString())) {
                continue;
            }
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).matches("\\[source,\\s*(java|yaml|xml).*\\]") && lines.get(i + 1).equals("----")) {
                    List<String> block = new ArrayList<>();
                    for (int j = i + 2; !lines.get(j).equals("----"); j++) {
                        block.add(lines.get(j));
                    }
                    assertThat(block).as("%s:%d shows code that is not included from source", page.getFileName(), i + 1)
                            .isNotEmpty().allMatch(l -> l.startsWith("include::"));
                }
            }
        }
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> files = Files.list(DOCS)) {
            return files.filter(p -> p.toString().endsWith(".adoc")).sorted().toList();
        }
    }
}
