package dev.camelsuite.enhancer.rdf;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.camelsuite.enhancer.chain.ChainElement;
import dev.camelsuite.enhancer.chain.ExecutionNode;
import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.DocumentMetadata;
import dev.camelsuite.enhancer.content.EntityAnnotation;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.Execution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import dev.camelsuite.enhancer.metadata.Vocabulary;
import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Statement;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.XSD;
import org.eclipse.rdf4j.rio.RDFHandler;
import org.eclipse.rdf4j.rio.RDFHandlerException;
import org.eclipse.rdf4j.rio.RDFParseException;
import org.eclipse.rdf4j.rio.RDFParser;
import org.eclipse.rdf4j.rio.helpers.StatementCollector;

/**
 * Renders a content item's enhancements and execution metadata as RDF in Apache Stanbol's vocabularies, and reads
 * execution metadata back. IRIs are written as Stanbol's code writes them ({@code em:StatusSheduled},
 * {@code em:defualtChain}); both those and the documented spellings are read. Rendering happens only on demand, never
 * while a chain runs.
 */
public final class EnhancementRdf {

    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    /** The prefixes written, in order. */
    private static final Map<String, String> NAMESPACES = namespaces();
    private static final Pattern LANGUAGE_TAG = Pattern.compile("[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*");

    // execution metadata
    static final IRI EM_EXECUTION = em("Execution");
    static final IRI EM_CHAIN_EXECUTION = em("ChainExecution");
    static final IRI EM_ENGINE_EXECUTION = em("EngineExecution");
    static final IRI EM_EXECUTION_PART = em("executionPart");
    static final IRI EM_STATUS = em("status");
    static final IRI EM_STARTED = em("started");
    static final IRI EM_COMPLETED = em("completed");
    static final IRI EM_STATUS_MESSAGE = em("statusMessage");
    static final IRI EM_EXECUTION_PLAN = em("executionPlan");
    static final IRI EM_ENHANCES = em("enhances");
    static final IRI EM_ENHANCED_BY = em("enhancedBy");
    static final IRI EM_EXECUTION_NODE = em("executionNode");
    /** As Stanbol's code spells it. */
    static final IRI EM_DEFAULT_CHAIN = em("defualtChain");
    /** As Stanbol's documentation spells it; read, never written. */
    static final IRI EM_DEFAULT_CHAIN_DOCUMENTED = em("defaultChain");
    // execution plan
    static final IRI EP_EXECUTION_PLAN = ep("ExecutionPlan");
    static final IRI EP_EXECUTION_NODE = ep("ExecutionNode");
    static final IRI EP_CHAIN = ep("chain");
    static final IRI EP_HAS_EXECUTION_NODE = ep("hasExecutionNode");
    static final IRI EP_ENGINE = ep("engine");
    static final IRI EP_DEPENDS_ON = ep("dependsOn");
    static final IRI EP_OPTIONAL = ep("optional");
    // enhancement structure
    static final IRI FISE_ENHANCEMENT = fise("Enhancement");
    static final IRI FISE_TEXT_ANNOTATION = fise("TextAnnotation");
    static final IRI FISE_ENTITY_ANNOTATION = fise("EntityAnnotation");
    static final IRI FISE_START = fise("start");
    static final IRI FISE_END = fise("end");
    static final IRI FISE_SELECTED_TEXT = fise("selected-text");
    static final IRI FISE_SELECTION_PREFIX = fise("selection-prefix");
    static final IRI FISE_SELECTION_SUFFIX = fise("selection-suffix");
    static final IRI FISE_SELECTION_CONTEXT = fise("selection-context");
    static final IRI FISE_CONFIDENCE_LEVEL = fise("confidence-level");
    static final IRI FISE_CL_AMBIGUOUS = fise("cl-ambiguous");
    static final IRI FISE_CL_SUGGESTION = fise("cl-suggestion");
    static final IRI FISE_CONFIDENCE = fise("confidence");
    static final IRI FISE_EXTRACTED_FROM = fise("extracted-from");
    static final IRI FISE_ENTITY_REFERENCE = fise("entity-reference");
    static final IRI FISE_ENTITY_LABEL = fise("entity-label");
    static final IRI FISE_ENTITY_TYPE = fise("entity-type");
    static final IRI DC_CREATOR = VF.createIRI(Vocabulary.DC, "creator");
    static final IRI DC_CREATED = VF.createIRI(Vocabulary.DC, "created");
    static final IRI DC_LANGUAGE = VF.createIRI(Vocabulary.DC, "language");
    static final IRI DC_TYPE = VF.createIRI(Vocabulary.DC, "type");
    static final IRI DC_RELATION = VF.createIRI(Vocabulary.DC, "relation");
    static final IRI DC_LINGUISTIC_SYSTEM = VF.createIRI(Vocabulary.DC, "LinguisticSystem");

