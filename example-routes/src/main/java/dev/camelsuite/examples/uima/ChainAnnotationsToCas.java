package dev.camelsuite.examples.uima;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.EntityAnnotation;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.uima.UimaDriverConstants;
import org.apache.camel.Exchange;
import org.apache.camel.InvalidPayloadException;
import org.apache.camel.Processor;
import org.apache.uima.cas.CAS;
import org.apache.uima.cas.Feature;
import org.apache.uima.cas.Type;
import org.apache.uima.cas.text.AnnotationFS;

/**
 * Writes what an enhancement chain found (the exchange's {@link ContentItem}) into the CAS the served route answers
 * with (exchange property {@code CamelUimaCas}): the language as the document's language, each sentence, token and
 * linked entity as an annotation of {@code uima/EnhancerChainTypes.xml}. Offsets carry over unchanged: both count
 * Java characters of the same text.
 */
public final class ChainAnnotationsToCas implements Processor {

    static final String SENTENCE = "dev.camelsuite.enhancer.uima.Sentence";
    static final String TOKEN = "dev.camelsuite.enhancer.uima.Token";
    static final String ENTITY = "dev.camelsuite.enhancer.uima.Entity";

    @Override
    public void process(Exchange exchange) throws InvalidPayloadException {
        ContentItem item = exchange.getMessage().getMandatoryBody(ContentItem.class);
        CAS cas = exchange.getProperty(UimaDriverConstants.CAS, CAS.class);
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
