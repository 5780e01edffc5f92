package dev.camelsuite.uima;

import org.apache.camel.Converter;
import org.apache.uima.cas.CAS;
import org.apache.uima.cas.CASException;
import org.apache.uima.jcas.JCas;

/**
 * The CAS a served route gets as its body, as what the route's next step wants: its document text (so that
 * {@code .to("enhancer:...")} or {@code ${bodyAs(String)}} take the document) or its {@link JCas}.
 */
@Converter(generateLoader = true)
public final class CasConverters {

    private CasConverters() {
    }

    @Converter
    public static String toDocumentText(CAS cas) {
        return cas.getDocumentText();
    }

    @Converter
    public static JCas toJCas(CAS cas) throws CASException {
        return cas.getJCas();
    }
}