    private EnhancementRdf() {
    }

    private static Map<String, String> namespaces() {
        Map<String, String> namespaces = new LinkedHashMap<>();
        namespaces.put("em", Vocabulary.EM);
        namespaces.put("ep", Vocabulary.EP);
        namespaces.put("fise", Vocabulary.FISE);
        namespaces.put("dc", Vocabulary.DC);
        namespaces.put("rdf", RDF.NAMESPACE);
        namespaces.put("xsd", XSD.NAMESPACE);
        return namespaces;
    }

    /** The item's enhancements (Stanbol's enhancement structure) and, if it has them, its execution metadata. */
    public static Model toModel(ContentItem item) {
        return toModel(item, true);
    }

    /**
     * The item's enhancements, with its execution metadata and plan only when asked (Stanbol leaves them out unless
     * the request says {@code executionmetadata=true}). The enhancement structure follows Stanbol's rules: every
     * enhancement has one {@code dc:creator}, {@code dc:created}, {@code fise:extracted-from} and an
     * {@code xsd:double} {@code fise:confidence}; a text annotation over a span has its offsets, selected text, prefix,
     * suffix and context ({@link Occurrence}), and a {@code dc:type} only as an IRI (the kind of entity a mention
     * names, a language's {@code dc:LinguisticSystem}, or an annotation type that is itself an IRI); an entity
     * annotation has its reference, a label, its types, a {@code fise:confidence-level} and a {@code dc:relation} to
     * its text annotation. The NLP analysis (sentences, tokens) is not in it: see {@link AnalysisNif}.
     */
    public static Model toModel(ContentItem item, boolean withMetadata) {
        Model model = newModel();
        emit(item, withMetadata, model::add);
        return model;
    }

    /**
     * Writes what {@link #toModel(ContentItem, boolean)} answers as it is made, statement by statement, without
     * holding the graph: the enhancements of a long text are many times its size. JSON-LD is written node by node
     * ({@link JsonLdStream}), the other formats by RDF4J's writers.
     */
    public static void write(ContentItem item, boolean withMetadata, RdfFormat format, OutputStream out) {
        write(item, withMetadata, null, format, out);
    }

    /**
     * Like {@link #write(ContentItem, boolean, RdfFormat, OutputStream)}, after the statements of {@code given}
     * (metadata the caller had of the item, as Stanbol keeps those of a multipart request), each subject's together.
     */
    public static void write(ContentItem item, boolean withMetadata, Model given, RdfFormat format,
                             OutputStream out) {
        RDFHandler writer = format.writer(out);
        try {
            writer.startRDF();
            NAMESPACES.forEach(writer::handleNamespace);
            if (given != null) {
                for (Resource subject : given.subjects()) {
                    for (Statement st : given.getStatements(subject, null, null)) {
                        writer.handleStatement(st);
                    }
                }
            }
            emit(item, withMetadata, (s, p, o) -> writer.handleStatement(VF.createStatement(s, p, o)));
            writer.endRDF();
        } catch (RDFHandlerException e) {
            throw new UncheckedIOException(e.getCause() instanceof IOException io
                    ? io : new IOException("Could not write " + format, e));
        }
    }

    /** Where the statements of {@link #emit} go: a model, or a writer. */
    @FunctionalInterface
    private interface Statements {
        void add(Resource subject, IRI predicate, Value object);
    }

