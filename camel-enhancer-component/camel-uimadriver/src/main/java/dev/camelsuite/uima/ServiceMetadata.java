package dev.camelsuite.uima;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

import org.apache.uima.UIMAFramework;
import org.apache.uima.cas.CAS;
import org.apache.uima.resource.ResourceInitializationException;
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
final class ServiceMetadata {

    private final String name;
    private final TypeSystemDescription typeSystem;
    private final boolean outputsNewCases;

    private ServiceMetadata(String name, TypeSystemDescription typeSystem, boolean outputsNewCases) {
        this.name = name;
        this.typeSystem = typeSystem;
        this.outputsNewCases = outputsNewCases;
    }

    /** Reads the {@code <analysisEngineMetaData>} XML of a GetMeta reply. */
    static ServiceMetadata parse(String xml) throws InvalidXMLException {
        Object parsed = UIMAFramework.getXMLParser()
                .parse(new XMLInputSource(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)), null));
        if (!(parsed instanceof ProcessingResourceMetaData meta)) {
            throw new IllegalStateException("The GetMeta reply holds a " + parsed.getClass().getSimpleName()
                                            + ", not a service's metadata");
        }
        OperationalProperties op = meta.getOperationalProperties();
        return new ServiceMetadata(meta.getName(), meta.getTypeSystem(), op != null && op.getOutputsNewCASes());
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
