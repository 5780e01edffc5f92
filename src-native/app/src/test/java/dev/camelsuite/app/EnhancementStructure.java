package dev.camelsuite.app;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.XSD;

/**
 * The rules a Stanbol client holds an enhancement answer to, written down from Stanbol's enhancement structure
 * (its ontology and the rules its own engine tests apply): each rule checked on each enhancement of a graph, every
 * broken one collected with the enhancement it was broken on. {@link #check} answers the violations; {@link #checks}
 * counts what was checked, so a test can tell an empty graph from a sound one.
 */
final class EnhancementStructure {

    static final String FISE = "http://fise.iks-project.eu/ontology/";
    static final String DC = "http://purl.org/dc/terms/";
    static final String DBPEDIA = "http://dbpedia.org/ontology/";

    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    private static final IRI ENHANCEMENT = fise("Enhancement");
    private static final IRI TEXT_ANNOTATION = fise("TextAnnotation");
    private static final IRI ENTITY_ANNOTATION = fise("EntityAnnotation");
    private static final IRI SELECTED_TEXT = fise("selected-text");
    private static final IRI SELECTION_CONTEXT = fise("selection-context");
    private static final IRI SELECTION_PREFIX = fise("selection-prefix");
    private static final IRI SELECTION_SUFFIX = fise("selection-suffix");
    private static final IRI SELECTION_HEAD = fise("selection-head");
    private static final IRI SELECTION_TAIL = fise("selection-tail");
    private static final IRI START = fise("start");
    private static final IRI END = fise("end");
    private static final IRI CONFIDENCE = fise("confidence");
    private static final IRI CONFIDENCE_LEVEL = fise("confidence-level");
    private static final IRI EXTRACTED_FROM = fise("extracted-from");
    private static final IRI ENTITY_REFERENCE = fise("entity-reference");
    private static final IRI ENTITY_LABEL = fise("entity-label");
    private static final IRI ENTITY_TYPE = fise("entity-type");
    private static final IRI CREATOR = dc("creator");
    private static final IRI CONTRIBUTOR = dc("contributor");
    private static final IRI CREATED = dc("created");
    private static final IRI TYPE = dc("type");
    private static final IRI LANGUAGE = dc("language");
    private static final IRI RELATION = dc("relation");
    private static final IRI REQUIRES = dc("requires");
    private static final IRI LINGUISTIC_SYSTEM = dc("LinguisticSystem");
    private static final Set<IRI> CONFIDENCE_LEVELS = Set.of(fise("cl-certain"), fise("cl-ambiguous"),
            fise("cl-suggestion"), fise("cl-uncertain"));
    private static final Set<IRI> NAMED_ENTITY_TYPES = Set.of(VF.createIRI(DBPEDIA, "Person"),
            VF.createIRI(DBPEDIA, "Place"), VF.createIRI(DBPEDIA, "Organisation"));

    private final Model graph;
    private final String content;
    private final IRI item;
    private final List<String> violations = new ArrayList<>();
    private int checks;

    private EnhancementStructure(Model graph, String content, String itemUri) {
        this.graph = graph;
        this.content = content;
        this.item = VF.createIRI(itemUri);
    }

    /** Checks every enhancement of {@code graph}, an answer for the content item {@code itemUri} over {@code content}. */
    static EnhancementStructure check(Model graph, String content, String itemUri) {
        EnhancementStructure s = new EnhancementStructure(graph, content, itemUri);
        for (Resource e : graph.filter(null, RDF.TYPE, ENHANCEMENT).subjects()) {
            s.enhancement(e);
        }
        for (Resource t : graph.filter(null, RDF.TYPE, TEXT_ANNOTATION).subjects()) {
            s.require(graph.contains(t, RDF.TYPE, ENHANCEMENT), t, "a fise:TextAnnotation is a fise:Enhancement");
            s.textAnnotation(t);
        }
        for (Resource e : graph.filter(null, RDF.TYPE, ENTITY_ANNOTATION).subjects()) {
            s.require(graph.contains(e, RDF.TYPE, ENHANCEMENT), e, "a fise:EntityAnnotation is a fise:Enhancement");
            s.entityAnnotation(e);
        }
        return s;
    }

