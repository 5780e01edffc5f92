package dev.camelsuite.benchmarks;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.camelsuite.workflow.WorkflowComponent;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * A robot JVM of the fault-injection run: {@code FaultRunRobots <jdbcUrl> <brokerPort> <name>} runs two robots of
 * {@code documentWF/enhance}, named {@code name}, that send their documents to the remote enhancer like the run's own
 * and then take half a second more on each (a slow engine of their own: they hold steps most of the time, and their
 * leases are renewed while they work). Their claims hold their steps under a lease of 2 s, so that when this JVM is
 * killed the robots of other JVMs take its steps over once the lease ran out. Prints READY; stops when its stdin closes (or is killed).
 */
public final class FaultRunRobots {

    /** The lease of the run's robots: short, so that a killed robot's steps come back soon. */
    static final int LEASE_MILLIS = 2000;

    private FaultRunRobots() {
    }

    /** The robots' endpoint; {@code robots} of them, named {@code name} (a name not of the form host:pid). */
    static String robots(int robots, String name) {
        return "workflow:documentWF/enhance?robots=" + robots + "&claimBatch=4&maxAttempts=100&retryDelay=500"
               + "&stuckAfter=10000&delay=50&lease=" + LEASE_MILLIS + "&robotName=" + name;
    }

    public static void main(String[] args) throws Exception {
        DriverLogging.keepToErrors();
        HikariConfig pool = new HikariConfig();
        pool.setJdbcUrl(args[0]);
        pool.setMaximumPoolSize(4);
        pool.setConnectionTimeout(2000);
        try (HikariDataSource ds = new HikariDataSource(pool); DefaultCamelContext context = new DefaultCamelContext()) {
            WorkflowComponent workflow = new WorkflowComponent();
            workflow.setDataSource(ds);
            workflow.setTemplates("classpath:faultrun/documentWF.xml");
            context.addComponent("workflow", workflow);
            context.addComponent("enhancer", FaultRunWorker.enhancer());
            context.addRoutes(new RouteBuilder() {
                @Override
                public void configure() {
                    // the robot is the error handler: it logs a failed step in one line and ends it
                    errorHandler(noErrorHandler());
                    from(robots(2, args[2])).routeId("robots-" + args[2])
                            .to(FaultInjectionRun.enhancerUri(Integer.parseInt(args[1])) + "&timeout=5000&casPoolSize=4")
                            .delay(500).syncDelayed();
                }
            });
            context.start();
            System.out.println("READY");
            System.out.flush();
            while (System.in.read() >= 0) {
                Thread.onSpinWait();
            }
        }
    }
}
