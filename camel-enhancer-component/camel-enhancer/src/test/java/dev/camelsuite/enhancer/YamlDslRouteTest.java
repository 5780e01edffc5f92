package dev.camelsuite.enhancer;

import org.apache.camel.CamelContext;
import org.apache.camel.component.mock.MockEndpoint;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.Test;

/** The YAML DSL example is loaded and run, so a broken example fails the build. */
class YamlDslRouteTest extends CamelTestSupport {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        context.getRegistry().bind("langid", DemoEngines.LANGID);
        context.getRegistry().bind("ner", DemoEngines.NER);
        PluginHelper.getRoutesLoader(context)
                .loadRoutes(ResourceHelper.resolveMandatoryResource(context, "classpath:routes/enhance-and-branch.yaml"));
        return context;
    }

    @Test
    void choiceAndDoTryInYaml() throws Exception {
        getMockEndpoint("mock:yamlResult").expectedBodiesReceived("english: 2 entities in yamlChain",
                "caught: No NER model for language 'de' is available");
        template.sendBody("direct:yamlBranch", "Paris is in France");
        template.sendBody("direct:yamlBranch", "Berlin ist die Hauptstadt");
        MockEndpoint.assertIsSatisfied(context);
    }

    @Test
    void onExceptionInYaml() throws Exception {
        getMockEndpoint("mock:yamlFailed").expectedBodiesReceived("onException: ner failed ([ner])");
        getMockEndpoint("mock:yamlStrict").expectedMessageCount(0);
        template.sendBody("direct:yamlStrict", "Die Katze und der Hund");
        MockEndpoint.assertIsSatisfied(context);
    }
}
