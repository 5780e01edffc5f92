package dev.camelsuite.examples.documents;

import org.apache.camel.CamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;

/** The document desks in YAML DSL (routes/documents/document-desks.yaml). */
class YamlDocumentDesksTest extends DocumentDesksTest {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        PluginHelper.getRoutesLoader(context).loadRoutes(
                ResourceHelper.resolveMandatoryResource(context, "classpath:routes/documents/document-desks.yaml"));
        return context;
    }
}
