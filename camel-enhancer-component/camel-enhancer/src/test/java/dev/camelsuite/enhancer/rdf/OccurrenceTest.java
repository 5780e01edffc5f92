package dev.camelsuite.enhancer.rdf;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class OccurrenceTest {

    @Test
    void prefixAndSuffixFindTheSpanAgainAndTheContextIsCutAfterWholeWords() {
        String text = "x".repeat(70) + " one two three Berlin four five six " + "y".repeat(70);
        int begin = text.indexOf("Berlin");
        Occurrence at = Occurrence.of(text, begin, begin + 6);
        assertThat(at.selected()).isEqualTo("Berlin");
        assertThat(at.prefix()).hasSize(Occurrence.PREFIX_SUFFIX_LENGTH).isEqualTo("two three ");
        assertThat(at.suffix()).isEqualTo(" four five");
        assertThat(text).contains(at.prefix() + at.selected() + at.suffix());
        // the room before starts inside the x's: the context starts after the first space in it
        assertThat(at.context()).isEqualTo("one two three Berlin four five six");
    }

    @Test
    void nearTheEdgesTheContextAndTheAffixesStopAtTheText() {
        String text = "Paris is big.";
        Occurrence start = Occurrence.of(text, 0, 5);
        assertThat(start.prefix()).isEmpty();
        assertThat(start.suffix()).isEqualTo(" is big.");
        assertThat(start.context()).isEqualTo(text);
        Occurrence end = Occurrence.of(text, 9, 12);
        assertThat(end.suffix()).isEqualTo(".");
        assertThat(end.context()).isEqualTo(text);
    }

    @Test
    void aTextWithoutSpacesIsCutInsideItsWordAtTheRoomsEdge() {
        String text = "a".repeat(200);
        Occurrence at = Occurrence.of(text, 100, 110);
        assertThat(at.context()).hasSize(10 + 2 * Occurrence.CONTEXT_LENGTH);
    }
}
