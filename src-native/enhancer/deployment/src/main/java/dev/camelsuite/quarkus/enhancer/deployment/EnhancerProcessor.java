package dev.camelsuite.quarkus.enhancer.deployment;

import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.deployment.builditem.IndexDependencyBuildItem;
import io.quarkus.deployment.builditem.nativeimage.ServiceProviderBuildItem;

/**
 * The {@code enhancer:} component in Quarkus. The component needs no reflection: its options are bound by generated
 * configurers and its JSON and RDF are written by hand-made writers. Camel Quarkus finds the component through its
 * service file; the index lets it find the type converters.
 */
class EnhancerProcessor {

    private static final String FEATURE = "camel-enhancer";

    @BuildStep
    FeatureBuildItem feature() {
        return new FeatureBuildItem(FEATURE);
    }

    @BuildStep
    IndexDependencyBuildItem indexComponent() {
        return new IndexDependencyBuildItem("dev.camelsuite", "camel-enhancer");
    }

    @BuildStep
    ServiceProviderBuildItem jsonProvider() {
        // RDF4J's JSON-LD writer gets its JSON-P implementation through the service loader
        return ServiceProviderBuildItem.allProvidersFromClassPath("jakarta.json.spi.JsonProvider");
    }

    @BuildStep
    void sparqlProviders(BuildProducer<ServiceProviderBuildItem> providers) {
        // the application's SPARQL over the enhancer's configuration: RDF4J finds its query parser and SPARQL's
        // functions (STR, REGEX, …) through the service loader
        for (String service : new String[] { "org.eclipse.rdf4j.query.parser.QueryParserFactory",
                                             "org.eclipse.rdf4j.query.algebra.evaluation.function.Function",
                                             "org.eclipse.rdf4j.query.algebra.evaluation.function.TupleFunction",
                                             "org.eclipse.rdf4j.query.parser.sparql.aggregate.AggregateFunctionFactory" }) {
            providers.produce(ServiceProviderBuildItem.allProvidersFromClassPath(service));
        }
    }
}
