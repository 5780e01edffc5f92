package dev.camelsuite.enhancer.engines;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.CanEnhance;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

class LanguageCodesTest {

    @ParameterizedTest
    @CsvSource({ "en, en", "EN, en", "en-GB, en", "pt_BR, pt", "deu, de", "fra, fr", "eng, en", "cmn, zh", "pes, fa",
                 "nob, nb", "gsw, gsw", "zh-Hant-TW, zh" })
    void primarySubtagTwoLettersWherePossible(String tag, String expected) {
        assertThat(LanguageCodes.normalize(tag)).isEqualTo(expected);
    }

    @Test
    void nothingForNothing() {
        assertThat(LanguageCodes.normalize(null)).isNull();
        assertThat(LanguageCodes.normalize("  ")).isNull();
    }

    @Test
    void textEnginesWorkOnText() {
        assertThat(TextEngines.canEnhanceText(ContentItem.ofText("a"))).isEqualTo(CanEnhance.ASYNCHRONOUS);
        assertThat(TextEngines.canEnhanceText(ContentItem.ofText(""))).isEqualTo(CanEnhance.CANNOT);
    }
}
