package dev.camelsuite.uima.service;

import java.io.ByteArrayOutputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.apache.camel.CamelContext;
import org.apache.camel.support.ResourceHelper;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_engine.AnalysisEngineDescription;
import org.apache.uima.cas.CAS;
import org.apache.uima.cas.CASRuntimeException;
import org.apache.uima.resource.ResourceInitializationException;
import org.apache.uima.resource.ResourceManager;
import org.apache.uima.resource.metadata.OperationalProperties;
import org.apache.uima.resource.metadata.ProcessingResourceMetaData;
import org.apache.uima.resource.metadata.TypeSystemDescription;
import org.apache.uima.resource.metadata.impl.OperationalProperties_impl;
import org.apache.uima.resource.metadata.impl.ProcessingResourceMetaData_impl;
import org.apache.uima.util.CasCreationUtils;
import org.apache.uima.util.XMLInputSource;

/**
 * What a route served as a UIMA AS service says about itself in its GetMeta reply, read from the descriptor the
 * consumer's {@code descriptor} option names: an analysis engine descriptor (its name, capabilities and operational
 * properties, the type system of all its delegates merged) or a bare type system descriptor. Imports are resolved
 * here, once, so that clients receive the type system whole, as a stock service sends it.
 */
public final class ServedMetadata {

    private final ProcessingResourceMetaData metadata;
    private final String metadataXml;
    private final ResourceManager resources;

    private ServedMetadata(ProcessingResourceMetaData metadata, String metadataXml, ResourceManager resources) {
        this.metadata = metadata;
        this.metadataXml = metadataXml;
        this.resources = resources;
    }

    /**
     * Reads the descriptor at {@code location} ({@code classpath:}, {@code file:} or a bare class path resource).
     *
     * @throws IllegalArgumentException naming the option when the descriptor is missing or is neither kind
     */
    public static ServedMetadata load(CamelContext context, String location) {
        Object specifier;
        ResourceManager resources = resourceManager(context);
        try {
            // parsed from its URL, so that location imports are looked up beside it (file, class path or jar)
            URL url = ResourceHelper.resolveMandatoryResourceAsUrl(context, location);
            specifier = UIMAFramework.getXMLParser().parse(new XMLInputSource(url));
        } catch (Exception e) {
            throw new IllegalArgumentException("Option descriptor: cannot read the descriptor " + location + ": "
                                               + e.getMessage(), e);
        }
        try {
            ProcessingResourceMetaData metadata;
            if (specifier instanceof AnalysisEngineDescription engine) {
                metadata = ofEngine(engine, resources);
            } else if (specifier instanceof TypeSystemDescription types) {
                metadata = ofTypeSystem(types, location, resources);
            } else {
                throw new IllegalArgumentException("Option descriptor: " + location + " is a "
                                                   + specifier.getClass().getSimpleName()
                                                   + ", not an analysis engine or type system descriptor");
            }
            ByteArrayOutputStream xml = new ByteArrayOutputStream();
            metadata.toXML(xml);
            return new ServedMetadata(metadata, xml.toString(StandardCharsets.UTF_8), resources);
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalArgumentException("Option descriptor: the descriptor " + location + " cannot be used: "
                                               + e.getMessage(), e);
        }
    }

    /**
     * Name imports are looked up on the application's class path (the Camel context's class loader: a jar of
     * descriptors beside the application's, or the application's own resources), as UIMA's deployer looks them up
     * on the service's.
     */
    private static ResourceManager resourceManager(CamelContext context) {
        ResourceManager resources = UIMAFramework.newDefaultResourceManager();
        ClassLoader loader = context.getApplicationContextClassLoader();
        resources.setExtensionClassLoader(loader != null ? loader : ServedMetadata.class.getClassLoader(), true);
        return resources;
    }

    private static ProcessingResourceMetaData ofEngine(AnalysisEngineDescription engine, ResourceManager resources)
            throws Exception {
        ProcessingResourceMetaData metadata = (ProcessingResourceMetaData) engine.getAnalysisEngineMetaData().clone();
        metadata.setTypeSystem(CasCreationUtils.mergeDelegateAnalysisEngineTypeSystems(engine, resources));
        metadata.setTypePriorities(CasCreationUtils.mergeDelegateAnalysisEngineTypePriorities(engine, resources));
        metadata.setFsIndexCollection(
                CasCreationUtils.mergeDelegateAnalysisEngineFsIndexCollections(engine, resources));
        return metadata;
    }

    private static ProcessingResourceMetaData ofTypeSystem(TypeSystemDescription types, String location,
            ResourceManager resources) throws Exception {
        ProcessingResourceMetaData metadata = new ProcessingResourceMetaData_impl();
        metadata.setName(types.getName() != null && !types.getName().isBlank() ? types.getName() : location);
        metadata.setDescription(types.getDescription());
        metadata.setVersion(types.getVersion());
        metadata.setTypeSystem(CasCreationUtils.mergeTypeSystems(List.of(types), resources));
        OperationalProperties op = new OperationalProperties_impl();
        op.setModifiesCas(true);
        op.setMultipleDeploymentAllowed(true);
        op.setOutputsNewCASes(false);
        metadata.setOperationalProperties(op);
        return metadata;
    }

    /**
     * A new CAS with the service's type system, type priorities and indexes, its JCas classes from the application's
     * class path.
     *
     * @throws IllegalArgumentException naming the option when the JCas classes there were generated for UIMA 2
     */
    CAS newCas() throws ResourceInitializationException {
        try {
            return CasCreationUtils.createCas(List.of(metadata), null, resources);
        } catch (CASRuntimeException e) {
            if (!String.valueOf(e.getMessage()).contains("UIMA version 3 or later JCas required")) {
                throw e;
            }
            throw new IllegalArgumentException("Option descriptor: the JCas classes of " + name() + "'s types on the"
                                               + " class path were generated for UIMA 2, and this service runs UIMA 3."
                                               + " Generate them again with JCasGen of UIMA 3 (or convert them with"
                                               + " UIMA's v3 migration tool), or take them off the class path and work"
                                               + " with the CAS API (see \"Moving a UIMA 2 service\" in"
                                               + " docs/uimadriver-component.adoc). UIMA says: " + e.getMessage(), e);
        }
    }

    /** The service's type system, its delegates' merged and every import resolved. */
    TypeSystemDescription typeSystem() {
        return metadata.getTypeSystem();
    }

    /** The {@code <analysisEngineMetaData>} document a GetMeta reply carries. */
    String metadataXml() {
        return metadataXml;
    }

    String name() {
        return metadata.getName();
    }

    /** Whether the descriptor says the engine produces new CASes: this consumer serves no CAS multiplier. */
    boolean outputsNewCases() {
        OperationalProperties op = metadata.getOperationalProperties();
        return op != null && op.getOutputsNewCASes();
    }
}
