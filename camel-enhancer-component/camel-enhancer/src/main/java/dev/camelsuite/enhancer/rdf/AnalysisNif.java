package dev.camelsuite.enhancer.rdf;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EntityAnnotation;
import dev.camelsuite.enhancer.content.TextAnnotation;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.rio.RDFHandler;
import org.eclipse.rdf4j.rio.RDFHandlerException;

/**
 * A content item's NLP analysis as NIF 2.0, the way Stanbol 1.0 hands out its {@code AnalysedText} content part
 * ({@value #CONTENT_PART}): the text as a {@code nif:Context}, each sentence a {@code nif:Sentence}, each token a
 * {@code nif:Word} in its sentence (with its {@code nif:posTag} where a part-of-speech engine tagged it), and what
 * the engines found over a span (a mention and the entity it names, with its kind and confidence) a
 * {@code nif:Phrase}; every string is an RFC 5147 IRI ({@code <item#char=begin,end>}) with
 * its offsets and text. Statements go to the writer as they are made, so the analysis of a large text is never held
 * as one graph.
 */
public final class AnalysisNif {

    /** The name of Stanbol's content part that holds the NLP analysis. */
    public static final String CONTENT_PART = "urn:stanbol.enhancer:nlp.analysedText";
    public static final String NIF = "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#";
    public static final String ITSRDF = "http://www.w3.org/2005/11/its/rdf#";
    /** Language IRIs of ISO 639-1 codes, the range of {@code nif:predLang}. */
    static final String LEXVO_ISO639_1 = "http://lexvo.org/id/iso639-1/";

    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final IRI NIF_CONTEXT = nif("Context");
    private static final IRI NIF_RFC5147_STRING = nif("RFC5147String");
    private static final IRI NIF_SENTENCE = nif("Sentence");
    private static final IRI NIF_WORD = nif("Word");
    private static final IRI NIF_PHRASE = nif("Phrase");
    private static final IRI NIF_IS_STRING = nif("isString");
    private static final IRI NIF_BEGIN_INDEX = nif("beginIndex");
    private static final IRI NIF_END_INDEX = nif("endIndex");
    private static final IRI NIF_ANCHOR_OF = nif("anchorOf");
    private static final IRI NIF_REFERENCE_CONTEXT = nif("referenceContext");
    private static final IRI NIF_SENTENCE_OF = nif("sentence");
    private static final IRI NIF_POS_TAG = nif("posTag");
    private static final IRI NIF_SOURCE_URL = nif("sourceUrl");
    private static final IRI NIF_PRED_LANG = nif("predLang");
    private static final IRI ITS_TA_IDENT_REF = VF.createIRI(ITSRDF, "taIdentRef");
    private static final IRI ITS_TA_CLASS_REF = VF.createIRI(ITSRDF, "taClassRef");
    private static final IRI ITS_TA_CONFIDENCE = VF.createIRI(ITSRDF, "taConfidence");

    private AnalysisNif() {
    }

    /**
     * Writes the item's analysis in {@code format}; an item without text writes an empty graph. JSON-LD is written
     * node by node ({@link JsonLdStream}), the other formats by RDF4J's writers, which write as they go too.
     */
    public static void write(ContentItem item, RdfFormat format, OutputStream out) {
        RDFHandler writer = format.writer(out);
        try {
            writer.startRDF();
            writer.handleNamespace("nif", NIF);
            writer.handleNamespace("itsrdf", ITSRDF);
            writer.handleNamespace("xsd", XSD.NAMESPACE);
            emit(item, writer);
            writer.endRDF();
        } catch (RDFHandlerException e) {
            throw new UncheckedIOException(new IOException("Could not write the analysis as " + format, e));
        }
    }