    /** The statements of {@link #toModel(ContentItem, boolean)}, those of one subject together. */
    private static void emit(ContentItem item, boolean withMetadata, Statements model) {
        IRI itemIri = VF.createIRI(item.getUri());
        ExecutionMetadata md = item.getExecutionMetadata();
        Map<String, Instant> createdBy = new HashMap<>();
        if (md != null) {
            for (EngineExecution e : md.getEngineExecutions()) {
                if (e.getCompleted() != null) {
                    createdBy.put(e.getEngine(), e.getCompleted());
                }
            }
        }
        Instant now = Instant.now();
        String text = item.getText();
        String language = languageTag(item.getLanguage());
        Map<String, IRI> annotationIris = new HashMap<>();
        Map<String, Integer> suggestions = new HashMap<>();
        for (EntityAnnotation e : item.getEntities()) {
            if (e.getTextAnnotation() != null) {
                suggestions.merge(e.getTextAnnotation().getId(), 1, Integer::sum);
            }
        }
        for (TextAnnotation a : item.getAnnotations()) {
            if (TextAnnotation.ANALYSIS_TYPES.contains(a.getType()) && !suggestions.containsKey(a.getId())) {
                continue;
            }
            IRI ta = VF.createIRI(item.getUri() + "#" + a.getId());
            annotationIris.put(a.getId(), ta);
            model.add(ta, RDF.TYPE, FISE_ENHANCEMENT);
            model.add(ta, RDF.TYPE, FISE_TEXT_ANNOTATION);
            enhancement(model, ta, itemIri, a.getEngine(), a.getConfidence(), createdBy.getOrDefault(a.getEngine(), now));
            if (TextAnnotation.LANGUAGE.equals(a.getType())) {
                model.add(ta, DC_TYPE, DC_LINGUISTIC_SYSTEM);
                model.add(ta, DC_LANGUAGE, VF.createLiteral(String.valueOf(a.getFeature(TextAnnotation.LANGUAGE_FEATURE))));
            } else {
                IRI type = typeOf(a);
                if (type != null) {
                    model.add(ta, DC_TYPE, type);
                }
            }
            if (a.hasSpan() && text != null) {
                Occurrence at = Occurrence.of(text, a.getBegin(), a.getEnd());
                model.add(ta, FISE_START, VF.createLiteral(a.getBegin()));
                model.add(ta, FISE_END, VF.createLiteral(a.getEnd()));
                model.add(ta, FISE_SELECTED_TEXT, text(at.selected(), language));
                model.add(ta, FISE_SELECTION_PREFIX, text(at.prefix(), language));
                model.add(ta, FISE_SELECTION_SUFFIX, text(at.suffix(), language));
                model.add(ta, FISE_SELECTION_CONTEXT, text(at.context(), language));
            }
        }
        // what an extraction engine read of the document, about the item (as Stanbol's tika engine writes it)
        for (DocumentMetadata m : item.getDocumentMetadata()) {
            model.add(itemIri, VF.createIRI(m.property()), m.datatype() == null ? VF.createLiteral(m.value())
                    : VF.createLiteral(m.value(), VF.createIRI(m.datatype())));
        }
        for (EntityAnnotation e : item.getEntities()) {
            IRI ea = VF.createIRI(item.getUri() + "#" + e.getId());
            model.add(ea, RDF.TYPE, FISE_ENHANCEMENT);
            model.add(ea, RDF.TYPE, FISE_ENTITY_ANNOTATION);
            enhancement(model, ea, itemIri, e.getEngine(), e.getConfidence(), createdBy.getOrDefault(e.getEngine(), now));
            model.add(ea, FISE_ENTITY_REFERENCE, VF.createIRI(e.getReference()));
            String labelLanguage = e.getLabelLanguage() == null ? language : languageTag(e.getLabelLanguage());
            model.add(ea, FISE_ENTITY_LABEL, text(labelOf(e), labelLanguage));
            for (String type : e.getTypes()) {
                model.add(ea, FISE_ENTITY_TYPE, VF.createIRI(type));
            }
            IRI mention = e.getTextAnnotation() == null ? null : annotationIris.get(e.getTextAnnotation().getId());
            if (mention != null) {
                model.add(ea, DC_RELATION, mention);
                // one entity for a mention is a suggestion; several, a choice still to be made
                model.add(ea, FISE_CONFIDENCE_LEVEL, suggestions.get(e.getTextAnnotation().getId()) > 1
                        ? FISE_CL_AMBIGUOUS : FISE_CL_SUGGESTION);
            }
        }
        if (md != null && withMetadata) {
            // the metadata are small: gathered first, so that each subject's statements come together
            Model metadata = new LinkedHashModel();
            addMetadata(metadata, md, itemIri);
            for (Resource subject : metadata.subjects()) {
                for (Statement st : metadata.getStatements(subject, null, null)) {
                    model.add(st.getSubject(), st.getPredicate(), st.getObject());
                }
            }
        }
    }

