package dev.camelsuite.enhancer.content;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EnhancementPropertiesTest {

    @Test
    void anEngineSeesThePropertiesForAllAndOverThemItsOwn() {
        EnhancementProperties properties = EnhancementProperties.of(Map.of(
                "enhancer.max-suggestions", "5",
                "ner:enhancer.max-suggestions", "2",
                "ner:enhancer.min-confidence", List.of("0.5"),
                "langid:enhancer.min-confidence", "0.9",
                "enhancer.engines.dereference.languages", new String[] { "fr", "de" }));

        EnhancementProperties ner = properties.forEngine("ner");
        assertThat(ner.asMap()).containsOnlyKeys("enhancer.max-suggestions", "enhancer.min-confidence",
                "enhancer.engines.dereference.languages");
        assertThat(ner.wholeNumber("enhancer.max-suggestions", 10, 1, 100)).isEqualTo(2);
        assertThat(ner.number("enhancer.min-confidence", 0, 0, 1)).isEqualTo(0.5);
        assertThat(ner.values("enhancer.engines.dereference.languages")).containsExactly("fr", "de");
        assertThat(properties.forEngine("tokens").wholeNumber("enhancer.max-suggestions", 10, 1, 100)).isEqualTo(5);
        assertThat(properties.forEngine("tokens").number("enhancer.min-confidence", 0.25, 0, 1)).isEqualTo(0.25);
        assertThat(EnhancementProperties.NONE.forEngine("ner").isEmpty()).isTrue();
    }

    @Test
    void aChainsPropertiesForAnEngineAreUnderTheRequestsAsStanbolRanksThem() {
        EnhancementProperties request = EnhancementProperties.of(Map.of(
                "enhancer.max-suggestions", "5",
                "ner:enhancer.min-confidence", "0.5"));
        EnhancementProperties chain = EnhancementProperties.of(Map.of(
                "ner:enhancer.max-suggestions", "2",
                "ner:enhancer.min-confidence", "0.9",
                "ner:enhancer.engines.dereference.languages", "de",
                "langid:enhancer.min-confidence", "0.1"));
        EnhancementProperties layered = request.withChainScoped(chain);

        // the request's for the engine, then the request's for all, then the chain's for the engine
        EnhancementProperties ner = layered.forEngine("ner");
        assertThat(ner.wholeNumber("enhancer.max-suggestions", 10, 1, 100)).isEqualTo(5);
        assertThat(ner.number("enhancer.min-confidence", 0, 0, 1)).isEqualTo(0.5);
        assertThat(ner.values("enhancer.engines.dereference.languages")).containsExactly("de");
        assertThat(layered.forEngine("langid").number("enhancer.min-confidence", 0, 0, 1)).isEqualTo(0.1);
        assertThat(layered.forEngine("tokens").asMap()).containsOnlyKeys("enhancer.max-suggestions");
        // the request's own stay as they were; another chain's replace this one's
        assertThat(layered.asMap()).isEqualTo(request.asMap());
        assertThat(layered.withChainScoped(EnhancementProperties.NONE).forEngine("langid").asMap())
                .containsOnlyKeys("enhancer.max-suggestions");
    }

    @Test
    void valuesThatAreNotWhatAnEngineReadsAreRefusedNamingTheProperty() {
        EnhancementProperties properties = EnhancementProperties.of(Map.of("enhancer.max-suggestions", "0",
                "enhancer.min-confidence", "lots"));
        assertThatThrownBy(() -> properties.wholeNumber("enhancer.max-suggestions", 1, 1, 100))
                .hasMessage("Enhancement property enhancer.max-suggestions must be a whole number from 1 to 100,"
                            + " not '0'");
        assertThatThrownBy(() -> properties.number("enhancer.min-confidence", 0, 0, 1))
                .hasMessage("Enhancement property enhancer.min-confidence must be a number from 0.0 to 1.0, not 'lots'");
    }

    @Test
    void theyAreBounded() {
        Map<String, Object> many = new HashMap<>();
        for (int i = 0; i <= EnhancementProperties.MAX_KEYS; i++) {
            many.put("enhancer.p" + i, "v");
        }
        assertThatThrownBy(() -> EnhancementProperties.of(many)).hasMessageContaining("At most 64");
        assertThatThrownBy(() -> EnhancementProperties.of(Map.of("enhancer.x", "v".repeat(5000))))
                .hasMessageContaining("enhancer.x");
        assertThatThrownBy(() -> EnhancementProperties.of(Map.of(" ", "v"))).hasMessageContaining("name");
    }
}
