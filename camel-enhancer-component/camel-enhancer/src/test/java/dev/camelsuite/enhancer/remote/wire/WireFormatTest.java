package dev.camelsuite.enhancer.remote.wire;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentItemJson;
import dev.camelsuite.enhancer.content.ContentPart;
import org.apache.activemq.command.ActiveMQBytesMessage;
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

    @ParameterizedTest
    @EnumSource(WireFormat.class)
    void anItemWrittenIntoAMessageIsReadWhereTheClientHoldsIt(WireFormat format) throws Exception {
        ContentItem item = sample();
        ActiveMQBytesMessage message = new ActiveMQBytesMessage();
        message.setStringProperty(WireProtocol.FORMAT, format.label());
        format.writeTo(message, item, null);
        // what sending does to the body: it is kept as the bytes the client puts on the wire, and read from there
        message.onSend();
        assertThat(message.getContent().getLength()).isEqualTo(format.write(item).length);
        assertThat(ContentItemJson.toJson(WireMessages.itemOf(message))).isEqualTo(ContentItemJson.toJson(item));
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

    @ParameterizedTest
    @EnumSource(WireFormat.class)
    void aReplyLeavesOutTheContentItsRequestCarriedAndIsReadBackWhole(WireFormat format) {
        ContentItem sent = ContentItem.ofText("Paris is a city in France. ".repeat(40));
        RequestContent held = RequestContent.of(sent);
        ContentItem enhanced = format.read(format.write(sent));
        enhanced.addLanguage("en", 0.99, "langid");
        enhanced.addAnnotation("city", 0, 5, 0.9, "ner", java.util.Map.of());

        byte[] whole = format.write(enhanced);
        byte[] added = format.write(enhanced, held);
        // the text is not carried back: only a flag saying so
        assertThat(added.length).isLessThan(whole.length - sent.getText().length() + 24);
        ContentItem back = format.read(added, held);
        assertThat(ContentItemJson.toJson(back)).isEqualTo(ContentItemJson.toJson(enhanced));
        assertThat(back.getUri()).isEqualTo(sent.getUri());
    }

    @Test
    void partsTheRequestHadAreLeftOutAndPartsTheChainAddedAreCarried() {
        byte[] pdf = "%PDF-1.7 not really".getBytes();
        ContentItem sent = ContentItem.ofBytes(null, pdf, "application/pdf");
        RequestContent held = RequestContent.of(sent);
        // an extraction engine sets the text and adds a part
        sent.setText("extracted text");
        sent.addPart(new ContentPart("layout", "application/json", "{}".getBytes()));

        byte[] added = WireFormat.JSON.write(sent, held);
        String json = new String(added);
        assertThat(json).contains("\"requestParts\":1").contains("\"text\":\"extracted text\"").contains("layout")
                .doesNotContain(java.util.Base64.getEncoder().encodeToString(pdf));
        ContentItem back = WireFormat.JSON.read(added, held);
        assertThat(ContentItemJson.toJson(back)).isEqualTo(ContentItemJson.toJson(sent));
        assertThat(back.getPart("content").data()).isEqualTo(pdf);
    }

    @Test
    void aReplyThatLeavesOutContentNeedsItsRequest() {
        ContentItem sent = ContentItem.ofText("some text");
        byte[] added = WireFormat.JSON.write(sent, RequestContent.of(sent));
        assertThatThrownBy(() -> WireFormat.JSON.read(added)).hasMessageContaining("no request is at hand");
        byte[] claimsParts = "{\"requestText\":true,\"requestParts\":3}".getBytes();
        assertThatThrownBy(() -> WireFormat.JSON.read(claimsParts, RequestContent.of(sent)))
                .hasMessageContaining("names 3 parts of its request, which has 0");
    }
}
