package dev.camelsuite.enhancer.engines.opennlp;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.rdf.AnalysisNif;
import dev.camelsuite.enhancer.rdf.EnhancementRdf;
import dev.camelsuite.enhancer.rdf.RdfFormat;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import opennlp.tools.postag.ThreadSafePOSTaggerME;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Stanbol's {@code opennlp-pos} with OpenNLP's Universal Dependencies models: each token's part of speech. */
class PosTaggingEngineTest {

    private static final SentenceDetectionEngine SENTENCES = new SentenceDetectionEngine();
    private static final TokenizerEngine TOKENS = new TokenizerEngine();
    private static final PosTaggingEngine POS = new PosTaggingEngine();

    private static ContentItem analysed(String text, String language) throws EngineException {
        ContentItem item = ContentItem.ofText(text);
        item.setLanguage(language);
        SENTENCES.computeEnhancements(item);
        TOKENS.computeEnhancements(item);
        return item;
    }

    private static List<String> tags(ContentItem item) {
        return item.getAnnotationsOfType(TextAnnotation.POS).stream()
                .map(a -> a.getCoveredText() + "/" + a.getFeature(TextAnnotation.POS_TAG_FEATURE)).toList();
    }

    @Test
    void tagsEachTokenOfEachSentenceInEnglishGermanAndFrench() throws EngineException {
        ContentItem english = analysed("Marie Curie worked in Paris. She won two prizes.", "en");
        assertThat(POS.canEnhance(english)).isNotEqualTo(CanEnhance.CANNOT);
        POS.computeEnhancements(english);
        assertThat(tags(english)).containsExactly("Marie/PROPN", "Curie/PROPN", "worked/VERB", "in/ADP", "Paris/PROPN",
                "./PUNCT", "She/PRON", "won/VERB", "two/NUM", "prizes/NOUN", "./PUNCT");
        assertThat(english.getAnnotationsOfType(TextAnnotation.POS)).allSatisfy(a -> {
            assertThat(a.getConfidence()).isBetween(0.0, 1.0);
            assertThat(a.getEngine()).isEqualTo("pos");
        });
        // the same tags as OpenNLP's own tagger gives the sentence
        ThreadSafePOSTaggerME own = new ThreadSafePOSTaggerME(OpenNlpModels.posModel("en"));
        assertThat(own.tag(new String[] { "She", "won", "two", "prizes", "." }))
                .containsExactly("PRON", "VERB", "NUM", "NOUN", "PUNCT");

        ContentItem german = analysed("Goethe lebte in Weimar.", "de");
        POS.computeEnhancements(german);
        assertThat(tags(german)).contains("Goethe/PROPN", "Weimar/PROPN");
        ContentItem french = analysed("Victor Hugo est né à Besançon.", "fr");
        POS.computeEnhancements(french);
        assertThat(tags(french)).contains("Hugo/PROPN", "Besançon/PROPN");
        assertThat(POS.getOrder()).isEqualTo(EngineOrder.POS_TAGGING);
    }

    @Test
    void declinesWhatItCannotTagAndFailsWhenCalledOnIt() throws EngineException {
        ContentItem untokenized = ContentItem.ofText("No tokens yet.");
        untokenized.setLanguage("en");
        assertThat(POS.canEnhance(untokenized)).isEqualTo(CanEnhance.CANNOT);
        assertThat(POS.cannotEnhanceReason(untokenized)).contains("no tokens to tag");
        ContentItem spanish = ContentItem.ofText("Hola.");
        spanish.setLanguage("es");
        spanish.addAnnotation(TextAnnotation.TOKEN, 0, 4, 1.0, "tokens", null);
        assertThat(POS.canEnhance(spanish)).isEqualTo(CanEnhance.CANNOT);
        assertThat(POS.cannotEnhanceReason(spanish)).contains("no part-of-speech model for language 'es'");
        assertThatThrownBy(() -> POS.computeEnhancements(spanish)).isInstanceOf(EngineException.class)
                .hasMessageContaining("No part-of-speech model for language 'es'");
    }

    @Test
    void theTagsAreInTheNifAnalysisAndNotEnhancements() throws Exception {
        ContentItem item = analysed("Marie Curie worked in Paris.", "en");
        POS.computeEnhancements(item);
        ByteArrayOutputStream nif = new ByteArrayOutputStream();
        AnalysisNif.write(item, RdfFormat.N_TRIPLES, nif);
        assertThat(nif.toString(StandardCharsets.UTF_8))
                .contains("#char=6,11> <http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#posTag> "
                          + "\"PROPN\"");
        assertThat(EnhancementRdf.toString(item, RdfFormat.N_TRIPLES)).doesNotContain("PROPN");
    }
}
