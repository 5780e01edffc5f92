package dev.camelsuite.workflow;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

import javax.sql.DataSource;

import dev.camelsuite.workflow.model.Step;
import org.apache.camel.CamelContext;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The database is not reachable when the component starts: the start goes on, operations fail at once with
 * {@link WorkflowStoreUnavailableException}, robots wait; when the database comes the schema is brought up to date and
 * everything works. A database that refuses the credentials still fails the start.
 */
class DatabaseAbsentAtStartTest {

    @Test
    void theComponentStartsWithoutItsDatabaseAndWorksWhenItComes() throws Exception {
        Switchable database = new Switchable();
        try (CamelContext context = new DefaultCamelContext()) {
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setDataSource(database);
            workflow.setTemplates("classpath:templates/accessionWF.xml");
            context.addComponent("workflow", workflow);
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    from("workflow:accessionWF/descriptive-metadata?delay=50").log("${body}");
                }
            });
            context.start();
            ProducerTemplate template = context.createProducerTemplate();
            assertThatThrownBy(() -> template.sendBodyAndHeader("workflow:accessionWF?operation=create", null,
                    WorkflowConstants.OBJECT_ID, "druid:late1"))
                    .isInstanceOf(CamelExecutionException.class).cause()
                    .isInstanceOf(WorkflowStoreUnavailableException.class)
                    .hasMessageContaining("cannot be reached").hasMessageContaining("the database is down");

            database.down = false;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            boolean created = false;
            while (!created && System.nanoTime() < deadline) {
                try {
                    template.sendBodyAndHeader("workflow:accessionWF?operation=create", null,
                            WorkflowConstants.OBJECT_ID, "druid:late1");
                    created = true;
                } catch (CamelExecutionException e) {
                    assertThat(e.getCause()).isInstanceOf(WorkflowStoreUnavailableException.class);
                    Thread.sleep(100);
                }
            }
            assertThat(created).isTrue();
            // the robot, which waited, now works
            deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            String status = "";
            while (!status.equals("completed") && System.nanoTime() < deadline) {
                List<Step> steps = workflow.getStore().get("druid:late1", "accessionWF");
                status = steps.stream().filter(s -> s.process().equals("descriptive-metadata")).findFirst()
                        .orElseThrow().status();
                Thread.sleep(50);
            }
            assertThat(status).isEqualTo("completed");
        }
    }

    @Test
    void aDatabaseThatRefusesTheCredentialsFailsTheStart() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:refusing-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        h2.setUser("someone");
        h2.setPassword("wrong");
        try (CamelContext context = new DefaultCamelContext()) {
            // the database exists with another administrator
            JdbcDataSource owner = new JdbcDataSource();
            owner.setURL(h2.getURL());
            owner.getConnection().close();
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setDataSource(h2);
            context.addComponent("workflow", workflow);
            assertThatThrownBy(context::start).hasStackTraceContaining("Wrong user name or password");
        }
    }

    /** An H2 database that answers as an unreachable server would while {@code down}. */
    static final class Switchable implements DataSource {

        volatile boolean down = true;
        private final JdbcDataSource h2 = new JdbcDataSource();

        Switchable() {
            h2.setURL("jdbc:h2:mem:switchable-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        }

        @Override
        public Connection getConnection() throws SQLException {
            if (down) {
                throw new SQLTransientConnectionException("the database is down", "08001");
            }
            return h2.getConnection();
        }

        @Override
        public Connection getConnection(String user, String password) throws SQLException {
            return getConnection();
        }

        @Override
        public PrintWriter getLogWriter() {
            return null;
        }

        @Override
        public void setLogWriter(PrintWriter out) {
        }

        @Override
        public void setLoginTimeout(int seconds) {
        }

        @Override
        public int getLoginTimeout() {
            return 0;
        }

        @Override
        public Logger getParentLogger() throws SQLFeatureNotSupportedException {
            throw new SQLFeatureNotSupportedException();
        }

        @Override
        public <T> T unwrap(Class<T> type) throws SQLException {
            throw new SQLException("not a wrapper");
        }

        @Override
        public boolean isWrapperFor(Class<?> type) {
            return false;
        }
    }
}
