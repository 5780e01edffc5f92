package dev.camelsuite.enhancer.engines.dictionary;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.LabelKind;

/**
 * Reads a vocabulary from CSV (RFC 4180: comma-separated, fields with commas or quotes in double quotes, quotes
 * doubled), one label per row. Lines starting with {@code #} and blank lines are skipped. The first other line names
 * the columns, in any order:
 * <ul>
 * <li>{@code reference} (required) — the entity's IRI;</li>
 * <li>{@code label} (required) — a name of the entity;</li>
 * <li>{@code language} — the label's language ({@code en}, {@code de-CH}…); empty: every language;</li>
 * <li>{@code kind} — {@code pref}, {@code alt} or {@code hidden} (SKOS's label kinds); empty: the first label of an
 * entity in a language is preferred, the others alternative;</li>
 * <li>{@code types} (or {@code type}) — the entity's type IRIs, separated by spaces; the rows of an entity add
 * up.</li>
 * </ul>
 */
public final class CsvVocabularyReader {

    private static final List<String> COLUMNS = List.of("reference", "label", "language", "kind", "types");

    private CsvVocabularyReader() {
    }

    /** Reads the whole reader (and closes it); {@code source} names it in error messages. */
    public static Vocabulary read(Reader reader, String source) {
        return read(reader, new VocabularyBuilder(source), source);
    }

    static Vocabulary read(Reader reader, VocabularyBuilder builder, String source) {
        try (BufferedReader in = new BufferedReader(reader)) {
            int[] column = null;
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                int start = number;
                if (line.isBlank() || line.stripLeading().startsWith("#")) {
                    continue;
                }
                // a quoted field may hold line breaks
                while (openQuote(line)) {
                    String next = in.readLine();
                    if (next == null) {
                        throw error(source, start, "a quoted field is not closed");
                    }
                    number++;
                    line = line + "\n" + next;
                }
                List<String> fields = split(line, source, start);
                if (column == null) {
                    column = header(fields, source, start);
                    continue;
                }
                row(builder, fields, column, source, start);
            }
            if (column == null) {
                throw error(source, number, "no header line naming the columns " + COLUMNS);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read vocabulary " + source, e);
        }
        return builder.build();
    }

    private static int[] header(List<String> fields, String source, int line) {
        int[] column = new int[COLUMNS.size()];
        Arrays.fill(column, -1);
        for (int i = 0; i < fields.size(); i++) {
            String name = fields.get(i).strip().toLowerCase(Locale.ROOT);
            if (name.equals("type")) {
                name = "types";
            }
            int c = COLUMNS.indexOf(name);
            if (c < 0) {
                throw error(source, line, "unknown column '" + fields.get(i) + "'; the columns are " + COLUMNS);
            }
            if (column[c] >= 0) {
                throw error(source, line, "column '" + name + "' appears twice");
            }
            column[c] = i;
        }
        if (column[0] < 0 || column[1] < 0) {
            throw error(source, line, "the header must name the columns 'reference' and 'label'");
        }
        return column;
    }

    private static void row(VocabularyBuilder builder, List<String> fields, int[] column, String source, int line) {
        String reference = field(fields, column[0]);
        String label = field(fields, column[1]);
        if (reference.isEmpty()) {
            throw error(source, line, "no reference");
        }
        if (label.isEmpty()) {
            throw error(source, line, "no label for <" + reference + ">");
        }
        String language = field(fields, column[2]);
        language = language.isEmpty() ? null : language;
        String types = field(fields, column[4]);
        builder.entity(reference, types.isEmpty() ? List.of() : List.of(types.split("\\s+")));
        LabelKind kind = kind(field(fields, column[3]), source, line);
        if (kind == null) {
            kind = builder.hasPreferred(reference, language) ? LabelKind.ALTERNATIVE : LabelKind.PREFERRED;
        }
        builder.label(reference, label, language, kind);
    }

    private static LabelKind kind(String value, String source, int line) {
        switch (value.toLowerCase(Locale.ROOT)) {
            case "":
                return null;
            case "pref":
            case "preferred":
                return LabelKind.PREFERRED;
            case "alt":
            case "alternative":
                return LabelKind.ALTERNATIVE;
            case "hidden":
                return LabelKind.HIDDEN;
            default:
                throw error(source, line, "unknown kind '" + value + "': use pref, alt or hidden");
        }
    }

    private static String field(List<String> fields, int index) {
        return index < 0 || index >= fields.size() ? "" : fields.get(index).strip();
    }

    private static boolean openQuote(String line) {
        boolean open = false;
        for (int i = 0; i < line.length(); i++) {
            if (line.charAt(i) == '"') {
                open = !open;
            }
        }
        return open;
    }

    /** RFC 4180 fields of one record. */
    static List<String> split(String line, String source, int number) {
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        int i = 0;
        while (true) {
            field.setLength(0);
            // skip spaces before a quoted field
            int j = i;
            while (j < line.length() && line.charAt(j) == ' ') {
                j++;
            }
            if (j < line.length() && line.charAt(j) == '"') {
                i = j + 1;
                while (true) {
                    if (i >= line.length()) {
                        throw error(source, number, "a quoted field is not closed");
                    }
                    char c = line.charAt(i++);
                    if (c == '"') {
                        if (i < line.length() && line.charAt(i) == '"') {
                            field.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        field.append(c);
                    }
                }
                while (i < line.length() && line.charAt(i) == ' ') {
                    i++;
                }
                if (i < line.length() && line.charAt(i) != ',') {
                    throw error(source, number, "text after a quoted field");
                }
            } else {
                while (i < line.length() && line.charAt(i) != ',') {
                    field.append(line.charAt(i++));
                }
            }
            fields.add(field.toString());
            if (i >= line.length()) {
                return fields;
            }
            i++; // the comma
        }
    }

    private static IllegalArgumentException error(String source, int line, String message) {
        return new IllegalArgumentException("Vocabulary " + source + ", line " + line + ": " + message);
    }
}
