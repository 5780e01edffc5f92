package dev.camelsuite.enhancer.spi;

/**
 * Order values of Apache Stanbol's engine bands, for weighted chains: engines with a higher order run first, equal
 * orders run in parallel.
 */
public final class EngineOrder {

    public static final int PRE_PROCESSING = 200;
    public static final int LANGUAGE_DETECTION = 190;
    public static final int SENTENCE_DETECTION = 180;
    public static final int TOKENIZING = 170;
    public static final int POS_TAGGING = 160;
    public static final int CHUNKING = 150;
    public static final int LEMMATIZING = 140;
    public static final int NER = 130;
    public static final int CONTENT_EXTRACTION = 100;
    public static final int EXTRACTION_ENHANCEMENT = 1;
    public static final int DEFAULT = 0;
    public static final int POST_PROCESSING = -100;

    private EngineOrder() {
    }
}
