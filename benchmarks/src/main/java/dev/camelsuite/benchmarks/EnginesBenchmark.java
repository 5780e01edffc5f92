package dev.camelsuite.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import dev.camelsuite.enhancer.engines.DefaultChain;
import dev.camelsuite.enhancer.engines.dictionary.DictionaryLinkingEngine;
import dev.camelsuite.enhancer.engines.dictionary.Vocabulary;
import dev.camelsuite.enhancer.engines.dictionary.VocabularyBuilder;
import dev.camelsuite.enhancer.engines.opennlp.LanguageDetectionEngine;
import dev.camelsuite.enhancer.engines.opennlp.OpenNlpModels;
import dev.camelsuite.enhancer.engines.opennlp.SentenceDetectionEngine;
import dev.camelsuite.enhancer.engines.opennlp.TokenizerEngine;
import dev.camelsuite.enhancer.engines.uima.UimaEngine;
import opennlp.tools.langdetect.LanguageDetectorME;
import opennlp.tools.sentdetect.SentenceDetectorME;
import opennlp.tools.sentdetect.SentenceModel;
import opennlp.tools.tokenize.TokenizerME;
import opennlp.tools.tokenize.TokenizerModel;
import opennlp.tools.util.Span;
import org.ahocorasick.trie.PayloadTrie;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ExchangePattern;
import org.apache.camel.Producer;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_engine.AnalysisEngine;
import org.apache.uima.analysis_engine.AnalysisEngineDescription;
import org.apache.uima.cas.CAS;
import org.apache.uima.cas.text.AnnotationFS;
import org.apache.uima.resource.metadata.TypeSystemDescription;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Throughput of each engine of {@code camel-enhancer-engines} on one English document of about 1 KB (documents per
 * second, one thread), each next to what a user would write instead, in the same run:
 * <ul>
 * <li>OpenNLP engines ({@code langid}, {@code sentences}, {@code tokens}) against OpenNLP called directly with one
 * reused {@code …ME} (the engine's overhead), and against a new {@code …ME} per document (the other thread-safe way to
 * share a model);</li>
 * <li>the dictionary engine (its label index, one pass over the text) against the naive loop a user writes first (each
 * label looked up with {@code indexOf}, whole words checked) and against the matching alone of the Aho-Corasick trie
 * the engine used before, with the sample vocabulary (54 entities, 144 labels) and with 10,000 more entities;</li>
 * <li>the UIMA engine running the tutorial's RoomNumberAnnotator against the analysis engine called directly on a
 * reused CAS;</li>
 * <li>the default chain (a list) through the {@code enhancer:} producer, the same engines as a graph chain with
 * {@code ner} (and {@code dereference} after it) beside {@code sentences} and {@code tokens}, and its engines called
 * one after the other.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgsAppend = { "-Xms1g", "-Xmx1g" })
public class EnginesBenchmark {

    /** About 1 KB of English with room numbers and entities of the sample vocabulary. */
    static final String TEXT = "Alan Turing and Ada Lovelace are often named as the first thinkers of computing. Last"
                               + " spring a group of students from Stanford University travelled to London and then to"
                               + " Geneva, where engineers at CERN showed them the machine hall. The visit was planned"
                               + " by the European Union's exchange office in Brussels. Their guide, Dr. Martin, met"
                               + " them in room 20-001 on the first morning and explained how the accelerator works."
                               + " In the afternoon they moved to GN-K35, a smaller room with a view of the lake. Some"
                               + " of them wanted to see Paris on the way back, others preferred to go home through"
                               + " Zurich and Munich. In the end the whole group took the night train along the Rhine,"
                               + " and they arrived tired but happy. Several students said that the trip changed how"
                               + " they think about science, and two of them have since applied for summer jobs at the"
                               + " laboratory. Their teacher plans to repeat the journey next year with a new class.";

    private LanguageDetectionEngine langid;
    private SentenceDetectionEngine sentences;
    private TokenizerEngine tokens;
    private UimaEngine uima;

    private LanguageDetectorME langidDirect;
    private SentenceModel sentenceModel;
    private SentenceDetectorME sentencesDirect;
    private TokenizerModel tokenizerModel;
    private TokenizerME tokensDirect;
    private AnalysisEngine uimaDirect;
    private CAS uimaCas;
    private List<EnhancementEngine> chainEngines;
    private CamelContext context;
    private Producer chainProducer;
    private Producer graphProducer;

    /** The dictionary engine and the naive loop over one vocabulary: the sample one, or 10,000 more entities. */
    @State(Scope.Benchmark)
    public static class Dictionaries {

        @Param({ "sample", "10000" })
        public String vocabulary;

        DictionaryLinkingEngine ner;
        NaiveDictionary naive;
        PayloadTrie<Vocabulary.Entity> trie;

