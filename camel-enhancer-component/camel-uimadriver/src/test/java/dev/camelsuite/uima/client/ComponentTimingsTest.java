package dev.camelsuite.uima.client;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ComponentTimingsTest {

    @Test
    void analysisTimeByComponentName() {
        String xml = "<list><org.apache.uima.aae.monitor.statistics.AnalysisEnginePerformanceMetrics>"
                     + "<name>RoomNumberAnnotator</name><uniqueName>/RoomNumberAnnotator4</uniqueName>"
                     + "<analysisTime>14</analysisTime><numProcessed>1</numProcessed>"
                     + "</org.apache.uima.aae.monitor.statistics.AnalysisEnginePerformanceMetrics>"
                     + "<m><name>Tokenizer</name><analysisTime>2.5</analysisTime></m></list>";
        assertThat(ComponentTimings.parse(xml)).containsExactly(
                org.assertj.core.api.Assertions.entry("RoomNumberAnnotator", 14.0),
                org.assertj.core.api.Assertions.entry("Tokenizer", 2.5));
    }

    @Test
    void unreadableOrHostileTextGivesNothing() {
        assertThat(ComponentTimings.parse(null)).isEmpty();
        assertThat(ComponentTimings.parse("not xml")).isEmpty();
        assertThat(ComponentTimings.parse("<!DOCTYPE list [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                                          + "<list><m><name>&x;</name><analysisTime>1</analysisTime></m></list>"))
                .isEmpty();
    }
}
