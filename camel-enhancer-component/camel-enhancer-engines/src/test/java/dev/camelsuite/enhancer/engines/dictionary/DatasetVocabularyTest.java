package dev.camelsuite.enhancer.engines.dictionary;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

import dev.camelsuite.enhancer.content.EntityStatement;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Entity;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.Label;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary.LabelKind;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.rio.RDFFormat;
import org.eclipse.rdf4j.rio.Rio;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Vocabularies from RDF datasets: the formats, gzip, the label properties, what is kept, and a heap too small. */
class DatasetVocabularyTest {

    static final String EX = "https://example.org/data/";
    static final String RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label";
    static final String FOAF = "http://xmlns.com/foaf/0.1/";
    static final String RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
    static final String SCHEMA = "http://schema.org/";

    static final String TURTLE = """
            @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
            @prefix foaf: <http://xmlns.com/foaf/0.1/> .
            @prefix schema: <http://schema.org/> .
            @prefix xsd: <http://www.w3.org/2001/XMLSchema#> .
            @prefix ex: <https://example.org/data/> .
            ex:ada a foaf:Person, schema:Person ;
                rdfs:label "Ada Lovelace"@en, "Ada Lovelace"@de ;
                foaf:name "Augusta Ada King" ;
                schema:name "Countess of Lovelace"@en ;
                foaf:depiction <https://example.org/images/ada.jpg> ;
                schema:birthDate "1815-12-10"^^xsd:date ;
                schema:description "A mathematician"@en, "Eine Mathematikerin"@de ;
                schema:knows [ foaf:name "a blank node" ] .
            ex:london rdfs:label "London"@en, "Londres"@fr ; a schema:City .
            ex:nameless a schema:City ; schema:population 8799800 .
            """;

