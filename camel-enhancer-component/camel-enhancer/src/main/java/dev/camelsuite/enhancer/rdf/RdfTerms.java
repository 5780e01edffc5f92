package dev.camelsuite.enhancer.rdf;

import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import dev.camelsuite.enhancer.chain.ExecutionNode;
import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.content.EntityAnnotation;
import dev.camelsuite.enhancer.content.TextAnnotation;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.Execution;
import dev.camelsuite.enhancer.metadata.Namespaces;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Literal;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.XSD;

/**
 * The terms of Apache Stanbol's vocabularies that the enhancer writes and reads: execution metadata ({@code em:}),
 * execution plans ({@code ep:}), the enhancement structure ({@code fise:}) and Dublin Core, with their prefixes.
 */
final class RdfTerms {

    static final ValueFactory VF = SimpleValueFactory.getInstance();
    /** The prefixes written, in order. */
    static final Map<String, String> NAMESPACES = namespaces();
    static final Pattern LANGUAGE_TAG = Pattern.compile("[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*");

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
    static final IRI DC_CREATOR = VF.createIRI(Namespaces.DC, "creator");
    static final IRI DC_CREATED = VF.createIRI(Namespaces.DC, "created");
    static final IRI DC_LANGUAGE = VF.createIRI(Namespaces.DC, "language");
    static final IRI DC_TYPE = VF.createIRI(Namespaces.DC, "type");
    static final IRI DC_RELATION = VF.createIRI(Namespaces.DC, "relation");
    static final IRI DC_LINGUISTIC_SYSTEM = VF.createIRI(Namespaces.DC, "LinguisticSystem");

    private RdfTerms() {
    }

    private static Map<String, String> namespaces() {
        Map<String, String> namespaces = new LinkedHashMap<>();
        namespaces.put("em", Namespaces.EM);
        namespaces.put("ep", Namespaces.EP);
        namespaces.put("fise", Namespaces.FISE);
        namespaces.put("dc", Namespaces.DC);
        namespaces.put("rdf", RDF.NAMESPACE);
        namespaces.put("xsd", XSD.NAMESPACE);
        return namespaces;
    }

    static Literal dateTime(Instant at) {
        return VF.createLiteral(Date.from(at));
    }

    /** A model with the vocabularies' prefixes. */
    static Model newModel() {
        Model model = new LinkedHashModel();
        NAMESPACES.forEach(model::setNamespace);
        return model;
    }

    private static IRI em(String local) {
        return VF.createIRI(Namespaces.EM, local);
    }

    private static IRI ep(String local) {
        return VF.createIRI(Namespaces.EP, local);
    }

    private static IRI fise(String local) {
        return VF.createIRI(Namespaces.FISE, local);
    }
}
