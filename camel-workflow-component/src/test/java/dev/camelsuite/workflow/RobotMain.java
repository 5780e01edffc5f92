package dev.camelsuite.workflow;

import java.sql.Connection;
import java.sql.PreparedStatement;

import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;
import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * Robots in a JVM of their own, for the tests across JVMs: {@code RobotMain <jdbcUrl> <robots> <name> [options
 * [holdMillis]]} works on accessionWF/descriptive-metadata, writes each object it runs into {@code robot_log} (each
 * after {@code holdMillis}), and stops when stdin closes.
 */
public final class RobotMain {

    private RobotMain() {
    }

    public static void main(String[] args) throws Exception {
        try (HikariDataSource ds = pool(args[0]); DefaultCamelContext context = new DefaultCamelContext()) {
            context.getRegistry().bind("workflowDb", ds);
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setTemplates("classpath:templates/accessionWF.xml");
            workflow.setMigrate(false);
            context.addComponent("workflow", workflow);
            // optional: more options of the robot endpoint (each starting with &), and how long each step takes
            String options = args.length > 3 ? args[3] : "";
            long holdMillis = args.length > 4 ? Long.parseLong(args[4]) : 0;
            context.addRoutes(logging(args[1], args[2], options, holdMillis));
            context.start();
            System.out.println("ROBOTS READY");
            while (System.in.read() >= 0) {
                // runs until the parent closes stdin or dies
            }
        }
    }

    /** A small connection pool on a PostgreSQL URL. */
    static HikariDataSource pool(String url) {
        HikariConfig config = new HikariConfig();
        config.setJdbcUrl(url);
        config.setMaximumPoolSize(6);
        return new HikariDataSource(config);
    }

    /** The robots' route: each run of an object leaves a row in robot_log. */
    static RouteBuilder logging(String robots, String name) {
        return logging(robots, name, "");
    }

    /** The same with more options of the robot endpoint (each starting with {@code &}). */
    static RouteBuilder logging(String robots, String name, String options) {
        return logging(robots, name, options, 0);
    }

    /** The same, each step taking {@code holdMillis} before it is logged. */
    static RouteBuilder logging(String robots, String name, String options, long holdMillis) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("workflow:accessionWF/descriptive-metadata?robots=" + robots + "&claimBatch=10&delay=10&robotName="
                     + name + options)
                        .process(ex -> {
                            if (holdMillis > 0) {
                                Thread.sleep(holdMillis);
                            }
                            WorkflowComponent c = ex.getContext().getComponent("workflow", WorkflowComponent.class);
                            try (Connection conn = c.getDataSource().getConnection();
                                 PreparedStatement s = conn.prepareStatement(
                                         "INSERT INTO robot_log (object_id, robot) VALUES (?, ?)")) {
                                s.setString(1, ex.getIn().getBody(String.class));
                                s.setString(2, name);
                                s.executeUpdate();
                            }
                        });
            }
        };
    }
}