    private static void enhancement(Statements model, IRI subject, IRI item, String engine, double confidence,
                                    Instant created) {
        model.add(subject, FISE_EXTRACTED_FROM, item);
        model.add(subject, DC_CREATOR, VF.createLiteral(engine == null ? "unknown" : engine));
        model.add(subject, DC_CREATED, dateTime(created));
        model.add(subject, FISE_CONFIDENCE, VF.createLiteral(confidence));
    }

    /**
     * The annotation's {@code dc:type}, which Stanbol requires to be an IRI: the kind of entity a mention names, else
     * the annotation's type when it is an absolute IRI; null for a type that is a plain word (it stays in the item's
     * JSON, the RDF has no IRI for it).
     */
    private static IRI typeOf(TextAnnotation a) {
        Object kind = a.getFeature(TextAnnotation.ENTITY_TYPE_FEATURE);
        if (kind instanceof String k && isAbsoluteIri(k)) {
            return VF.createIRI(k);
        }
        return isAbsoluteIri(a.getType()) ? VF.createIRI(a.getType()) : null;
    }

    private static boolean isAbsoluteIri(String value) {
        return value.startsWith("http://") || value.startsWith("https://") || value.startsWith("urn:");
    }

    /** Stanbol requires a label: the entity's own, else the text it was found for, else its reference. */
    private static String labelOf(EntityAnnotation e) {
        if (e.getLabel() != null && !e.getLabel().isBlank()) {
            return e.getLabel();
        }
        TextAnnotation mention = e.getTextAnnotation();
        return mention != null && mention.getCoveredText() != null ? mention.getCoveredText() : e.getReference();
    }

    /** Text from the content, tagged with its language as Stanbol tags it, when the language is a valid tag. */
    private static Literal text(String value, String language) {
        return language == null ? VF.createLiteral(value) : VF.createLiteral(value, language);
    }

    private static String languageTag(String language) {
        return language != null && LANGUAGE_TAG.matcher(language).matches() ? language : null;
    }

    /** The execution metadata and their plan alone. */
    public static Model toModel(ExecutionMetadata md) {
        Model model = newModel();
        addMetadata(model, md, VF.createIRI(md.getChainExecution().getEnhances()));
        return model;
    }

    /** The execution plan of a chain alone (Stanbol's {@code /enhancer/chain/{name}/ep}). */
    public static Model toModel(ExecutionPlan plan) {
        Model model = newModel();
        addPlan(model, plan);
        return model;
    }

    /** Adds the plan; answers its nodes by index, the plan's own node last. */
    private static BNode[] addPlan(Model model, ExecutionPlan plan) {
        BNode planNode = VF.createBNode();
        model.add(planNode, RDF.TYPE, EP_EXECUTION_PLAN);
        model.add(planNode, EP_CHAIN, VF.createLiteral(plan.getChainName()));
        BNode[] nodes = new BNode[plan.size() + 1];
        nodes[plan.size()] = planNode;
        for (ExecutionNode n : plan.getNodes()) {
            nodes[n.getIndex()] = VF.createBNode();
        }
        for (ExecutionNode n : plan.getNodes()) {
            BNode node = nodes[n.getIndex()];
            model.add(planNode, EP_HAS_EXECUTION_NODE, node);
            model.add(node, RDF.TYPE, EP_EXECUTION_NODE);
            model.add(node, EP_ENGINE, VF.createLiteral(n.getEngine()));
            model.add(node, EP_OPTIONAL, VF.createLiteral(n.isOptional()));
            for (int d : n.getDependsOn()) {
                model.add(node, EP_DEPENDS_ON, nodes[d]);
            }
        }
        return nodes;
    }

