package dev.camelsuite.enhancer.engines.uima;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.CanEnhance;
import dev.camelsuite.enhancer.spi.EngineException;
import dev.camelsuite.enhancer.spi.EngineOrder;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import org.apache.uima.UIMAFramework;
import org.apache.uima.analysis_engine.AnalysisEngine;
import org.apache.uima.analysis_engine.AnalysisEngineProcessException;
import org.apache.uima.cas.CAS;
import org.apache.uima.cas.CommonArrayFS;
import org.apache.uima.cas.Feature;
import org.apache.uima.cas.FeatureStructure;
import org.apache.uima.cas.Type;
import org.apache.uima.cas.TypeSystem;
import org.apache.uima.cas.text.AnnotationFS;
import org.apache.uima.resource.ResourceInitializationException;
import org.apache.uima.resource.ResourceSpecifier;
import org.apache.uima.util.CasPool;
import org.apache.uima.util.InvalidXMLException;
import org.apache.uima.util.XMLInputSource;

/**
 * Runs a UIMA analysis engine (uimaj 3) as an enhancement engine: the item's text becomes the CAS's document text
 * (and its language the document language), and every annotation the analysis engine leaves in the CAS becomes a text
 * annotation: type = the UIMA type name, the same span and covered text, the type's own primitive features (and arrays
 * of them) as features. {@code uima.tcas.DocumentAnnotation} is left out. An annotation with a numeric
 * {@code confidence} feature in [0, 1] gets that confidence, any other 1.0.
 * <p>
 * The analysis engine comes from an XML descriptor ({@link Builder#descriptor(String)}) or from a description made in
 * Java, e.g. with uimaFIT's {@code AnalysisEngineFactory.createEngineDescription(…)} ({@link Builder#description}).
 * {@link Builder#instances(int) instances} copies of it and as many CASes are pooled, so that many items are
 * analysed at once; an item waits for a free instance when all are busy.
 */
public final class UimaEngine implements EnhancementEngine, AutoCloseable {

    private static final String DOCUMENT_ANNOTATION = "uima.tcas.DocumentAnnotation";
    private static final String ANNOTATION_BASE = "uima.cas.AnnotationBase";
    private static final String ANNOTATION = "uima.tcas.Annotation";

    private final String name;
    private final int order;
    private final AnalysisEngine analysisEngine;
    private final CasPool cases;
    // the CASes of the pool share one type system: its types are looked up once
    private final TypeSystem typeSystem;
    private final Type documentAnnotation;
    private final Type stringType;
    private final List<Type> wanted = new ArrayList<>();
    private final Map<Type, Feature[]> featuresByType = new ConcurrentHashMap<>();

    private UimaEngine(Builder b) throws ResourceInitializationException {
        this.name = b.name;
        this.order = b.order;
        // one instance needs no UIMA pool: the CAS pool of one lets a single item in at a time
        this.analysisEngine = b.instances == 1 ? UIMAFramework.produceAnalysisEngine(b.specifier)
                : UIMAFramework.produceAnalysisEngine(b.specifier, b.instances, 0);
        try {
            this.cases = new CasPool(b.instances, analysisEngine);
            CAS cas = cases.getCas(0);
            try {
                this.typeSystem = cas.getTypeSystem();
            } finally {
                cases.releaseCas(cas);
            }
            this.documentAnnotation = typeSystem.getType(DOCUMENT_ANNOTATION);
            this.stringType = typeSystem.getType(CAS.TYPE_NAME_STRING);
            for (String typeName : b.types) {
                Type type = typeSystem.getType(typeName);
                if (type == null) {
                    throw new IllegalArgumentException("Engine '" + name + "': the analysis engine has no type "
                                                       + typeName);
                }
                wanted.add(type);
            }
        } catch (ResourceInitializationException | RuntimeException e) {
            analysisEngine.destroy();
            throw e;
        }
    }

    /** A builder for an engine of this name. */
    public static Builder builder(String name) {
        return new Builder(name);
    }

    @Override
    public String getName() {
        return name;
    }

    @Override
    public int getOrder() {
        return order;
    }

    /** The analysis engine this engine runs (its metadata, its type system…). */
    public AnalysisEngine getAnalysisEngine() {
        return analysisEngine;
    }

    @Override
    public CanEnhance canEnhance(ContentItem item) {
        return item.getText() == null ? CanEnhance.CANNOT : CanEnhance.ASYNCHRONOUS;
    }

