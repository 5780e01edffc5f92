package dev.camelsuite.app.workflow;

import javax.sql.DataSource;

import io.agroal.api.AgroalDataSource;
import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Default;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Named;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The database of the workflow store, chosen at run time: the application is built with both datasources, H2 (the
 * default one) and PostgreSQL (named {@value #POSTGRESQL}), and {@code camelsuite.database} says which one is in use;
 * the other one is switched off in configuration, so only the one in use connects. The workflow component takes this
 * bean ({@code camel.component.workflow.data-source=#workflowDataSource}) rather than looking for a data source by
 * type, which with two would find none and fall back to its own embedded database.
 */
public class WorkflowDatabase {

    static final String POSTGRESQL = "postgresql";
    static final String H2 = "h2";

    // a qualifier besides the name, so that this is not a second default data source beside the H2 one
    @Produces
    @Singleton
    @Named("workflowDataSource")
    @Identifier("workflowDataSource")
    DataSource workflowDataSource(@ConfigProperty(name = "camelsuite.database") String database,
                                  @Any Instance<AgroalDataSource> dataSources) {
        return switch (database) {
            case POSTGRESQL -> dataSources.select(new io.quarkus.agroal.DataSource.DataSourceLiteral(POSTGRESQL)).get();
            case H2 -> dataSources.select(Default.Literal.INSTANCE).get();
            default -> throw new IllegalArgumentException("camelsuite.database is h2 or postgresql, not '" + database
                                                          + "'");
        };
    }
}