        @Setup(Level.Trial)
        public void setUp() {
            Vocabulary v = EnginesBenchmark.vocabulary(vocabulary);
            ner = new DictionaryLinkingEngine(DictionaryLinkingEngine.NAME, v);
            naive = new NaiveDictionary(v, "en");
            trie = trie(v, "en");
        }
    }

    /** The engine's previous matcher: an Aho-Corasick trie of the labels in English and in every language. */
    static PayloadTrie<Vocabulary.Entity> trie(Vocabulary vocabulary, String language) {
        PayloadTrie.PayloadTrieBuilder<Vocabulary.Entity> builder = PayloadTrie.<Vocabulary.Entity> builder()
                .ignoreCase().onlyWholeWords();
        for (Vocabulary.Entity e : vocabulary.getEntities()) {
            for (Vocabulary.Label l : e.labels()) {
                if (l.language() == null || l.language().equals(language)) {
                    builder.addKeyword(l.text(), e);
                }
            }
        }
        return builder.build();
    }

    /** What a user writes first: every label looked up in the text, one after the other. */
    static final class NaiveDictionary {
        private record Entry(String label, Vocabulary.Entity entity) {
        }

        private final List<Entry> entries = new ArrayList<>();

        NaiveDictionary(Vocabulary vocabulary, String language) {
            for (Vocabulary.Entity e : vocabulary.getEntities()) {
                for (Vocabulary.Label l : e.labels()) {
                    if (l.language() == null || l.language().equals(language)) {
                        entries.add(new Entry(l.text(), e));
                    }
                }
            }
        }

        void enhance(ContentItem item) {
            String text = item.getText();
            for (Entry entry : entries) {
                for (int at = text.indexOf(entry.label()); at >= 0; at = text.indexOf(entry.label(), at + 1)) {
                    int end = at + entry.label().length();
                    if (boundary(text, at - 1) && boundary(text, end)) {
                        TextAnnotation mention = item.addAnnotation("entity", at, end, 1.0, "naive", null);
                        item.addEntity(entry.entity().reference(), entry.label(), entry.entity().types(), 1.0, "naive",
                                mention);
                    }
                }
            }
        }

        private static boolean boundary(String text, int index) {
            return index < 0 || index >= text.length() || !Character.isLetterOrDigit(text.charAt(index));
        }
    }

    /** The sample vocabulary, plus as many made-up entities with two-word names as asked. */
    static Vocabulary vocabulary(String size) {
        Vocabulary sample = Vocabulary.sample();
        if ("sample".equals(size)) {
            return sample;
        }
        VocabularyBuilder builder = Vocabulary.builder();
        for (Vocabulary.Entity e : sample.getEntities()) {
            builder.entity(e.reference(), e.types());
            for (Vocabulary.Label l : e.labels()) {
                builder.label(e.reference(), l.text(), l.language(), l.kind());
            }
        }
        Random random = new Random(42);
        int extra = Integer.parseInt(size);
        for (int i = 0; i < extra; i++) {
            String reference = "https://example.org/made-up/" + i;
            builder.entity(reference, "http://dbpedia.org/ontology/Person");
            builder.label(reference, word(random) + " " + word(random), null, Vocabulary.LabelKind.PREFERRED);
        }
        return builder.build();
    }

    private static String word(Random random) {
        String consonants = "bcdfghklmnprstvz";
        String vowels = "aeiou";
        StringBuilder w = new StringBuilder();
        int syllables = 2 + random.nextInt(2);
        for (int s = 0; s < syllables; s++) {
            w.append(consonants.charAt(random.nextInt(consonants.length())));
            w.append(vowels.charAt(random.nextInt(vowels.length())));
        }
        w.setCharAt(0, Character.toUpperCase(w.charAt(0)));
        return w.toString();
    }

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        langid = new LanguageDetectionEngine();
        sentences = new SentenceDetectionEngine();
        tokens = new TokenizerEngine();

        langidDirect = new LanguageDetectorME(OpenNlpModels.languageDetector());
        sentenceModel = OpenNlpModels.sentenceModel("en");
        sentencesDirect = new SentenceDetectorME(sentenceModel);
        tokenizerModel = OpenNlpModels.tokenizerModel("en");
        tokensDirect = new TokenizerME(tokenizerModel);

        AnalysisEngineDescription rooms = roomNumberDescription();
        uima = UimaEngine.builder("rooms").description(rooms).build();
        uimaDirect = UIMAFramework.produceAnalysisEngine(rooms);
        uimaCas = uimaDirect.newCAS();