    @Override
    public void computeEnhancements(ContentItem item) throws EngineException {
        String text = item.getText();
        String language = item.getLanguage();
        CAS cas = cases.getCas(0);
        try {
            cas.setDocumentText(text);
            if (language != null) {
                cas.setDocumentLanguage(language);
            }
            analysisEngine.process(cas);
            copyAnnotations(cas, item);
        } catch (AnalysisEngineProcessException e) {
            throw new EngineException("UIMA analysis engine '" + name + "' failed: " + messageOf(e), e);
        } finally {
            cases.releaseCas(cas); // resets the CAS
        }
    }

    private void copyAnnotations(CAS cas, ContentItem item) {
        for (AnnotationFS a : cas.getAnnotationIndex()) {
            Type type = a.getType();
            if (typeSystem.subsumes(documentAnnotation, type) || !wanted.isEmpty() && !isWanted(type)) {
                continue;
            }
            Map<String, Object> features = features(a);
            item.addAnnotation(type.getName(), a.getBegin(), a.getEnd(), confidence(features), name, features);
        }
    }

    private boolean isWanted(Type type) {
        for (Type w : wanted) {
            if (typeSystem.subsumes(w, type)) {
                return true;
            }
        }
        return false;
    }

    private Map<String, Object> features(AnnotationFS a) {
        Feature[] own = featuresByType.computeIfAbsent(a.getType(), UimaEngine::ownFeatures);
        if (own.length == 0) {
            return null;
        }
        Map<String, Object> features = new LinkedHashMap<>();
        for (Feature f : own) {
            Object value = value(a, f);
            if (value != null) {
                features.put(f.getShortName(), value);
            }
        }
        return features;
    }

    /** The type's features but sofa, begin and end. */
    private static Feature[] ownFeatures(Type type) {
        List<Feature> own = new ArrayList<>();
        for (Feature f : type.getFeatures()) {
            String domain = f.getDomain().getName();
            if (!ANNOTATION_BASE.equals(domain) && !ANNOTATION.equals(domain) && !CAS.TYPE_NAME_TOP.equals(domain)) {
                own.add(f);
            }
        }
        return own.toArray(new Feature[0]);
    }

    /** A primitive feature's value as a Java value; arrays of primitives as lists; null for anything else. */
    private Object value(FeatureStructure fs, Feature f) {
        Type range = f.getRange();
        switch (range.getName()) {
            case CAS.TYPE_NAME_BOOLEAN:
                return fs.getBooleanValue(f);
            case CAS.TYPE_NAME_BYTE:
                return (int) fs.getByteValue(f);
            case CAS.TYPE_NAME_SHORT:
                return (int) fs.getShortValue(f);
            case CAS.TYPE_NAME_INTEGER:
                return fs.getIntValue(f);
            case CAS.TYPE_NAME_LONG:
                return fs.getLongValue(f);
            case CAS.TYPE_NAME_FLOAT:
                return (double) fs.getFloatValue(f);
            case CAS.TYPE_NAME_DOUBLE:
                return fs.getDoubleValue(f);
            default:
                break;
        }
        if (typeSystem.subsumes(stringType, range)) {
            return fs.getStringValue(f);
        }
        if (range.isArray() && range.getComponentType() != null && range.getComponentType().isPrimitive()) {
            FeatureStructure array = fs.getFeatureValue(f);
            if (array instanceof CommonArrayFS<?> values) {
                return arrayValues(values, range.getComponentType().getName());
            }
        }
        return null;
    }

    private static List<Object> arrayValues(CommonArrayFS<?> array, String componentType) {
        String[] strings = array.toStringArray();
        List<Object> values = new ArrayList<>(strings.length);
        for (String s : strings) {
            if (s == null) {
                values.add(null);
                continue;
            }
            switch (componentType) {
                case CAS.TYPE_NAME_BOOLEAN -> values.add(Boolean.valueOf(s));
                case CAS.TYPE_NAME_BYTE, CAS.TYPE_NAME_SHORT, CAS.TYPE_NAME_INTEGER -> values.add(Integer.valueOf(s));
                case CAS.TYPE_NAME_LONG -> values.add(Long.valueOf(s));
                case CAS.TYPE_NAME_FLOAT, CAS.TYPE_NAME_DOUBLE -> values.add(Double.valueOf(s));
                default -> values.add(s);
            }
        }
        return values;
    }

    private static double confidence(Map<String, Object> features) {
        if (features != null && features.get("confidence") instanceof Number n) {
            double c = n.doubleValue();
            if (c >= 0 && c <= 1) {
                return c;
            }
        }
        return 1.0;
    }

