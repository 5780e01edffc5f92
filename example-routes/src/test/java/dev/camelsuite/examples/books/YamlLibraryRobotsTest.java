package dev.camelsuite.examples.books;

import org.apache.camel.CamelContext;
import org.apache.camel.support.PluginHelper;
import org.apache.camel.support.ResourceHelper;

/** The library's robots in YAML DSL (routes/books/library-robots.yaml). */
class YamlLibraryRobotsTest extends LibraryRobotsTest {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        PluginHelper.getRoutesLoader(context).loadRoutes(
                ResourceHelper.resolveMandatoryResource(context, "classpath:routes/books/library-robots.yaml"));
        return context;
    }
}
