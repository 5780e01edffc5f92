package dev.camelsuite.examples.jobs;

import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.h2.jdbcx.JdbcDataSource;

/** Documents as jobs in Java DSL ({@link DocumentJobs}), the jobs in an H2 database bound in the registry. */
class JavaDocumentJobsTest extends DocumentJobsTest {

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        JdbcDataSource jobs = new JdbcDataSource();
        jobs.setURL("jdbc:h2:mem:java-document-jobs;DB_CLOSE_DELAY=-1");
        context.getRegistry().bind("jobsDatabase", jobs);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new DocumentJobs();
    }
}
