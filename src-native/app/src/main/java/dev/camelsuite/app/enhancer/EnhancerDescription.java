package dev.camelsuite.app.enhancer;

import java.util.Collection;
import java.util.List;

import org.eclipse.rdf4j.model.IRI;
import org.eclipse.rdf4j.model.Model;
import org.eclipse.rdf4j.model.ValueFactory;
import org.eclipse.rdf4j.model.impl.LinkedHashModel;
import org.eclipse.rdf4j.model.impl.SimpleValueFactory;
import org.eclipse.rdf4j.model.vocabulary.RDF;
import org.eclipse.rdf4j.model.vocabulary.RDFS;

/**
 * What {@code GET /enhancer}, {@code /enhancer/chain} and {@code /enhancer/engine} answer: the enhancer, its chains
 * and engines in Stanbol's enhancer vocabulary, each with its URL as subject and its name as label.
 */
final class EnhancerDescription {

    static final String NS = "http://stanbol.apache.org/ontology/enhancer/enhancer#";
    private static final ValueFactory VF = SimpleValueFactory.getInstance();
    static final IRI ENHANCER = VF.createIRI(NS, "Enhancer");
    static final IRI CHAIN = VF.createIRI(NS, "EnhancementChain");
    static final IRI ENGINE = VF.createIRI(NS, "EnhancementEngine");
    static final IRI HAS_CHAIN = VF.createIRI(NS, "hasChain");
    static final IRI HAS_DEFAULT_CHAIN = VF.createIRI(NS, "hasDefaultChain");
    static final IRI HAS_ENGINE = VF.createIRI(NS, "hasEngine");

    private EnhancerDescription() {
    }

    /**
     * One chain: its URL with its type and name, the enhancer that has it (as its default, if it is) and its execution
     * plan.
     */
    static Model chain(String base, String name, boolean isDefault, Model plan) {
        Model model = describe(base, List.of(name), isDefault ? name : null, List.of());
        plan.getNamespaces().forEach(model::setNamespace);
        model.addAll(plan);
        return model;
    }

    /** One engine: its URL with its type and name, and the enhancer that has it. */
    static Model engine(String base, String name) {
        return describe(base, List.of(), null, List.of(name));
    }

    /**
     * @param base         the enhancer's URL, e.g. {@code http://host:8080/enhancer}
     * @param defaultChain the default chain's name, or null
     */
    static Model describe(String base, Collection<String> chains, String defaultChain, Collection<String> engines) {
        Model model = new LinkedHashModel();
        model.setNamespace("enhancer", NS);
        model.setNamespace("rdfs", RDFS.NAMESPACE);
        IRI enhancer = VF.createIRI(base);
        model.add(enhancer, RDF.TYPE, ENHANCER);
        for (String chain : chains) {
            IRI iri = VF.createIRI(base + "/chain/" + chain);
            model.add(enhancer, HAS_CHAIN, iri);
            model.add(iri, RDF.TYPE, CHAIN);
            model.add(iri, RDFS.LABEL, VF.createLiteral(chain));
            if (chain.equals(defaultChain)) {
                model.add(enhancer, HAS_DEFAULT_CHAIN, iri);
            }
        }
        for (String engine : engines) {
            IRI iri = VF.createIRI(base + "/engine/" + engine);
            model.add(enhancer, HAS_ENGINE, iri);
            model.add(iri, RDF.TYPE, ENGINE);
            model.add(iri, RDFS.LABEL, VF.createLiteral(engine));
        }
        return model;
    }
}
