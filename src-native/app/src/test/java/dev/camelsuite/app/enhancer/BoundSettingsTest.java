package dev.camelsuite.app.enhancer;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A bound set to 0 or less bounds nothing: the application does not start, and says which setting. */
class BoundSettingsTest {

    @Test
    void aSparqlBoundOfZeroFailsTheStartNamingIt() {
        SparqlSettings settings = SparqlBoundsTest.settings();
        settings.maxRows = 0;
        assertThatThrownBy(settings::check).hasMessageContaining("camelsuite.enhancer.sparql.max-rows");
        SparqlSettings late = SparqlBoundsTest.settings();
        late.timeout = Duration.ZERO;
        assertThatThrownBy(late::check).hasMessageContaining("camelsuite.enhancer.sparql.timeout");
    }

    @Test
    void anRdfBoundOfZeroFailsTheStartNamingIt() {
        EnhancementRequests requests = new EnhancementRequests();
        requests.maxRdfCharacters = 0;
        requests.maxRdfNesting = 64;
        assertThatThrownBy(requests::checkSettings).hasMessageContaining("camelsuite.enhancer.max-rdf-characters");
    }
}
