package dev.camelsuite.examples.books;

import dev.camelsuite.workflow.WorkflowComponent;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;

/** The library's robots in a Camel context of your own, as docs/examples.adoc shows it. */
public final class RunTheLibrary {

    private RunTheLibrary() {
    }

    /** Starts the robots and registers one book; the context goes on until it is closed. */
    public static CamelContext start() throws Exception {
        // tag::library[]
        CamelContext context = new DefaultCamelContext();
        context.getRegistry().bind("library", new Library());
        WorkflowComponent workflow = new WorkflowComponent();  // H2 in ./workflow-data unless a DataSource is bound
        workflow.setTemplates("classpath:books/googleScannedBookWF.xml, classpath:books/accessionWF.xml");
        context.addComponent("workflow", workflow);
        context.addRoutes(new LibraryRobots());
        context.start();
        context.createProducerTemplate().sendBodyAndHeader("workflow:googleScannedBookWF?operation=create", null,
                "CamelWorkflowObjectId", "druid:bb1");
        // end::library[]
        return context;
    }
}
