package dev.camelsuite.workflow;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Expands one entry of the {@code templates} option: a {@code file:} folder becomes its {@code .xml} files in name
 * order (the workflow service keeps its templates in a folder); anything else is one resource as written.
 */
final class TemplateFolder {

    private TemplateFolder() {
    }

    static List<String> expand(String location) {
        if (location.isEmpty()) {
            return List.of();
        }
        if (location.startsWith("file:")) {
            Path folder = Path.of(location.substring("file:".length()));
            if (Files.isDirectory(folder)) {
                try (Stream<Path> files = Files.list(folder)) {
                    List<String> xml = files.filter(f -> f.getFileName().toString().endsWith(".xml") && Files.isRegularFile(f))
                            .map(f -> "file:" + f).sorted().toList();
                    if (xml.isEmpty()) {
                        throw new IllegalArgumentException("Option templates: the folder " + location
                                                           + " holds no .xml template");
                    }
                    return xml;
                } catch (IOException e) {
                    throw new UncheckedIOException("Option templates: cannot list " + location, e);
                }
            }
        }
        return List.of(location);
    }
}