    List<String> violations() {
        return violations;
    }

    int checks() {
        return checks;
    }

    // ---------------------------------------------------------------- fise:Enhancement

    private void enhancement(Resource e) {
        require(e instanceof IRI, e, "an enhancement is named by an IRI");
        List<Value> creators = values(e, CREATOR);
        require(creators.size() == 1, e, "exactly one dc:creator");
        for (Value creator : creators) {
            require(creator instanceof IRI || isOfType(creator, XSD.STRING), e, "dc:creator is an xsd:string or an IRI");
        }
        for (Value contributor : values(e, CONTRIBUTOR)) {
            require(contributor instanceof IRI || isOfType(contributor, XSD.STRING), e,
                    "dc:contributor is an xsd:string or an IRI");
        }
        List<Value> created = values(e, CREATED);
        require(created.size() == 1, e, "exactly one dc:created");
        for (Value c : created) {
            if (require(isOfType(c, XSD.DATETIME), e, "dc:created is an xsd:dateTime")) {
                Instant at = ((Literal) c).calendarValue().toGregorianCalendar().toInstant();
                require(!at.isAfter(Instant.now()), e, "dc:created is not in the future");
            }
        }
        List<Value> from = values(e, EXTRACTED_FROM);
        require(from.size() == 1, e, "exactly one fise:extracted-from");
        for (Value f : from) {
            require(item.equals(f), e, "fise:extracted-from is the content item " + item);
        }
        List<Value> confidence = values(e, CONFIDENCE);
        require(confidence.size() <= 1, e, "at most one fise:confidence");
        for (Value c : confidence) {
            if (require(isOfType(c, XSD.DOUBLE), e, "fise:confidence is an xsd:double")) {
                double v = ((Literal) c).doubleValue();
                require(v >= 0 && v <= 1, e, "fise:confidence is in [0, 1], not " + v);
            }
        }
        List<Value> types = values(e, TYPE);
        require(types.size() <= 1, e, "at most one dc:type");
        for (Value t : types) {
            require(t instanceof IRI, e, "dc:type is an IRI, not " + t);
        }
        List<Value> levels = values(e, CONFIDENCE_LEVEL);
        require(levels.size() <= 1, e, "at most one fise:confidence-level");
        for (Value l : levels) {
            require(CONFIDENCE_LEVELS.contains(l), e, "fise:confidence-level is one of the four levels, not " + l);
        }
        for (IRI link : List.of(RELATION, REQUIRES)) {
            for (Value related : values(e, link)) {
                require(related instanceof IRI && graph.contains((IRI) related, RDF.TYPE, ENHANCEMENT), e,
                        link + " names a fise:Enhancement");
            }
        }
    }

    // ---------------------------------------------------------------- fise:TextAnnotation

    private void textAnnotation(Resource t) {
        String selected = singleText(t, SELECTED_TEXT);
        String head = singleText(t, SELECTION_HEAD);
        String tail = singleText(t, SELECTION_TAIL);
        require(selected == null || head == null && tail == null, t,
                "no fise:selection-head or -tail beside fise:selected-text");
        require(head == null == (tail == null), t, "fise:selection-head and -tail come together");
        String context = singleText(t, SELECTION_CONTEXT);
        if (selected != null || head != null) {
            require(context != null, t, "a selection has a fise:selection-context");
        }
        if (context != null) {
            require(selected != null || head != null, t, "a fise:selection-context goes with a selection");
            require(selected == null || context.contains(selected), t,
                    "fise:selection-context contains fise:selected-text");
        }
        Integer start = singleInt(t, START);
        Integer end = singleInt(t, END);
        require(start == null == (end == null), t, "fise:start and fise:end come together");
        if (start != null && end != null) {
            if (require(0 <= start && start <= end && end <= content.length(), t,
                    "[fise:start, fise:end) lies within the content")) {
                require(selected == null || content.substring(start, end).equals(selected), t,
                        "fise:selected-text is the content at [fise:start, fise:end)");
            }
            String prefix = singleText(t, SELECTION_PREFIX);
            String suffix = singleText(t, SELECTION_SUFFIX);
            require(prefix != null && suffix != null, t, "a span has fise:selection-prefix and -suffix (STANBOL-987)");
            if (prefix != null && suffix != null && selected != null) {
                require(content.contains(prefix + selected + suffix), t,
                        "the content contains prefix + selected text + suffix");
            }
        } else {
            require(selected == null && context == null, t, "a selection has fise:start and fise:end");
        }
        List<Value> languages = values(t, LANGUAGE);
        List<Value> types = values(t, TYPE);
        if (!languages.isEmpty()) {
            require(languages.size() == 1, t, "one dc:language");
            require(isPlain(languages.get(0)) && languages.get(0).stringValue().length() >= 2, t,
                    "dc:language is a plain literal of two characters or more");
            require(types.size() == 1 && LINGUISTIC_SYSTEM.equals(types.get(0)), t,
                    "a language annotation's dc:type is dc:LinguisticSystem");
        } else {
            require(!types.contains(LINGUISTIC_SYSTEM), t, "dc:LinguisticSystem only with dc:language");
        }
        if (types.stream().anyMatch(NAMED_ENTITY_TYPES::contains)) {
            require(selected != null, t, "a named entity (Person, Place, Organisation) has fise:selected-text");
        }
    }

