package dev.camelsuite.examples.jobs;

import org.apache.camel.CamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;

/** Documents as jobs in YAML DSL (routes/jobs/document-jobs.yaml), its database a bean of the file. */
class YamlDocumentJobsTest extends DocumentJobsTest {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        PluginHelper.getRoutesLoader(context).loadRoutes(
                ResourceHelper.resolveMandatoryResource(context, "classpath:routes/jobs/document-jobs.yaml"));
        return context;
    }
}
