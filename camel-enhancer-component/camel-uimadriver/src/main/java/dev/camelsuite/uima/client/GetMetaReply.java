package dev.camelsuite.uima.client;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.apache.uima.UIMAFramework;
import org.apache.uima.cas.CAS;
import org.apache.uima.resource.ResourceInitializationException;
import org.apache.uima.resource.metadata.Import;
import org.apache.uima.resource.metadata.OperationalProperties;
import org.apache.uima.resource.metadata.ProcessingResourceMetaData;
import org.apache.uima.resource.metadata.TypeSystemDescription;
import org.apache.uima.util.CasCreationUtils;
import org.apache.uima.util.InvalidXMLException;
import org.apache.uima.util.XMLInputSource;

/**
 * What a service said about itself in its GetMeta reply: its type system (every CAS this side builds uses it, so
 * the service's annotations read back typed) and whether it produces new CASes (a CAS multiplier).
 */
final class GetMetaReply {

    private final String name;
    private final TypeSystemDescription typeSystem;
    private final boolean outputsNewCases;

    private GetMetaReply(String name, TypeSystemDescription typeSystem, boolean outputsNewCases) {
        this.name = name;
        this.typeSystem = typeSystem;
        this.outputsNewCases = outputsNewCases;
    }

    /** The largest GetMeta reply read: a type system of thousands of types fits many times over. */
    static final int MAX_LENGTH = 1 << 20;

    /**
     * Reads the {@code <analysisEngineMetaData>} XML of a GetMeta reply. What comes from the wire is data only: a
     * document type (entities that could name files or URLs) and type system imports (which UIMA would resolve by
     * reading their location or name, any URL or file a forged reply names) are refused, as is a reply over
     * {@value #MAX_LENGTH} characters. A service sends its type system resolved.
     */
    static GetMetaReply parse(String xml) throws InvalidXMLException {
        if (xml.length() > MAX_LENGTH) {
            throw new IllegalStateException("The GetMeta reply has " + xml.length() + " characters; at most "
                                            + MAX_LENGTH + " are read");
        }
        if (xml.contains("<!DOCTYPE") || xml.contains("<!ENTITY")) {
            throw new IllegalStateException("The GetMeta reply has a document type; metadata from the wire may hold"
                                            + " none");
        }
        Object parsed = UIMAFramework.getXMLParser()
                .parse(new XMLInputSource(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), null));
        if (!(parsed instanceof ProcessingResourceMetaData meta)) {
            throw new IllegalStateException("The GetMeta reply holds a " + parsed.getClass().getSimpleName()
                                            + ", not a service's metadata");
        }
        TypeSystemDescription types = meta.getTypeSystem();
        if (types != null && types.getImports() != null && types.getImports().length > 0) {
            Import first = types.getImports()[0];
            throw new IllegalStateException("The GetMeta reply's type system imports "
                                            + (first.getLocation() != null ? "location " + first.getLocation()
                                                    : "name " + first.getName())
                                            + "; imports from the wire are refused (they would be fetched from"
                                            + " wherever they point)");
        }
        OperationalProperties op = meta.getOperationalProperties();
        return new GetMetaReply(meta.getName(), meta.getTypeSystem(), op != null && op.getOutputsNewCASes());
    }

    /** A new CAS with the service's types. */
    CAS newCas() throws ResourceInitializationException {
        return CasCreationUtils.createCas(typeSystem, null, null);
    }

    String getName() {
        return name;
    }

    boolean outputsNewCases() {
        return outputsNewCases;
    }
}
