package dev.camelsuite.workflow;

import java.util.List;
import java.util.Map;

import dev.camelsuite.workflow.model.Step;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The create operation's idempotency key and replace headers, as a route sends them. */
class IdempotentCreateOperationTest extends CamelTestSupport {

    private static final String CREATE = "workflow:accessionWF?operation=create";

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        WorkflowComponent workflow = new WorkflowComponent();
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:create-keys-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        workflow.setDataSource(h2);
        workflow.setTemplates("classpath:templates/accessionWF.xml");
        context.addComponent("workflow", workflow);
        return context;
    }

    private Exchange create(String key, boolean replace, int version) {
        return template.request(CREATE, e -> e.getIn().setHeaders(new java.util.HashMap<>(Map.of(
                WorkflowConstants.OBJECT_ID, "druid:ab123", WorkflowConstants.VERSION, version,
                WorkflowConstants.IDEMPOTENCY_KEY, key, WorkflowConstants.REPLACE, replace))));
    }

    @Test
    void aRetryAnswersTheFirstCreateAndSaysSo() {
        Exchange first = create("register-ab123", true, 1);
        assertThat(first.getException()).isNull();
        assertThat(first.getMessage().getHeader(WorkflowConstants.REPEATED)).isEqualTo(false);
        template.sendBodyAndHeaders("workflow:accessionWF?operation=update", null, Map.of(
                WorkflowConstants.OBJECT_ID, "druid:ab123", WorkflowConstants.PROCESS, "descriptive-metadata",
                WorkflowConstants.STATUS, "completed"));

        Exchange retry = create("register-ab123", true, 1);
        assertThat(retry.getMessage().getHeader(WorkflowConstants.REPEATED)).isEqualTo(true);
        @SuppressWarnings("unchecked")
        List<Step> steps = retry.getMessage().getBody(List.class);
        assertThat(steps).filteredOn(s -> s.process().equals("descriptive-metadata")).extracting(Step::status)
                .containsExactly("completed");

        assertThat(create("register-ab123", true, 2).getException())
                .isInstanceOf(IdempotencyKeyReusedException.class);
        assertThat(create("another-key", false, 1).getException()).isInstanceOf(WorkflowExistsException.class)
                .hasMessage("Version 1 of accessionWF exists for druid:ab123, and this create may not replace it");
        assertThat(create("x".repeat(256), true, 3).getException()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("An idempotency key has 1 to 255 characters");
    }
}