    private static String messageOf(Throwable e) {
        Throwable t = e;
        String message = null;
        while (t != null) {
            if (t.getMessage() != null) {
                message = t.getMessage();
            }
            if (t.getCause() == t) {
                break;
            }
            t = t.getCause();
        }
        return message != null ? message : e.getClass().getName();
    }

    @Override
    public void collectionProcessComplete() throws EngineException {
        try {
            analysisEngine.collectionProcessComplete();
        } catch (AnalysisEngineProcessException e) {
            throw new EngineException("UIMA analysis engine '" + name + "' failed at collection process complete: "
                                      + messageOf(e), e);
        }
    }

    /** Destroys the analysis engine. */
    @Override
    public void close() {
        analysisEngine.destroy();
    }

    @Override
    public String toString() {
        return "UimaEngine[" + name + ", " + analysisEngine.getAnalysisEngineMetaData().getName() + "]";
    }

    /** Describes a {@link UimaEngine}. */
    public static final class Builder {

        private final String name;
        private ResourceSpecifier specifier;
        private int instances = 1;
        private int order = EngineOrder.DEFAULT;
        private final Set<String> types = new LinkedHashSet<>();

        private Builder(String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("An engine needs a name");
            }
            this.name = name;
        }

        /**
         * The analysis engine's XML descriptor: {@code classpath:path}, a URL ({@code file:…}, {@code jar:…}) or a
         * file path. Imports in it are resolved relative to it.
         */
        public Builder descriptor(String location) {
            Objects.requireNonNull(location, "location");
            URL url;
            try {
                if (location.startsWith("classpath:")) {
                    String resource = location.substring("classpath:".length());
                    resource = resource.startsWith("/") ? resource.substring(1) : resource;
                    ClassLoader tccl = Thread.currentThread().getContextClassLoader();
                    url = tccl == null ? null : tccl.getResource(resource);
                    if (url == null) {
                        url = UimaEngine.class.getClassLoader().getResource(resource);
                    }
                    if (url == null) {
                        throw new IllegalArgumentException("Engine '" + name + "': no UIMA descriptor at " + location);
                    }
                } else if (location.matches("^[a-zA-Z][a-zA-Z0-9+.-]+:.*") && !location.matches("^[a-zA-Z]:\\\\.*")) {
                    url = new URL(location);
                } else {
                    Path path = Path.of(location);
                    if (!Files.isRegularFile(path)) {
                        throw new IllegalArgumentException("Engine '" + name + "': no UIMA descriptor at " + location);
                    }
                    url = path.toUri().toURL();
                }
                return description(UIMAFramework.getXMLParser().parseResourceSpecifier(new XMLInputSource(url)));
            } catch (InvalidXMLException e) {
                throw new IllegalArgumentException("Engine '" + name + "': " + location + " is not a valid UIMA"
                                                   + " descriptor: " + messageOf(e), e);
            } catch (IOException e) {
                throw new UncheckedIOException("Engine '" + name + "': cannot read " + location, e);
            }
        }

        /** The analysis engine's description made in Java, e.g. by uimaFIT, or parsed already. */
        public Builder description(ResourceSpecifier description) {
            this.specifier = Objects.requireNonNull(description, "description");
            return this;
        }

        /** How many copies of the analysis engine (and CASes) serve items at once; default 1. */
        public Builder instances(int instances) {
            if (instances < 1) {
                throw new IllegalArgumentException("Engine '" + name + "': instances must be at least 1 but was "
                                                   + instances);
            }
            this.instances = instances;
            return this;
        }

        /** The engine's order in weighted chains; default {@link EngineOrder#DEFAULT}. */
        public Builder order(int order) {
            this.order = order;
            return this;
        }

        /** Only annotations of these UIMA types (and their subtypes) become text annotations; default all. */
        public Builder types(String... typeNames) {
            types.addAll(List.of(typeNames));
            return this;
        }

        /** Creates the analysis engine(s) and the CAS pool. */
        public UimaEngine build() {
            if (specifier == null) {
                throw new IllegalStateException("Engine '" + name + "' needs a descriptor or a description");
            }
            try {
                return new UimaEngine(this);
            } catch (ResourceInitializationException e) {
                throw new IllegalStateException("Engine '" + name + "': the UIMA analysis engine cannot start: "
                                                + messageOf(e), e);
            }
        }
    }
}
