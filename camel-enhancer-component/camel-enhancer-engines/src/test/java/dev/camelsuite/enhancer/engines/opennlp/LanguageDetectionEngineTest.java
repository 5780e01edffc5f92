package dev.camelsuite.enhancer.engines.opennlp;

import java.util.List;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineOrder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LanguageDetectionEngineTest {

    private final LanguageDetectionEngine engine = new LanguageDetectionEngine();

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "en | The river flooded the lower town twice this winter, and the council has finally agreed to build a wall.",
        "de | Der Fluss hat die Unterstadt in diesem Winter zweimal überschwemmt, nun will der Rat eine Mauer bauen.",
        "fr | La rivière a inondé la ville basse deux fois cet hiver, et le conseil a enfin accepté de construire un mur.",
        "es | El río inundó la parte baja de la ciudad dos veces este invierno y el ayuntamiento por fin construirá un muro.",
        "it | Il fiume ha allagato la città bassa due volte quest'inverno e il consiglio ha finalmente deciso di costruire un muro.",
        "nl | De rivier heeft de benedenstad deze winter twee keer overstroomd en de gemeenteraad bouwt nu eindelijk een muur."
    })
    void identifiesTheLanguageOfRealText(String language, String text) {
        ContentItem item = ContentItem.ofText(text);
        assertThat(engine.canEnhance(item)).isEqualTo(CanEnhance.ASYNCHRONOUS);

        engine.computeEnhancements(item);

        List<TextAnnotation> languages = item.getAnnotationsOfType(TextAnnotation.LANGUAGE);
        assertThat(languages).hasSize(1);
        TextAnnotation a = languages.get(0);
        assertThat(a.getFeature(TextAnnotation.LANGUAGE_FEATURE)).isEqualTo(language);
        // the model's probability, spread over 103 languages: for one sentence typically 0.1 to 0.3
        assertThat(a.getConfidence()).isBetween(0.1, 1.0);
        assertThat(a.getEngine()).isEqualTo("langid");
        assertThat(a.hasSpan()).isFalse();
        assertThat(item.getLanguage()).isEqualTo(language);
    }

    @Test
    void aTextItIsUnsureOfIsTakenToBeInTheDefaultLanguageWithTheGuesssConfidence() {
        LanguageDetectionEngine engine = new LanguageDetectionEngine();
        ContentItem item = ContentItem.ofText("Angela Merkel met Emmanuel Macron in Paris.");
        engine.computeEnhancements(item);
        // the guess (Dutch) leads Swedish by 1.05 only: English, the default, with the guess's low confidence
        assertThat(item.getLanguage()).isEqualTo("en");
        assertThat(item.getAnnotationsOfType(TextAnnotation.LANGUAGE)).singleElement()
                .satisfies(a -> assertThat(a.getConfidence()).isLessThan(0.05));
        engine.setDefaultLanguage("de");
        ContentItem german = ContentItem.ofText("Hello Paris");
        engine.computeEnhancements(german);
        assertThat(german.getLanguage()).isEqualTo("de");
        // no default: the guess however unsure; a lead below 1 makes no sense
        engine.setDefaultLanguage(null);
        ContentItem guessed = ContentItem.ofText("Angela Merkel met Emmanuel Macron in Paris.");
        engine.computeEnhancements(guessed);
        assertThat(guessed.getLanguage()).isEqualTo("nl");
        assertThatThrownBy(() -> engine.setMinLead(0.9)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("minLead must be at least 1 but was 0.9");
    }

    @Test
    void theCallersLanguageWinsAndIsRecorded() {
        ContentItem item = ContentItem.ofText("This text is plainly English, whatever the caller says about it.");
        item.setLanguage("de");

        engine.computeEnhancements(item);

        List<TextAnnotation> languages = item.getAnnotationsOfType(TextAnnotation.LANGUAGE);
        assertThat(languages).singleElement().satisfies(a -> {
            assertThat(a.getFeature(TextAnnotation.LANGUAGE_FEATURE)).isEqualTo("de");
            assertThat(a.getConfidence()).isEqualTo(1.0);
        });
        assertThat(item.getLanguage()).isEqualTo("de");

        // a second run (a resumed chain, another language engine) does not state it twice
        engine.computeEnhancements(item);
        assertThat(item.getAnnotationsOfType(TextAnnotation.LANGUAGE)).hasSize(1);
    }

    @Test
    void suggestsSeveralLanguagesMostProbableFirst() {
        engine.setMaxSuggestedLanguages(3);
        ContentItem item = ContentItem.ofText("De gemeente heeft besloten om volgend jaar een nieuwe brug over de rivier te"
                                                + " bouwen, zodat fietsers sneller in het centrum zijn.");

        engine.computeEnhancements(item);

        List<TextAnnotation> languages = item.getAnnotationsOfType(TextAnnotation.LANGUAGE);
        assertThat(languages).hasSize(3);
        assertThat(languages.get(0).getConfidence()).isGreaterThanOrEqualTo(languages.get(1).getConfidence());
        assertThat(languages.get(1).getConfidence()).isGreaterThanOrEqualTo(languages.get(2).getConfidence());
        assertThat(item.getLanguage()).isEqualTo("nl");
    }

    @Test
    void judgesALongTextByAProbeFromItsMiddle() {
        String english = "The committee will publish its report next week, after the last hearing has ended. Members"
                         + " of the public may send written comments until Friday. A summary will be posted online. ";
        String german = "Die Stadtwerke erneuern im Sommer die Wasserleitungen in der Altstadt. Während der Arbeiten"
                        + " bleibt die Hauptstraße für Autos gesperrt. Fußgänger können die Baustelle passieren. Die"
                        + " Kosten trägt zum größten Teil das Land, den Rest übernimmt die Gemeinde. ";
        // English at the start and the end, German in the middle
        String text = english + german + german + english;
        engine.setProbeLength(200);
        ContentItem item = ContentItem.ofText(text);

        engine.computeEnhancements(item);

        assertThat(item.getLanguage()).isEqualTo("de");

        engine.setProbeLength(0);
        ContentItem start = ContentItem.ofText(english + german.substring(0, 80));
        engine.computeEnhancements(start);
        assertThat(start.getLanguage()).isEqualTo("en");
    }

    @Test
    void anItemWithoutTextIsNothingForIt() {
        assertThat(engine.canEnhance(ContentItem.ofText("   \n"))).isEqualTo(CanEnhance.CANNOT);
        assertThat(engine.canEnhance(ContentItem.ofBytes(null, new byte[] { 1, 2 }, "application/pdf")))
                .isEqualTo(CanEnhance.CANNOT);
    }

    @Test
    void optionsAndOrder() {
        assertThat(engine.getName()).isEqualTo(LanguageDetectionEngine.NAME);
        assertThat(engine.getOrder()).isEqualTo(EngineOrder.LANGUAGE_DETECTION);
        assertThat(engine.getProbeLength()).isEqualTo(LanguageDetectionEngine.DEFAULT_PROBE_LENGTH);
        assertThat(engine.getMaxSuggestedLanguages()).isEqualTo(1);
        assertThatThrownBy(() -> engine.setMaxSuggestedLanguages(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxSuggestedLanguages");
        assertThatThrownBy(() -> new LanguageDetectionEngine(" ", OpenNlpModels.languageDetector()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