    private static void addMetadata(Model model, ExecutionMetadata md, IRI itemIri) {
        ExecutionPlan plan = md.getPlan();
        BNode[] nodes = addPlan(model, plan);
        BNode planNode = nodes[plan.size()];
        BNode chain = VF.createBNode();
        model.add(chain, RDF.TYPE, EM_EXECUTION);
        model.add(chain, RDF.TYPE, EM_CHAIN_EXECUTION);
        model.add(chain, EM_EXECUTION_PLAN, planNode);
        model.add(chain, EM_ENHANCES, itemIri);
        model.add(itemIri, EM_ENHANCED_BY, chain);
        model.add(chain, EM_DEFAULT_CHAIN, VF.createLiteral(md.getChainExecution().isDefaultChain()));
        addState(model, chain, md.getChainExecution());
        for (EngineExecution e : md.getEngineExecutions()) {
            BNode ex = VF.createBNode();
            model.add(ex, RDF.TYPE, EM_EXECUTION);
            model.add(ex, RDF.TYPE, EM_ENGINE_EXECUTION);
            model.add(ex, EM_EXECUTION_PART, chain);
            model.add(ex, EM_EXECUTION_NODE, nodes[e.getNode().getIndex()]);
            addState(model, ex, e);
        }
    }

    private static void addState(Model model, Resource subject, Execution e) {
        model.add(subject, EM_STATUS, VF.createIRI(e.getStatus().iri()));
        if (e.getStarted() != null) {
            model.add(subject, EM_STARTED, dateTime(e.getStarted()));
        }
        if (e.getCompleted() != null) {
            model.add(subject, EM_COMPLETED, dateTime(e.getCompleted()));
        }
        if (e.getStatusMessage() != null) {
            model.add(subject, EM_STATUS_MESSAGE, VF.createLiteral(e.getStatusMessage()));
        }
    }

    private static Literal dateTime(Instant at) {
        return VF.createLiteral(Date.from(at));
    }

    private static Model newModel() {
        Model model = new LinkedHashModel();
        NAMESPACES.forEach(model::setNamespace);
        return model;
    }

    // ---------------------------------------------------------------- serializing

    /**
     * Writes a graph, a subject's statements together and the subjects in the order of their ids, as Stanbol writes
     * its graphs in JSON-LD.
     */
    public static void write(Model model, RdfFormat format, OutputStream out) {
        RDFHandler writer = format.writer(out);
        try {
            writer.startRDF();
            for (var ns : model.getNamespaces()) {
                writer.handleNamespace(ns.getPrefix(), ns.getName());
            }
            List<Resource> subjects = new ArrayList<>(model.subjects());
            subjects.sort(Comparator.comparing(JsonLdStream::id));
            for (Resource subject : subjects) {
                for (Statement st : model.getStatements(subject, null, null)) {
                    writer.handleStatement(st);
                }
            }
            writer.endRDF();
        } catch (RDFHandlerException e) {
            throw new UncheckedIOException(new IOException("Could not write " + format, e));
        }
    }

