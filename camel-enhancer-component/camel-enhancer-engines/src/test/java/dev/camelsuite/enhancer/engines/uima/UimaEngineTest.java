package dev.camelsuite.enhancer.engines.uima;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_component.CasAnnotator_ImplBase;
import org.apache.uima.analysis_engine.AnalysisEngineDescription;
import org.apache.uima.analysis_engine.AnalysisEngineProcessException;
import org.apache.uima.cas.CAS;
import org.apache.uima.cas.StringArrayFS;
import org.apache.uima.cas.Type;
import org.apache.uima.cas.text.AnnotationFS;
import org.apache.uima.fit.factory.AnalysisEngineFactory;
import org.apache.uima.resource.metadata.TypeDescription;
import org.apache.uima.resource.metadata.TypeSystemDescription;
import org.apache.uima.tutorial.ex1.RoomNumberAnnotator;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class UimaEngineTest {

    static final String ROOM_NUMBER = "org.apache.uima.tutorial.RoomNumber";
    static final String TEXT = "The review is in 20-001 at nine, then we move to GN-K35 for lunch.";

    /** Numbers, with features of every primitive kind and a confidence; fails on a text saying "fail". */
    public static final class NumberAnnotator extends CasAnnotator_ImplBase {

        static final String NUMBER = "dev.example.Number";
        private static final Pattern DIGITS = Pattern.compile("\\d+");

        @Override
        public void process(CAS cas) throws AnalysisEngineProcessException {
            if (cas.getDocumentText().contains("fail")) {
                throw new AnalysisEngineProcessException(new IllegalStateException("the text asked to fail"));
            }
            Type type = cas.getTypeSystem().getType(NUMBER);
            Matcher m = DIGITS.matcher(cas.getDocumentText());
            while (m.find()) {
                AnnotationFS a = cas.createAnnotation(type, m.start(), m.end());
                int value = Integer.parseInt(m.group());
                a.setIntValue(type.getFeatureByBaseName("value"), value);
                a.setBooleanValue(type.getFeatureByBaseName("even"), value % 2 == 0);
                a.setDoubleValue(type.getFeatureByBaseName("confidence"), m.group().length() > 1 ? 0.9 : 0.6);
                a.setStringValue(type.getFeatureByBaseName("language"), cas.getDocumentLanguage());
                StringArrayFS digits = cas.createStringArrayFS(m.group().length());
                for (int i = 0; i < m.group().length(); i++) {
                    digits.set(i, m.group().substring(i, i + 1));
                }
                a.setFeatureValue(type.getFeatureByBaseName("digits"), digits);
                cas.addFsToIndexes(a);
            }
        }
    }

    private static TypeSystemDescription roomNumberTypes() {
        TypeSystemDescription types = UIMAFramework.getResourceSpecifierFactory().createTypeSystemDescription();
        TypeDescription room = types.addType(ROOM_NUMBER, "A room number", CAS.TYPE_NAME_ANNOTATION);
        room.addFeature("building", "The building", CAS.TYPE_NAME_STRING);
        return types;
    }

    private static TypeSystemDescription numberTypes() {
        TypeSystemDescription types = UIMAFramework.getResourceSpecifierFactory().createTypeSystemDescription();
        TypeDescription number = types.addType(NumberAnnotator.NUMBER, "A number", CAS.TYPE_NAME_ANNOTATION);
        number.addFeature("value", "", CAS.TYPE_NAME_INTEGER);
        number.addFeature("even", "", CAS.TYPE_NAME_BOOLEAN);
        number.addFeature("confidence", "", CAS.TYPE_NAME_DOUBLE);
        number.addFeature("language", "", CAS.TYPE_NAME_STRING);
        number.addFeature("digits", "", CAS.TYPE_NAME_STRING_ARRAY);
        return types;
    }

    private static void assertRoomNumbers(ContentItem item, String engine) {
        List<TextAnnotation> rooms = item.getAnnotationsOfType(ROOM_NUMBER);
        assertThat(rooms).extracting(TextAnnotation::getCoveredText).containsExactly("20-001", "GN-K35");
        assertThat(rooms).extracting(TextAnnotation::getFeatures)
                .containsExactly(Map.of("building", "Yorktown"), Map.of("building", "Hawthorne"));
        assertThat(rooms.get(0).getBegin()).isEqualTo(17);
        assertThat(rooms.get(0).getEnd()).isEqualTo(23);
        assertThat(rooms).allSatisfy(a -> {
            assertThat(a.getConfidence()).isEqualTo(1.0);
            assertThat(a.getEngine()).isEqualTo(engine);
        });
        // the CAS's document annotation is not an enhancement
        assertThat(item.getAnnotations()).hasSize(2);
    }

    @Test
    void runsTheRoomNumberAnnotatorFromAnXmlDescriptor() throws EngineException {
        // tag::descriptor[]
        try (UimaEngine engine = UimaEngine.builder("rooms")
                .descriptor("classpath:dev/camelsuite/enhancer/engines/uima/RoomNumberAnnotator.xml") // or a file, a URL
                .order(EngineOrder.NER)
                .build()) {
            // end::descriptor[]
            ContentItem item = ContentItem.ofText(TEXT);
            assertThat(engine.canEnhance(item)).isEqualTo(CanEnhance.ASYNCHRONOUS);

            engine.computeEnhancements(item);

            assertRoomNumbers(item, "rooms");
            assertThat(engine.getOrder()).isEqualTo(EngineOrder.NER);
            assertThat(engine.getAnalysisEngine().getAnalysisEngineMetaData().getName()).isEqualTo("RoomNumberAnnotator");
            engine.collectionProcessComplete();
        }
    }

    @Test
    void runsTheRoomNumberAnnotatorFromAUimaFitDescription() throws Exception {
        // tag::uimafit[]
        AnalysisEngineDescription description = AnalysisEngineFactory.createEngineDescription(
                RoomNumberAnnotator.class, roomNumberTypes());
        try (UimaEngine engine = UimaEngine.builder("rooms-fit").description(description).build()) {
            // end::uimafit[]
            ContentItem item = ContentItem.ofText(TEXT);

            engine.computeEnhancements(item);

            assertRoomNumbers(item, "rooms-fit");
            assertThat(engine.getOrder()).isEqualTo(EngineOrder.DEFAULT);
        }
    }

    @Test
    void primitiveFeaturesArraysConfidenceAndLanguage() throws Exception {
        AnalysisEngineDescription description = AnalysisEngineFactory.createEngineDescription(
                NumberAnnotator.class, numberTypes());
        try (UimaEngine engine = UimaEngine.builder("numbers").description(description).build()) {
            ContentItem item = ContentItem.ofText("Rooms 7 and 42.");
            item.setLanguage("en");

            engine.computeEnhancements(item);

            List<TextAnnotation> numbers = item.getAnnotationsOfType(NumberAnnotator.NUMBER);
            assertThat(numbers).extracting(TextAnnotation::getCoveredText).containsExactly("7", "42");
            assertThat(numbers.get(1).getFeatures()).containsExactly(Map.entry("value", 42), Map.entry("even", true),
                    Map.entry("confidence", 0.9), Map.entry("language", "en"), Map.entry("digits", List.of("4", "2")));
            assertThat(numbers).extracting(TextAnnotation::getConfidence).containsExactly(0.6, 0.9);
        }
    }

    @Test
    void aFailingAnalysisEngineFailsTheEngineAndTheNextItemIsFine() throws Exception {
        AnalysisEngineDescription description = AnalysisEngineFactory.createEngineDescription(
                NumberAnnotator.class, numberTypes());
        try (UimaEngine engine = UimaEngine.builder("numbers").description(description).build()) {
            assertThatThrownBy(() -> engine.computeEnhancements(ContentItem.ofText("please fail on 3")))
                    .isInstanceOf(EngineException.class)
                    .hasMessage("UIMA analysis engine 'numbers' failed: the text asked to fail");

            ContentItem next = ContentItem.ofText("then 12");
            engine.computeEnhancements(next);
            assertThat(next.getAnnotations()).singleElement().extracting(TextAnnotation::getCoveredText).isEqualTo("12");
        }
    }

    @Test
    void onlyTheTypesAskedFor() throws Exception {
        AnalysisEngineDescription rooms = AnalysisEngineFactory.createEngineDescription(
                RoomNumberAnnotator.class, roomNumberTypes());
        try (UimaEngine engine = UimaEngine.builder("rooms").description(rooms).types(ROOM_NUMBER).build()) {
            ContentItem item = ContentItem.ofText(TEXT);
            engine.computeEnhancements(item);
            assertThat(item.getAnnotations()).hasSize(2);
        }
        assertThatThrownBy(() -> UimaEngine.builder("rooms").description(rooms).types("no.such.Type").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Engine 'rooms': the analysis engine has no type no.such.Type");
    }

    @Test
    void poolsInstancesForManyThreads() throws Exception {
        try (UimaEngine engine = UimaEngine.builder("rooms")
                .descriptor("classpath:dev/camelsuite/enhancer/engines/uima/RoomNumberAnnotator.xml")
                .instances(3)
                .build()) {
            assertThat(engine.isThreadSafe()).isTrue();
            ExecutorService pool = Executors.newFixedThreadPool(6);
            try {
                List<Callable<ContentItem>> tasks = new ArrayList<>();
                for (int i = 0; i < 120; i++) {
                    String text = "Meet in " + String.format("%02d", i % 50) + "-1" + String.format("%02d", i % 30)
                                  + " today.";
                    tasks.add(() -> {
                        ContentItem item = ContentItem.ofText(text);
                        engine.computeEnhancements(item);
                        return item;
                    });
                }
                for (Future<ContentItem> f : pool.invokeAll(tasks)) {
                    ContentItem item = f.get();
                    String expected = item.getText().substring(8, 14);
                    assertThat(item.getAnnotationsOfType(ROOM_NUMBER)).singleElement()
                            .extracting(TextAnnotation::getCoveredText).isEqualTo(expected);
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void badDescriptorsAndOptions() {
        assertThatThrownBy(() -> UimaEngine.builder("x").descriptor("classpath:no/such.xml"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Engine 'x': no UIMA descriptor at classpath:no/such.xml");
        assertThatThrownBy(() -> UimaEngine.builder("x").descriptor("/no/such/file.xml"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no UIMA descriptor");
        assertThatThrownBy(() -> UimaEngine.builder("x").descriptor("classpath:simplelogger.properties"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a valid UIMA descriptor");
        assertThatThrownBy(() -> UimaEngine.builder("x").instances(0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("instances must be at least 1");
        assertThatThrownBy(() -> UimaEngine.builder("x").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("needs a descriptor or a description");
        assertThatThrownBy(() -> UimaEngine.builder(""))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
