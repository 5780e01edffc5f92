package dev.camelsuite.enhancer.engines.uima;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EntityAnnotation;
import dev.camelsuite.enhancer.content.TextAnnotation;
import org.apache.camel.Exchange;
import org.apache.camel.InvalidPayloadException;
import org.apache.camel.Processor;
import org.apache.uima.cas.CAS;
import org.apache.uima.cas.Feature;
import org.apache.uima.cas.Type;
import org.apache.uima.cas.text.AnnotationFS;

/**
 * Writes what an enhancement chain found (the exchange's {@link ContentItem}) into the CAS a route served with
 * {@code from("uimadriver:…")} answers with (exchange property {@value #CAS_PROPERTY}): the language as the document's
 * language, each sentence, token and linked entity as an annotation of the chain's type system,
 * {@value #TYPE_SYSTEM}. Offsets carry over unchanged: both count Java characters of the same text.
 */
public final class ChainFindingsToCas implements Processor {

    /** The chain's type system: the descriptor a served chain's route names. */
    public static final String TYPE_SYSTEM = "classpath:dev/camelsuite/enhancer/engines/uima/EnhancerChainTypes.xml";
    /** The served route's CAS (the uimadriver component's {@code UimaDriverConstants.CAS}). */
    static final String CAS_PROPERTY = "CamelUimaCas";
    static final String SENTENCE = "dev.camelsuite.enhancer.uima.Sentence";
    static final String TOKEN = "dev.camelsuite.enhancer.uima.Token";
    static final String ENTITY = "dev.camelsuite.enhancer.uima.Entity";

    @Override
    public void process(Exchange exchange) throws InvalidPayloadException {
        ContentItem item = exchange.getMessage().getMandatoryBody(ContentItem.class);
        CAS cas = exchange.getProperty(CAS_PROPERTY, CAS.class);
        if (cas == null) {
            throw new IllegalStateException("No CAS to write the chain's findings into: ChainFindingsToCas runs in a"
                                            + " route served with from(\"uimadriver:…\")");
        }
        if (item.getLanguage() != null) {
            cas.setDocumentLanguage(item.getLanguage());
        }
        spans(cas, item, TextAnnotation.SENTENCE, SENTENCE);
        spans(cas, item, TextAnnotation.TOKEN, TOKEN);
        Type entity = cas.getTypeSystem().getType(ENTITY);
        Feature reference = entity.getFeatureByBaseName("reference");
        Feature label = entity.getFeatureByBaseName("label");
        Feature kind = entity.getFeatureByBaseName("entityType");
        Feature confidence = entity.getFeatureByBaseName("confidence");
        for (EntityAnnotation e : item.getEntities()) {
            TextAnnotation mention = e.getTextAnnotation();
            if (mention == null || !mention.hasSpan()) {
                continue;
            }
            AnnotationFS a = cas.createAnnotation(entity, mention.getBegin(), mention.getEnd());
            a.setStringValue(reference, e.getReference());
            a.setStringValue(label, e.getLabel());
            Object type = mention.getFeature(TextAnnotation.ENTITY_TYPE_FEATURE);
            a.setStringValue(kind, type == null ? null : type.toString());
            a.setDoubleValue(confidence, e.getConfidence());
            cas.addFsToIndexes(a);
        }
    }

    private static void spans(CAS cas, ContentItem item, String ours, String theirs) {
        Type type = cas.getTypeSystem().getType(theirs);
        for (TextAnnotation t : item.getAnnotationsOfType(ours)) {
            cas.addFsToIndexes(cas.createAnnotation(type, t.getBegin(), t.getEnd()));
        }
    }
}
