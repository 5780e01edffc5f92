package dev.camelsuite.enhancer.remote;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentItemJson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class WireFormatTest {

    private static ContentItem sample() {
        return ContentItemJson.fromJson(ContentItemJson.toJson(dev.camelsuite.enhancer.content.ContentItemJsonTestAccess.sample()));
    }

    @ParameterizedTest
    @EnumSource(WireFormat.class)
    void resultsAndMetadataSurviveTheRoundTrip(WireFormat format) {
        ContentItem item = sample();
        ContentItem back = format.read(format.write(item));
        // the JSON form is the complete picture: equal JSON means nothing was lost
        assertThat(ContentItemJson.toJson(back)).isEqualTo(ContentItemJson.toJson(item));
        assertThat(back.getExecutionMetadata().getPlan()).isEqualTo(item.getExecutionMetadata().getPlan());
    }

    @Test
    void binaryIsSmallerThanJson() {
        ContentItem item = sample();
        assertThat(WireFormat.BINARY.write(item).length).isLessThan(WireFormat.JSON.write(item).length);
    }

    @Test
    void garbageIsRejectedClearly() {
        assertThatThrownBy(() -> WireFormat.BINARY.read("{\"uri\":\"x\"}".getBytes()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("Malformed content item");
        assertThatThrownBy(() -> WireFormat.of("xml")).hasMessage("Unknown wire format 'xml' (known: json, binary)");
    }
}
