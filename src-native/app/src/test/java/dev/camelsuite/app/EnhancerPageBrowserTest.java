package dev.camelsuite.app;

import java.net.URL;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;

/**
 * The enhancer's page in headless Chromium: a browser asking for {@code /enhancer} gets the page, which enhances the
 * text of its address with the chain of its address and shows the language, the entities marked in the text and each
 * engine's execution, without console errors; a screenshot is kept in target/screenshots (the one in the docs).
 */
@QuarkusTest
class EnhancerPageBrowserTest {

    static final String TEXT = "Marie Curie worked in Paris. Albert Einstein lived in Berlin for many years.";

    @TestHTTPResource("/enhancer")
    URL page;

    @Test
    void aBrowserGetsThePageAndRdfClientsTheRdf() {
        given().accept("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8").when().get("/enhancer")
                .then().statusCode(200).contentType(startsWith("text/html"))
                .body(containsString("<script src=\"/enhancer-page/enhancer.js\" defer></script>"));
        given().accept("*/*").when().get("/enhancer").then().statusCode(200)
                .contentType(startsWith("application/ld+json"));
        given().accept("text/html").when().get("/engines").then().statusCode(200).contentType(startsWith("text/html"));
        // the page's files are signed in as every page is
        given().auth().none().when().get("/enhancer-page/enhancer.js").then().statusCode(401);
    }

    @Test
    void thePageShowsTheLanguageTheEntitiesAndTheEngines() throws Exception {
        HeadlessChromium chromium = HeadlessChromium.find();
        // a writer signs in (enhancing is a POST); the browser sends the address's credentials with the page's calls
        String address = page.toString().replace("://", "://" + SignedIn.WRITER + ":" + SignedIn.WRITER_PASSWORD + "@")
                         + "?chain=default&text=" + URLEncoder.encode(TEXT, StandardCharsets.UTF_8);
        HeadlessChromium.Run run = chromium.dumpDom(address, 8000);

        assertThat(run.console()).as("console messages of the page").isEmpty();
        assertThat(run.dom()).contains("data-language=\"en\"")
                .containsPattern("<mark class=\"person\"[^>]*data-entities=\"\\[&quot;https://example.org/camelsuite/"
                                 + "entity/marie-curie&quot;\\]\"[^>]*>Marie Curie</mark>")
                .containsPattern("<mark class=\"place\"[^>]*>Paris</mark>")
                .contains("<a href=\"https://example.org/camelsuite/entity/berlin\">Berlin</a>")
                // what the vocabulary says of Paris, in the text's language, beside it
                .containsPattern("data-described=\"true\">The capital of France <a href=\"[^\"]*paris\\.jpg\">"
                                 + "picture</a>")
                .contains("Chain default: completed")
                .contains("{&quot;engine&quot;:&quot;tika&quot;,&quot;status&quot;:&quot;completed&quot;}")
                .contains("{&quot;engine&quot;:&quot;ner&quot;,&quot;status&quot;:&quot;completed&quot;}");

        // a document sent (here HTML, as ?type= sends it): what it says of itself is shown beside its text
        String html = "<html><head><title>Two lives</title><meta name=\"author\" content=\"Ann Author\"></head>"
                      + "<body><p>Marie Curie worked in Paris.</p></body></html>";
        HeadlessChromium.Run document = chromium.dumpDom(page.toString().replace("://", "://" + SignedIn.WRITER + ":"
                + SignedIn.WRITER_PASSWORD + "@") + "?chain=default&type=text/html&text="
                + URLEncoder.encode(html, StandardCharsets.UTF_8), 8000);
        assertThat(document.console()).as("console messages of the page").isEmpty();
        assertThat(document.dom()).contains("<dd data-property=\"http://purl.org/dc/terms/title\">Two lives</dd>")
                .contains("<dd data-property=\"http://purl.org/dc/terms/format\">text/html")
                .containsPattern("<mark class=\"person\"[^>]*>Marie Curie</mark>")
                .doesNotContain("<section id=\"document-section\" hidden");
        assertThat(run.dom()).contains("<section id=\"document-section\" hidden");

        Path screenshot = Path.of("target", "screenshots", "enhancer-page.png");
        HeadlessChromium.Run shot = chromium.screenshot(address, screenshot, 8000);
        assertThat(shot.console()).isEmpty();
        assertThat(Files.size(screenshot)).isGreaterThan(10_000);
    }
}