    public static String toString(Model model, RdfFormat format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(model, format, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The item as RDF text: {@code EnhancementRdf.toString(item, RdfFormat.TURTLE)}. */
    public static String toString(ContentItem item, RdfFormat format) {
        return toString(toModel(item), format);
    }

    public static Model parse(String rdf, RdfFormat format) {
        return parse(new ByteArrayInputStream(rdf.getBytes(StandardCharsets.UTF_8)), format);
    }

    public static Model parse(InputStream in, RdfFormat format) {
        RDFParser parser = format.parser();
        Model model = new LinkedHashModel();
        parser.setRDFHandler(new StatementCollector(model));
        try {
            parser.parse(in, "urn:x-base:");
        } catch (IOException | RDFParseException | RDFHandlerException e) {
            throw new IllegalArgumentException("Malformed " + format + ": " + e.getMessage(), e);
        }
        return model;
    }

    // ---------------------------------------------------------------- reading metadata back

    /**
     * Reads the execution metadata of the item with the given id from RDF (accepting both spellings of
     * {@code em:StatusSheduled}/{@code em:StatusScheduled} and {@code em:defualtChain}/{@code em:defaultChain}).
     *
     * @throws IllegalArgumentException when the model holds no chain execution for the item, or an inconsistent one
     */
    public static ExecutionMetadata readMetadata(Model model, String itemUri) {
        IRI item = VF.createIRI(itemUri);
        Resource chain = model.filter(null, EM_ENHANCES, item).subjects().stream().findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No em:ChainExecution enhances " + itemUri));
        Resource planNode = resource(model, chain, EM_EXECUTION_PLAN);
        String chainName = literal(model, planNode, EP_CHAIN);
        List<Resource> nodes = new ArrayList<>();
        for (Value v : model.filter(planNode, EP_HAS_EXECUTION_NODE, null).objects()) {
            nodes.add((Resource) v);
        }
        Map<Resource, String> engineOf = new HashMap<>();
        for (Resource n : nodes) {
            engineOf.put(n, literal(model, n, EP_ENGINE));
        }
        List<ChainElement> elements = new ArrayList<>();
        for (Resource n : nodes) {
            List<String> deps = new ArrayList<>();
            for (Value d : model.filter(n, EP_DEPENDS_ON, null).objects()) {
                String dep = engineOf.get(d);
                if (dep == null) {
                    throw new IllegalArgumentException("Execution node of '" + engineOf.get(n)
                                                       + "' depends on a node outside its plan");
                }
                deps.add(dep);
            }
            String optional = optionalLiteral(model, n, EP_OPTIONAL);
            elements.add(new ChainElement(engineOf.get(n), Boolean.parseBoolean(optional), deps, 0, 0));
        }
        String defaultChain = optionalLiteral(model, chain, EM_DEFAULT_CHAIN);
        if (defaultChain == null) {
            defaultChain = optionalLiteral(model, chain, EM_DEFAULT_CHAIN_DOCUMENTED);
        }
        ExecutionMetadata md = ExecutionMetadata.create(ExecutionPlan.of(chainName, elements), itemUri,
                Boolean.parseBoolean(defaultChain));
        readState(model, chain, md.getChainExecution());
        for (Resource ex : model.filter(null, EM_EXECUTION_PART, chain).subjects()) {
            Resource node = resource(model, ex, EM_EXECUTION_NODE);
            EngineExecution e = md.getEngineExecution(engineOf.get(node));
            if (e == null) {
                throw new IllegalArgumentException("An engine execution points to a node outside the plan");
            }
            readState(model, ex, e);
        }
        return md;
    }

    private static void readState(Model model, Resource subject, Execution e) {
        Resource status = resource(model, subject, EM_STATUS);
        String started = optionalLiteral(model, subject, EM_STARTED);
        String completed = optionalLiteral(model, subject, EM_COMPLETED);
        e.restore(ExecutionStatus.ofIri(status.stringValue()), started == null ? null : parseInstant(started),
                completed == null ? null : parseInstant(completed), optionalLiteral(model, subject, EM_STATUS_MESSAGE));
    }

    private static Instant parseInstant(String dateTime) {
        return VF.createLiteral(dateTime, XSD.DATETIME).calendarValue().toGregorianCalendar().toInstant();
    }

    private static Resource resource(Model model, Resource subject, IRI property) {
        return model.filter(subject, property, null).objects().stream()
                .filter(Resource.class::isInstance).map(Resource.class::cast).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(subject + " has no " + property));
    }

    private static String literal(Model model, Resource subject, IRI property) {
        String value = optionalLiteral(model, subject, property);
        if (value == null) {
            throw new IllegalArgumentException(subject + " has no " + property);
        }
        return value;
    }

    private static String optionalLiteral(Model model, Resource subject, IRI property) {
        return model.filter(subject, property, null).objects().stream().findFirst().map(Value::stringValue)
                .orElse(null);
    }

    private static IRI em(String local) {
        return VF.createIRI(Vocabulary.EM, local);
    }

    private static IRI ep(String local) {
        return VF.createIRI(Vocabulary.EP, local);
    }

    private static IRI fise(String local) {
        return VF.createIRI(Vocabulary.FISE, local);
    }
}
