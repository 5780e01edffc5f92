package dev.camelsuite.app;

import java.io.ByteArrayInputStream;

import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

/**
 * The enhancer's answer is bounded ({@code camelsuite.enhancer.max-answer-size}, 8 MB in the test profile): a text
 * whose enhancements pass it gets 413 naming the setting; a long answer within it comes whole, written twice (counted,
 * then sent) rather than held.
 */
@QuarkusTest
class AnswerBoundTest {

    /** Two sentences that name three entities of the sample vocabulary. */
    static final String SENTENCES = "Angela Merkel travelled from Berlin to Paris. She met the mayor there. ";

    /** A text of many vocabulary mentions, about {@code bytes} long. */
    static String mentions(int bytes) {
        return SENTENCES.repeat(bytes / SENTENCES.length());
    }

    @Test
    void anAnswerOverTheLimitIs413NamingTheSetting() {
        given().contentType("text/plain").accept("text/turtle").body(mentions(200_000)).when().post("/enhancer")
                .then().statusCode(413).contentType(containsString("problem+json"))
                .body("detail", containsString("camelsuite.enhancer.max-answer-size"))
                .body("detail", containsString("8388608 bytes"));
    }

    @Test
    void aLongAnswerWithinTheLimitComesWhole() {
        String text = mentions(100_000);
        byte[] turtle = given().contentType("text/plain").accept("text/turtle").body(text).when().post("/enhancer")
                .then().statusCode(200).extract().asByteArray();
        // longer than an answer held in memory (4 MB), shorter than the limit
        assertThat(turtle.length).isBetween(4 * 1024 * 1024, 8 * 1024 * 1024);
        Model model = EnhancementRdf.parse(new ByteArrayInputStream(turtle), RdfFormat.TURTLE);
        int copies = text.length() / SENTENCES.length();
        assertThat(model.filter(null, RDF.TYPE, SimpleValueFactory.getInstance()
                .createIRI("http://fise.iks-project.eu/ontology/EntityAnnotation")).size()).isEqualTo(3 * copies);
    }
}