    /** Hands the analysis's statements to {@code handler}, between its start and end. */
    static void emit(ContentItem item, RDFHandler handler) {
        String text = item.getText();
        if (text == null) {
            return;
        }
        String base = item.getUri() + "#char=";
        IRI context = VF.createIRI(base + "0," + text.length());
        Statements out = new Statements(handler);
        out.add(context, RDF.TYPE, NIF_CONTEXT);
        out.add(context, RDF.TYPE, NIF_RFC5147_STRING);
        out.add(context, NIF_BEGIN_INDEX, index(0));
        out.add(context, NIF_END_INDEX, index(text.length()));
        out.add(context, NIF_IS_STRING, VF.createLiteral(text));
        out.add(context, NIF_SOURCE_URL, VF.createIRI(item.getUri()));
        String language = item.getLanguage();
        if (language != null && language.matches("[a-z]{2}")) {
            out.add(context, NIF_PRED_LANG, VF.createIRI(LEXVO_ISO639_1 + language));
        }
        List<TextAnnotation> sentences = byBegin(item.getAnnotationsOfType(TextAnnotation.SENTENCE));
        for (TextAnnotation s : sentences) {
            span(out, base, context, s, NIF_SENTENCE);
        }
        Map<Long, String> tags = posTags(item);
        int sentence = 0;
        for (TextAnnotation t : byBegin(item.getAnnotationsOfType(TextAnnotation.TOKEN))) {
            IRI word = span(out, base, context, t, NIF_WORD);
            String tag = tags.get(spanKey(t));
            if (tag != null) {
                out.add(word, NIF_POS_TAG, VF.createLiteral(tag));
            }
            while (sentence < sentences.size() && sentences.get(sentence).getEnd() <= t.getBegin()) {
                sentence++;
            }
            if (sentence < sentences.size() && sentences.get(sentence).getBegin() <= t.getBegin()) {
                out.add(word, NIF_SENTENCE_OF, iri(base, sentences.get(sentence)));
            }
        }
        Map<String, EntityAnnotation> likeliest = new HashMap<>();
        for (EntityAnnotation e : item.getEntities()) {
            if (e.getTextAnnotation() != null) {
                likeliest.merge(e.getTextAnnotation().getId(), e,
                        (a, b) -> b.getConfidence() > a.getConfidence() ? b : a);
            }
        }
        for (TextAnnotation a : item.getAnnotations()) {
            if (!a.hasSpan() || TextAnnotation.ANALYSIS_TYPES.contains(a.getType())) {
                continue;
            }
            IRI phrase = span(out, base, context, a, NIF_PHRASE);
            if (a.getFeature(TextAnnotation.ENTITY_TYPE_FEATURE) instanceof String kind && kind.indexOf(':') > 0) {
                out.add(phrase, ITS_TA_CLASS_REF, VF.createIRI(kind));
            }
            EntityAnnotation entity = likeliest.get(a.getId());
            if (entity != null) {
                out.add(phrase, ITS_TA_IDENT_REF, VF.createIRI(entity.getReference()));
                out.add(phrase, ITS_TA_CONFIDENCE, VF.createLiteral(entity.getConfidence()));
            }
        }
    }

    private static IRI span(Statements out, String base, IRI context, TextAnnotation a, IRI type) {
        IRI s = iri(base, a);
        out.add(s, RDF.TYPE, type);
        out.add(s, RDF.TYPE, NIF_RFC5147_STRING);
        out.add(s, NIF_BEGIN_INDEX, index(a.getBegin()));
        out.add(s, NIF_END_INDEX, index(a.getEnd()));
        out.add(s, NIF_ANCHOR_OF, VF.createLiteral(a.getCoveredText()));
        out.add(s, NIF_REFERENCE_CONTEXT, context);
        return s;
    }

    private static IRI iri(String base, TextAnnotation a) {
        return VF.createIRI(base + a.getBegin() + "," + a.getEnd());
    }

    private static Value index(int value) {
        return VF.createLiteral(String.valueOf(value), XSD.NON_NEGATIVE_INTEGER);
    }

    private static List<TextAnnotation> byBegin(List<TextAnnotation> annotations) {
        List<TextAnnotation> sorted = new ArrayList<>(annotations);
        sorted.sort(Comparator.comparingInt(TextAnnotation::getBegin));
        return sorted;
    }

    private static IRI nif(String local) {
        return VF.createIRI(NIF, local);
    }

    /** Statements straight to the handler. */
    private record Statements(RDFHandler handler) {
        void add(Resource subject, IRI predicate, Value object) {
            handler.handleStatement(VF.createStatement(subject, predicate, object));
        }
    }

    /** The part-of-speech tag of each token's span, by {@link #spanKey}. */
    private static Map<Long, String> posTags(ContentItem item) {
        Map<Long, String> tags = new HashMap<>();
        for (TextAnnotation pos : item.getAnnotationsOfType(TextAnnotation.POS)) {
            if (pos.getFeature(TextAnnotation.POS_TAG_FEATURE) instanceof String tag) {
                tags.put(spanKey(pos), tag);
            }
        }
        return tags;
    }

    private static long spanKey(TextAnnotation a) {
        return ((long) a.getBegin() << 32) | (a.getEnd() & 0xffffffffL);
    }
}