    // ---------------------------------------------------------------- fise:EntityAnnotation

    private void entityAnnotation(Resource e) {
        List<Value> relations = values(e, RELATION);
        require(!relations.isEmpty(), e, "an entity annotation has a dc:relation");
        for (Value r : relations) {
            require(r instanceof IRI && (graph.contains((IRI) r, RDF.TYPE, TEXT_ANNOTATION)
                                         || graph.contains((IRI) r, RDF.TYPE, ENTITY_ANNOTATION)
                                            && graph.contains(e, REQUIRES, r)), e,
                    "dc:relation names a text annotation (or an entity annotation it requires)");
        }
        List<Value> references = values(e, ENTITY_REFERENCE);
        require(!references.isEmpty(), e, "a fise:entity-reference");
        references.forEach(r -> require(r instanceof IRI, e, "fise:entity-reference is an IRI"));
        List<Value> labels = values(e, ENTITY_LABEL);
        require(!labels.isEmpty(), e, "a fise:entity-label");
        labels.forEach(l -> require(isPlain(l), e, "fise:entity-label is a plain literal"));
        values(e, ENTITY_TYPE).forEach(t -> require(t instanceof IRI, e, "fise:entity-type is an IRI"));
    }

    // ---------------------------------------------------------------- helpers

    private boolean require(boolean holds, Resource subject, String rule) {
        checks++;
        if (!holds) {
            violations.add(subject + ": " + rule);
        }
        return holds;
    }

    private List<Value> values(Resource subject, IRI property) {
        return new ArrayList<>(graph.filter(subject, property, null).objects());
    }

    private String singleText(Resource subject, IRI property) {
        List<Value> v = values(subject, property);
        require(v.size() <= 1, subject, property + " has one value at most");
        if (v.isEmpty()) {
            return null;
        }
        require(isPlain(v.get(0)), subject, property + " is a plain literal");
        String text = v.get(0).stringValue();
        require(content.contains(text), subject, property + " is text of the content");
        return text;
    }

    private Integer singleInt(Resource subject, IRI property) {
        List<Value> v = values(subject, property);
        require(v.size() <= 1, subject, property + " has one value at most");
        if (v.isEmpty()) {
            return null;
        }
        return require(isOfType(v.get(0), XSD.INT), subject, property + " is an xsd:int")
                ? ((Literal) v.get(0)).intValue() : null;
    }

    /** A literal with no datatype of its own: a string, with or without a language tag. */
    private static boolean isPlain(Value v) {
        return isOfType(v, XSD.STRING) || isOfType(v, RDF.LANGSTRING);
    }

    private static boolean isOfType(Value v, IRI datatype) {
        return v instanceof Literal l && datatype.equals(l.getDatatype());
    }

    private static IRI fise(String local) {
        return VF.createIRI(FISE, local);
    }

    private static IRI dc(String local) {
        return VF.createIRI(DC, local);
    }
}
