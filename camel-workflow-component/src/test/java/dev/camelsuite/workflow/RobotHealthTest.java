package dev.camelsuite.workflow;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.health.HealthCheck;
import org.apache.camel.health.HealthCheckHelper;
import org.apache.camel.health.HealthCheckRegistry;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.h2.jdbcx.JdbcDataSource;
import org.h2.tools.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A robot's health follows its polls: up while it can claim, down while its database is gone (an H2 server, stopped
 * for real), up again when the database is back.
 */
class RobotHealthTest extends CamelTestSupport {

    private Server database;
    private String url;

    @Override
    protected CamelContext createCamelContext() throws Exception {
        database = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
        url = "jdbc:h2:tcp://localhost:" + database.getPort() + "/mem:robothealth;DB_CLOSE_DELAY=-1";
        CamelContext context = super.createCamelContext();
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL(url);
        WorkflowComponent workflow = new WorkflowComponent();
        workflow.setDataSource(ds);
        workflow.setTemplates("classpath:templates/accessionWF.xml");
        context.addComponent("workflow", workflow);
        return context;
    }

    @AfterEach
    void stopDatabase() {
        database.stop();
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("workflow:accessionWF/descriptive-metadata?delay=20").routeId("describer").log("${body}");
            }
        };
    }

    private HealthCheck.Result robot() {
        Collection<HealthCheck.Result> all = HealthCheckHelper.invokeReadiness(context);
        return all.stream().filter(r -> r.getCheck().getId().equals("consumer:describer")).findFirst()
                .orElseThrow(() -> new AssertionError("no robot check among " + all.stream()
                        .map(r -> r.getCheck().getId()).toList()));
    }

    private HealthCheck.Result await(Predicate<HealthCheck.Result> condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        HealthCheck.Result r = robot();
        while (!condition.test(r) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            r = robot();
        }
        return r;
    }

    @Test
    void aRobotIsDownWhileItsDatabaseIsGone() throws Exception {
        HealthCheckRegistry registry = HealthCheckRegistry.get(context);
        registry.setExposureLevel("full");
        // what Camel Main does with camel.health.consumersEnabled: a check per route consumer, the robot's own
        registry.register(registry.resolveById("consumers"));
        assertThat(await(r -> r.getState() == HealthCheck.State.UP).getState()).isEqualTo(HealthCheck.State.UP);

        database.stop();
        HealthCheck.Result down = await(r -> r.getState() == HealthCheck.State.DOWN);
        assertThat(down.getState()).isEqualTo(HealthCheck.State.DOWN);
        assertThat(down.getError()).isPresent();

        database = Server.createTcpServer("-tcpPort", String.valueOf(database.getPort()), "-ifNotExists").start();
        // a new, empty in-memory database: the schema comes back with the component's migration
        context.getComponent("workflow", WorkflowComponent.class).getStore().migrate();
        assertThat(await(r -> r.getState() == HealthCheck.State.UP).getState()).isEqualTo(HealthCheck.State.UP);
    }
}
