package dev.camelsuite.uima.client;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What a GetMeta reply may hold: a service's metadata, and nothing that makes this client fetch or expand. */
class GetMetaReplyTest {

    private static String metadata(String typeSystem) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               + "<analysisEngineMetaData xmlns=\"http://uima.apache.org/resourceSpecifier\">\n"
               + "  <name>RoomNumberAnnotator</name>\n"
               + "  <typeSystemDescription>" + typeSystem + "</typeSystemDescription>\n"
               + "</analysisEngineMetaData>";
    }

    @Test
    void aResolvedTypeSystemGivesTypedCases() throws Exception {
        GetMetaReply meta = GetMetaReply.parse(metadata("<types><typeDescription><name>example.RoomNumber</name>"
                + "<supertypeName>uima.tcas.Annotation</supertypeName></typeDescription></types>"));
        assertThat(meta.getName()).isEqualTo("RoomNumberAnnotator");
        assertThat(meta.newCas().getTypeSystem().getType("example.RoomNumber")).isNotNull();
        assertThat(meta.outputsNewCases()).isFalse();
    }

    @Test
    void importsFromTheWireAreRefusedBeforeAnythingIsFetched() {
        assertThatThrownBy(() -> GetMetaReply.parse(metadata(
                "<imports><import location=\"http://attacker.invalid/types.xml\"/></imports>")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("The GetMeta reply's type system imports location http://attacker.invalid/types.xml;"
                            + " imports from the wire are refused (they would be fetched from wherever they point)");
        assertThatThrownBy(() -> GetMetaReply.parse(metadata(
                "<imports><import name=\"org.example.Types\"/></imports>")))
                .hasMessageContaining("imports name org.example.Types");
    }

    @Test
    void aDocumentTypeOrAnOversizedReplyIsRefused() {
        String entity = "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                        + metadata("").substring(metadata("").indexOf('\n') + 1).replace("RoomNumberAnnotator", "&x;");
        assertThatThrownBy(() -> GetMetaReply.parse(entity)).isInstanceOf(IllegalStateException.class)
                .hasMessage("The GetMeta reply has a document type; metadata from the wire may hold none");
        String huge = metadata("<!--" + "x".repeat(GetMetaReply.MAX_LENGTH) + "-->");
        assertThatThrownBy(() -> GetMetaReply.parse(huge)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("characters; at most 1048576 are read");
    }
}