    static final String RDF_XML = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
                     xmlns:rdfs="http://www.w3.org/2000/01/rdf-schema#" xmlns:foaf="http://xmlns.com/foaf/0.1/"
                     xmlns:schema="http://schema.org/">
              <foaf:Person rdf:about="https://example.org/data/ada">
                <rdf:type rdf:resource="http://schema.org/Person"/>
                <rdfs:label xml:lang="en">Ada Lovelace</rdfs:label>
                <rdfs:label xml:lang="de">Ada Lovelace</rdfs:label>
                <foaf:name>Augusta Ada King</foaf:name>
                <schema:name xml:lang="en">Countess of Lovelace</schema:name>
                <foaf:depiction rdf:resource="https://example.org/images/ada.jpg"/>
                <schema:birthDate rdf:datatype="http://www.w3.org/2001/XMLSchema#date">1815-12-10</schema:birthDate>
                <schema:description xml:lang="en">A mathematician</schema:description>
                <schema:description xml:lang="de">Eine Mathematikerin</schema:description>
                <schema:knows><rdf:Description><foaf:name>a blank node</foaf:name></rdf:Description></schema:knows>
              </foaf:Person>
              <schema:City rdf:about="https://example.org/data/london">
                <rdfs:label xml:lang="en">London</rdfs:label><rdfs:label xml:lang="fr">Londres</rdfs:label>
              </schema:City>
              <schema:City rdf:about="https://example.org/data/nameless">
                <schema:population rdf:datatype="http://www.w3.org/2001/XMLSchema#integer">8799800</schema:population>
              </schema:City>
            </rdf:RDF>
            """;

    /** The same dataset as N-Triples: what Turtle says, a statement a line. */
    static String nTriples() throws IOException {
        Model model = Rio.parse(new StringReader(TURTLE), "", RDFFormat.TURTLE);
        StringWriter nt = new StringWriter();
        Rio.write(model, nt, RDFFormat.NTRIPLES);
        return nt.toString();
    }

    /** What an entity is, whatever the order its statements came in. */
    private static List<Set<?>> contentOf(Entity e) {
        return List.of(Set.of(e.reference()), Set.copyOf(e.types()), Set.copyOf(e.labels()),
                Set.copyOf(e.statements()));
    }

    @Test
    void nTriplesTurtleAndRdfXmlGzippedOrNotReadTheSame(@TempDir Path dir) throws IOException {
        List<Path> files = List.of(write(dir, "d.ttl", TURTLE), write(dir, "d.nt", nTriples()),
                write(dir, "d.rdf", RDF_XML), gzip(dir, "d.ttl.gz", TURTLE), gzip(dir, "d.nt.gz", nTriples()),
                gzip(dir, "d.owl.gz", RDF_XML));
        Vocabulary first = Vocabulary.load(files.get(0).toString());
        assertThat(first.getEntities()).extracting(Entity::reference).containsExactly(EX + "ada", EX + "london");
        for (Path file : files) {
            Vocabulary v = Vocabulary.load("file:" + file);
            assertThat(v.getEntities()).as(file.toString()).map(DatasetVocabularyTest::contentOf)
                    .containsExactlyInAnyOrderElementsOf(first.getEntities().stream()
                            .map(DatasetVocabularyTest::contentOf).toList());
        }
    }

    @Test
    void labelsFromTheLabelPropertiesTypesFromRdfTypeAndTheOtherStatementsKept(@TempDir Path dir) throws IOException {
        Entity ada = Vocabulary.load(write(dir, "d.ttl", TURTLE).toString()).entity(EX + "ada");

        // rdfs:label and foaf:name are labels by default; schema:name is not
        assertThat(ada.labels()).containsExactlyInAnyOrder(
                new Label("Ada Lovelace", "en", LabelKind.PREFERRED, RDFS_LABEL),
                new Label("Ada Lovelace", "de", LabelKind.PREFERRED, RDFS_LABEL),
                new Label("Augusta Ada King", null, LabelKind.PREFERRED, FOAF + "name"));
        assertThat(ada.types()).containsExactlyInAnyOrder(FOAF + "Person", SCHEMA + "Person");
        // kept for dereferencing; the statement whose value is a blank node is not
        assertThat(ada.statements()).containsExactlyInAnyOrder(
                EntityStatement.text(EX + "ada", SCHEMA + "name", "Countess of Lovelace", "en"),
                EntityStatement.iri(EX + "ada", FOAF + "depiction", "https://example.org/images/ada.jpg"),
                EntityStatement.typed(EX + "ada", SCHEMA + "birthDate", "1815-12-10",
                        "http://www.w3.org/2001/XMLSchema#date"),
                EntityStatement.text(EX + "ada", SCHEMA + "description", "A mathematician", "en"),
                EntityStatement.text(EX + "ada", SCHEMA + "description", "Eine Mathematikerin", "de"));
        assertThat(ada.description()).hasSize(3 + 2 + 5)
                .contains(EntityStatement.iri(EX + "ada", RDF_TYPE, FOAF + "Person"),
                        EntityStatement.text(EX + "ada", FOAF + "name", "Augusta Ada King", null));
    }

    @Test
    void labelPropertiesOfOnesOwn(@TempDir Path dir) throws IOException {
        String location = write(dir, "d.ttl", TURTLE).toString();
        // tag::loader[]
        Vocabulary v = Vocabulary.loader()
                .labelProperties("schema:name", "http://xmlns.com/foaf/0.1/name")
                .load(location);
        // end::loader[]
        assertThat(v.getEntities()).extracting(Entity::reference).containsExactly(EX + "ada");
        assertThat(v.entity(EX + "ada").labels()).extracting(Label::text)
                .containsExactlyInAnyOrder("Countess of Lovelace", "Augusta Ada King");
        // the labels of other properties are statements now
        assertThat(v.entity(EX + "ada").statements()).extracting(EntityStatement::property).contains(RDFS_LABEL);
        assertThatThrownBy(() -> Vocabulary.loader().labelProperties("dcterms:title"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("Unknown prefix 'dcterms' in 'dcterms:title': write the whole IRI, or use one"
                                        + " of the prefixes ").hasMessageContaining("rdfs, schema, sioc, skos");
        assertThatThrownBy(() -> Vocabulary.loader().labelProperties(List.of()))
                .hasMessage("A vocabulary needs at least one label property, such as rdfs:label");
    }

    @Test
    void textsThatRepeatAreKeptOnce(@TempDir Path dir) throws IOException {
        Vocabulary v = Vocabulary.load(write(dir, "d.nt", nTriples() + """
                <https://example.org/data/paris> <http://www.w3.org/2000/01/rdf-schema#label> "Paris"@en .
                <https://example.org/data/paris> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> \
                <http://schema.org/City> .
                """).toString());
        Entity london = v.entity(EX + "london");
        Entity paris = v.entity(EX + "paris");
        assertThat(paris.types()).isSameAs(london.types());
        assertThat(paris.labels().get(0).property()).isSameAs(london.labels().get(0).property());
        assertThat(paris.labels().get(0).language()).isSameAs(london.labels().get(0).language());
    }

    @Test
    void aDatasetTooBigForTheHeapFailsWhileReadingSayingHowMuchItNeeds(@TempDir Path dir) throws IOException {
        Path big = dir.resolve("big.nt.gz");
        try (Writer w = new java.io.OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(big)),
                StandardCharsets.UTF_8)) {
            for (int i = 0; i < 50_000; i++) {
                w.write("<https://example.org/big/" + i + "> <http://www.w3.org/2000/01/rdf-schema#label> \"Entity "
                        + i + "\"@en .\n");
            }
        }
        // about 50,000 × (an entity and a label): some 20 MB once built and indexed
        assertThatThrownBy(() -> Vocabulary.loader().maxHeap(4L * 1024 * 1024).load(big.toString()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("Vocabulary " + big + " does not fit the heap: it needs about ")
                .hasMessageMatching(".* MB \\(an estimate from the first \\d+% of it\\), more than the 4 MB it may take"
                                    + " \\(maxHeap\\)\\. Give the JVM more heap \\(-Xmx\\) or use a smaller"
                                    + " vocabulary\\.");
        assertThat(Vocabulary.loader().maxHeap(64L * 1024 * 1024).load(big.toString()).size()).isEqualTo(50_000);
        assertThatThrownBy(() -> Vocabulary.loader().maxHeap(0)).hasMessage("maxHeap must be more than 0 bytes, not 0");
    }

    private static Path write(Path dir, String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static Path gzip(Path dir, String name, String text) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }
}
