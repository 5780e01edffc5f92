package dev.camelsuite.enhancer.engines.dictionary;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.camelsuite.enhancer.content.EntityStatement;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Entity;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Label;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.LabelKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class VocabularyTest {

    private static final String EX = "https://example.org/camelsuite/entity/";
    private static final String DBO = "http://dbpedia.org/ontology/";

    @Test
    void theSampleReadsTheSameFromCsvAndFromSkos() {
        Vocabulary skos = Vocabulary.sample();
        Vocabulary csv = Vocabulary.load(Vocabulary.SAMPLE_CSV);

        assertThat(skos.size()).isEqualTo(54);
        assertThat(skos.getEntities().stream().mapToInt(e -> e.labels().size()).sum()).isEqualTo(144);
        assertThat(skos.getLanguages()).containsExactly("de", "en", "fr");
        assertThat(skos.hasLanguageNeutralLabels()).isTrue();
        Map<String, Entity> fromCsv = csv.getEntities().stream()
                .collect(Collectors.toMap(Entity::reference, Function.identity()));
        assertThat(fromCsv.keySet()).containsExactlyInAnyOrderElementsOf(
                skos.getEntities().stream().map(Entity::reference).toList());
        for (Entity e : skos.getEntities()) {
            Entity c = fromCsv.get(e.reference());
            assertThat(new HashSet<>(c.labels())).as(e.reference()).isEqualTo(new HashSet<>(e.labels()));
            assertThat(new HashSet<>(c.types())).as(e.reference()).isEqualTo(new HashSet<>(e.types()));
        }

        Entity munich = fromCsv.get(EX + "munich");
        assertThat(munich.types()).containsExactly(DBO + "City");
        assertThat(munich.labelFor("de")).isEqualTo("München");
        assertThat(munich.labelFor("en-GB")).isEqualTo("Munich");
        assertThat(munich.labels()).contains(new Label("Muenchen", "de", LabelKind.HIDDEN));
        assertThat(fromCsv.get(EX + "paris").labelFor("it")).isEqualTo("Paris");
    }

    @Test
    void csvColumnsInAnyOrderWithQuotesAndDefaults() {
        String csv = """
                # a comment, then the header
                label,types,reference,language
                "Washington, D.C.",http://dbpedia.org/ontology/City,https://example.org/dc,
                DC,,https://example.org/dc,en
                "The \"\"Big Apple\"\"",http://dbpedia.org/ontology/City http://dbpedia.org/ontology/Place,https://example.org/nyc,en

                Big Apple,,https://example.org/nyc,en
                """;

        Vocabulary v = CsvVocabularyReader.read(new StringReader(csv), "test.csv");

        assertThat(v.getEntities()).hasSize(2);
        Entity dc = v.getEntities().get(0);
        assertThat(dc.reference()).isEqualTo("https://example.org/dc");
        assertThat(dc.labels()).containsExactly(new Label("Washington, D.C.", null, LabelKind.PREFERRED),
                new Label("DC", "en", LabelKind.PREFERRED));
        Entity nyc = v.getEntities().get(1);
        assertThat(nyc.types()).containsExactly(DBO + "City", DBO + "Place");
        assertThat(nyc.labels()).containsExactly(new Label("The \"Big Apple\"", "en", LabelKind.PREFERRED),
                new Label("Big Apple", "en", LabelKind.ALTERNATIVE));
    }

    @Test
    void csvMistakesNameTheLine() {
        assertThatThrownBy(() -> CsvVocabularyReader.read(new StringReader("reference,name\n"), "bad.csv"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Vocabulary bad.csv, line 1: unknown column 'name'; the columns are "
                            + "[reference, label, language, kind, types]");
        assertThatThrownBy(() -> CsvVocabularyReader.read(new StringReader("reference,label\nhttps://x,\n"), "bad.csv"))
                .hasMessage("Vocabulary bad.csv, line 2: no label for <https://x>");
        assertThatThrownBy(() -> CsvVocabularyReader.read(
                new StringReader("reference,label,kind\nhttps://x,X,main\n"), "bad.csv"))
                .hasMessage("Vocabulary bad.csv, line 2: unknown kind 'main': use pref, alt or hidden");
        assertThatThrownBy(() -> CsvVocabularyReader.read(new StringReader("reference,label\nhttps://x,\"X\n"), "bad.csv"))
                .hasMessage("Vocabulary bad.csv, line 2: a quoted field is not closed");
        assertThatThrownBy(() -> CsvVocabularyReader.read(new StringReader("label\n"), "bad.csv"))
                .hasMessage("Vocabulary bad.csv, line 1: the header must name the columns 'reference' and 'label'");
        assertThatThrownBy(() -> CsvVocabularyReader.read(new StringReader("# nothing\n"), "bad.csv"))
                .hasMessageContaining("no header line");
    }

    @Test
    void skosLabelsTypesAndLanguages() {
        String ttl = """
                @prefix skos: <http://www.w3.org/2004/02/skos/core#> .
                @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
                @prefix ex: <https://example.org/> .
                ex:scheme a skos:ConceptScheme ; skos:prefLabel "A scheme" .
                ex:lake a skos:Concept, ex:Lake ;
                    skos:prefLabel "Lake Geneva"@en, "Genfersee"@de, "Lac Léman"@fr ;
                    skos:altLabel "Léman" ; skos:hiddenLabel "Lac Leman"@fr ; rdfs:label "ignored when SKOS labels exist" .
                ex:topic a skos:Concept ; skos:prefLabel "Water" .
                ex:thing rdfs:label "Thing" .
                """;

        Vocabulary v = RdfVocabularyReader.read(new ByteArrayInputStream(ttl.getBytes(StandardCharsets.UTF_8)),
                RdfVocabularyReader.Syntax.TURTLE, "test.ttl");

        assertThat(v.getEntities()).extracting(Entity::reference)
                .containsExactly("https://example.org/lake", "https://example.org/topic", "https://example.org/thing");
        Entity lake = v.getEntities().get(0);
        assertThat(lake.types()).containsExactly("https://example.org/Lake");
        assertThat(lake.labels()).containsExactlyInAnyOrder(new Label("Lake Geneva", "en", LabelKind.PREFERRED),
                new Label("Genfersee", "de", LabelKind.PREFERRED), new Label("Lac Léman", "fr", LabelKind.PREFERRED),
                new Label("Léman", null, LabelKind.ALTERNATIVE), new Label("Lac Leman", "fr", LabelKind.HIDDEN));
        assertThat(v.getEntities().get(1).types()).containsExactly("http://www.w3.org/2004/02/skos/core#Concept");
        assertThat(v.getEntities().get(2).labels()).containsExactly(new Label("Thing", null, LabelKind.PREFERRED,
                "http://www.w3.org/2000/01/rdf-schema#label"));
    }

    @Test
    void loadsFilesByExtension(@TempDir Path dir) throws Exception {
        Path nt = dir.resolve("v.nt");
        Files.writeString(nt, "<https://example.org/a> <http://www.w3.org/2004/02/skos/core#prefLabel> \"Alpha\"@en .\n");
        Path rdf = dir.resolve("v.rdf");
        Files.writeString(rdf, """
                <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
                         xmlns:skos="http://www.w3.org/2004/02/skos/core#">
                  <skos:Concept rdf:about="https://example.org/b"><skos:prefLabel xml:lang="de">Beta</skos:prefLabel></skos:Concept>
                </rdf:RDF>
                """);
        Path csv = dir.resolve("v.csv");
        Files.writeString(csv, "reference,label\nhttps://example.org/c,Gamma\n");

        assertThat(Vocabulary.load(nt.toString()).getEntities().get(0).labelFor("en")).isEqualTo("Alpha");
        assertThat(Vocabulary.load("file:" + rdf).getEntities().get(0).labelFor("de")).isEqualTo("Beta");
        assertThat(Vocabulary.load(csv.toString()).getSource()).isEqualTo(csv.toString());
        assertThatThrownBy(() -> Vocabulary.load(dir.resolve("v.json").toString()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("No vocabulary at");
        Files.writeString(dir.resolve("v.json"), "{}");
        assertThatThrownBy(() -> Vocabulary.load(dir.resolve("v.json").toString()))
                .hasMessageContaining("Unknown vocabulary format");
        assertThatThrownBy(() -> Vocabulary.load("classpath:no/such.ttl")).hasMessage("No vocabulary at classpath:no/such.ttl");
        Files.writeString(dir.resolve("broken.ttl"), "this is not turtle");
        assertThatThrownBy(() -> Vocabulary.load(dir.resolve("broken.ttl").toString()))
                .hasMessageContaining("is not valid TURTLE");
    }

    @Test
    void builtInJava() {
        Vocabulary v = Vocabulary.builder()
                .entity("https://example.org/x", "https://example.org/T")
                .label("https://example.org/x", "Ex", "EN", LabelKind.ALTERNATIVE)
                .label("https://example.org/x", "Ex", "en", LabelKind.PREFERRED)
                .build();

        assertThat(v.getEntities().get(0).labels()).containsExactly(new Label("Ex", "en", LabelKind.PREFERRED));
        assertThat(v.getLanguages()).isEqualTo(Set.of("en"));
        // statements of one's own, kept for dereferencing with the labels and types
        Vocabulary described = Vocabulary.builder()
                .label("https://example.org/x", "Ex", null, LabelKind.PREFERRED,
                        "http://www.w3.org/2000/01/rdf-schema#label")
                .statement(EntityStatement.iri("https://example.org/x", "http://xmlns.com/foaf/0.1/depiction",
                        "https://example.org/x.jpg"))
                .entity("https://example.org/x", "https://example.org/T")
                .build();
        assertThat(described.entity("https://example.org/x").description()).containsExactly(
                EntityStatement.text("https://example.org/x", "http://www.w3.org/2000/01/rdf-schema#label", "Ex", null),
                EntityStatement.iri("https://example.org/x", "http://www.w3.org/1999/02/22-rdf-syntax-ns#type",
                        "https://example.org/T"),
                EntityStatement.iri("https://example.org/x", "http://xmlns.com/foaf/0.1/depiction",
                        "https://example.org/x.jpg"));
        assertThat(described.labelCount()).isEqualTo(1);
        assertThat(described.entity("https://example.org/nothing")).isNull();
        assertThat(v.hasLanguageNeutralLabels()).isFalse();
        assertThatThrownBy(() -> Vocabulary.builder().entity("https://example.org/y").build())
                .hasMessageContaining("has no label");
        assertThat(List.of(v.toString())).singleElement().asString().contains("1 entities");
    }
}
