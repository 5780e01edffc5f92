package dev.camelsuite.workflow;

import com.zaxxer.hikari.HikariDataSource;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.impl.DefaultCamelContext;

/**
 * Creates workflows in a JVM of its own, for {@link DurableCommitsTest}: {@code CreatingMain <h2File> [durableCommits]}
 * creates accessionWF for objects 0, 1, 2… on an H2 file database through a connection pool, printing each object id
 * once its create has answered, until it is killed.
 */
public final class CreatingMain {

    private CreatingMain() {
    }

    public static void main(String[] args) throws Exception {
        try (HikariDataSource pool = RobotMain.pool("jdbc:h2:file:" + args[0]);
             DefaultCamelContext context = new DefaultCamelContext()) {
            WorkflowComponent workflow = new WorkflowComponent();
            // a pool, as applications have: the database stays open between operations
            workflow.setDataSource(pool);
            if (args.length > 1) {
                workflow.setDurableCommits(Boolean.parseBoolean(args[1]));
            }
            workflow.setTemplates("classpath:templates/accessionWF.xml");
            context.addComponent("workflow", workflow);
            context.start();
            ProducerTemplate template = context.createProducerTemplate();
            System.out.println("READY");
            for (int i = 0;; i++) {
                String id = "druid:dc" + i;
                template.sendBodyAndHeader("workflow:accessionWF?operation=create", null, WorkflowConstants.OBJECT_ID, id);
                System.out.println(id);
            }
        }
    }
}
