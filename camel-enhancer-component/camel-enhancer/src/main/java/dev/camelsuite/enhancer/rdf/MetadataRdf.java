package dev.camelsuite.enhancer.rdf;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.camelsuite.enhancer.chain.ChainElement;
import dev.camelsuite.enhancer.chain.ExecutionNode;
import dev.camelsuite.enhancer.chain.ExecutionPlan;
import dev.camelsuite.enhancer.metadata.EngineExecution;
import dev.camelsuite.enhancer.metadata.Execution;
import dev.camelsuite.enhancer.metadata.ExecutionMetadata;
import dev.camelsuite.enhancer.metadata.ExecutionStatus;
import org.eclipse.rdf4j.model.BNode;
import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.Resource;
import org.eclipse.rdf4j.model.Value;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.XSD;

import static dev.camelsuite.enhancer.rdf.RdfTerms.*;

/**
 * Execution metadata and execution plans as RDF in Stanbol's vocabularies, and execution metadata read back (both
 * spellings of Stanbol's misspelled terms).
 */
final class MetadataRdf {

    private MetadataRdf() {
    }

    /** The execution metadata and their plan alone. */
    static Model toModel(ExecutionMetadata md) {
        Model model = newModel();
        addMetadata(model, md, VF.createIRI(md.getChainExecution().getEnhances()));
        return model;
    }

    /** The execution plan of a chain alone (Stanbol's {@code /enhancer/chain/{name}/ep}). */
    static Model toModel(ExecutionPlan plan) {
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

    static void addMetadata(Model model, ExecutionMetadata md, IRI itemIri) {
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


    /**
     * Reads the execution metadata of the item with the given id from RDF (accepting both spellings of
     * {@code em:StatusSheduled}/{@code em:StatusScheduled} and {@code em:defualtChain}/{@code em:defaultChain}).
     *
     * @throws IllegalArgumentException when the model holds no chain execution for the item, or an inconsistent one
     */
    static ExecutionMetadata readMetadata(Model model, String itemUri) {
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
}