        chainEngines = DefaultChain.engines(Vocabulary.sample());
        context = new DefaultCamelContext();
        EnhancerComponent enhancer = DefaultChain.addTo(new EnhancerComponent(), Vocabulary.sample());
        enhancer.addChain(Chain.graph("graph", "tika;optional", "langid;dependsOn=tika", "sentences;dependsOn=langid",
                "tokens;dependsOn=sentences", "ner;optional;dependsOn=langid", "dereference;optional;dependsOn=ner"));
        context.addComponent("enhancer", enhancer);
        context.start();
        chainProducer = context.getEndpoint("enhancer:default").createProducer();
        chainProducer.start();
        graphProducer = context.getEndpoint("enhancer:graph").createProducer();
        graphProducer.start();
    }

    /** The tutorial's RoomNumberAnnotator (uimaj-examples), described in Java with uimaj-core alone. */
    static AnalysisEngineDescription roomNumberDescription() {
        AnalysisEngineDescription d = UIMAFramework.getResourceSpecifierFactory().createAnalysisEngineDescription();
        d.setPrimitive(true);
        d.setAnnotatorImplementationName("org.apache.uima.tutorial.ex1.RoomNumberAnnotator");
        d.getMetaData().setName("RoomNumberAnnotator");
        TypeSystemDescription types = UIMAFramework.getResourceSpecifierFactory().createTypeSystemDescription();
        types.addType("org.apache.uima.tutorial.RoomNumber", "", CAS.TYPE_NAME_ANNOTATION)
                .addFeature("building", "", CAS.TYPE_NAME_STRING);
        d.getAnalysisEngineMetaData().setTypeSystem(types);
        return d;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        chainProducer.stop();
        graphProducer.stop();
        context.stop();
        uima.close();
        uimaDirect.destroy();
    }

    private static ContentItem english() {
        ContentItem item = ContentItem.ofText(TEXT);
        item.setLanguage("en");
        return item;
    }

    @Benchmark
    public ContentItem langidEngine() {
        ContentItem item = ContentItem.ofText(TEXT);
        langid.computeEnhancements(item);
        return item;
    }

    @Benchmark
    public Object langidDirect() {
        return langidDirect.predictLanguages(TEXT);
    }

    @Benchmark
    public ContentItem sentencesEngine() throws EngineException {
        ContentItem item = english();
        sentences.computeEnhancements(item);
        return item;
    }

    @Benchmark
    public Span[] sentencesDirect() {
        return sentencesDirect.sentPosDetect(TEXT);
    }

    @Benchmark
    public Span[] sentencesNewMePerCall() {
        return new SentenceDetectorME(sentenceModel).sentPosDetect(TEXT);
    }

    @Benchmark
    public ContentItem tokensEngine() throws EngineException {
        ContentItem item = english();
        tokens.computeEnhancements(item);
        return item;
    }

    @Benchmark
    public Span[] tokensDirect() {
        return tokensDirect.tokenizePos(TEXT);
    }

    @Benchmark
    public Span[] tokensNewMePerCall() {
        return new TokenizerME(tokenizerModel).tokenizePos(TEXT);
    }

    @Benchmark
    public ContentItem nerEngine(Dictionaries d) throws EngineException {
        ContentItem item = english();
        d.ner.computeEnhancements(item);
        return item;
    }

    /** The matching alone, with the trie the engine used before its label index: no annotations made. */
    @Benchmark
    public int nerAhoCorasickMatchingAlone(Dictionaries d) {
        return d.trie.parseText(TEXT).size();
    }

    @Benchmark
    public ContentItem nerNaiveIndexOf(Dictionaries d) {
        ContentItem item = english();
        d.naive.enhance(item);
        return item;
    }

    @Benchmark
    public ContentItem uimaEngine() throws EngineException {
        ContentItem item = ContentItem.ofText(TEXT);
        uima.computeEnhancements(item);
        return item;
    }

    @Benchmark
    public int uimaDirect() throws Exception {
        uimaCas.setDocumentText(TEXT);
        uimaDirect.process(uimaCas);
        int covered = 0;
        for (AnnotationFS a : uimaCas.getAnnotationIndex()) {
            covered += a.getCoveredText().length();
        }
        uimaCas.reset();
        return covered;
    }

    @Benchmark
    public Object defaultChainProducer() throws Exception {
        Exchange exchange = new DefaultExchange(context, ExchangePattern.InOut);
        exchange.getIn().setBody(TEXT);
        chainProducer.process(exchange);
        return exchange.getMessage().getBody();
    }

    @Benchmark
    public Object graphChainProducer() throws Exception {
        Exchange exchange = new DefaultExchange(context, ExchangePattern.InOut);
        exchange.getIn().setBody(TEXT);
        graphProducer.process(exchange);
        return exchange.getMessage().getBody();
    }

    @Benchmark
    public ContentItem defaultChainDirect() throws EngineException {
        ContentItem item = ContentItem.ofText(TEXT);
        for (EnhancementEngine engine : chainEngines) {
            engine.computeEnhancements(item);
        }
        return item;
    }
}
