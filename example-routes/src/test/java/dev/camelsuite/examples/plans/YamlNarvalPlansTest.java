package dev.camelsuite.examples.plans;

import org.apache.camel.CamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;

/** Narval's constructs in YAML DSL (routes/plans/narval-plans.yaml). */
class YamlNarvalPlansTest extends NarvalPlansTest {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        PluginHelper.getRoutesLoader(context).loadRoutes(
                ResourceHelper.resolveMandatoryResource(context, "classpath:routes/plans/narval-plans.yaml"));
        return context;
    }
}
