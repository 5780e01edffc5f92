package dev.camelsuite.enhancer.metadata;

/** Namespaces of the vocabularies the enhancer writes, as Apache Stanbol defines them. */
public final class Namespaces {

    /** Execution metadata. */
    public static final String EM = "http://stanbol.apache.org/ontology/enhancer/executionmetadata#";
    /** Execution plan. */
    public static final String EP = "http://stanbol.apache.org/ontology/enhancer/executionplan#";
    /** Enhancement structure. */
    public static final String FISE = "http://fise.iks-project.eu/ontology/";
    public static final String DC = "http://purl.org/dc/terms/";

    private Namespaces() {
    }
}
