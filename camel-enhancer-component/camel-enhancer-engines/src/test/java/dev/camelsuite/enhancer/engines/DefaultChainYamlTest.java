package dev.camelsuite.enhancer.engines;

import org.apache.camel.CamelContext;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

/** The default chain declared and used in the YAML DSL; loading the example here keeps it from breaking. */
class DefaultChainYamlTest extends CamelTestSupport {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        PluginHelper.getRoutesLoader(context)
                .loadRoutes(ResourceHelper.resolveMandatoryResource(context, "classpath:routes/default-chain.yaml"));
        return context;
    }

    @Test
    void branchesOnTheDetectedLanguage() throws Exception {
        getMockEndpoint("mock:yamlEnhanced").expectedBodiesReceived(
                "fr: 3 entities, 2 sentences, 6 statements about Paris",
                "de: 2 entities",
                "en: 1 entities");
        template.sendBody("direct:yamlEnhance", "La Seine traverse Paris. Elle se jette dans la Manche près du Havre,"
                                                + " loin de Lyon.");
        template.sendBody("direct:yamlEnhance", "Der Rhein fließt von der Schweiz bis in die Nordsee.");
        template.sendBody("direct:yamlEnhance", "Ada Lovelace wrote what many call the first computer program.");
        MockEndpoint.assertIsSatisfied(context);
    }
}
