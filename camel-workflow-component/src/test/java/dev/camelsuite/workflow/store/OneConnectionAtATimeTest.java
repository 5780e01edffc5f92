package dev.camelsuite.workflow.store;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import dev.camelsuite.workflow.Templates;
import dev.camelsuite.workflow.model.StepUpdate;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** An operation never holds two connections at once, so a small pool cannot starve. */
class OneConnectionAtATimeTest {

    @Test
    void everyOperationUsesOneConnection() throws Exception {
        JdbcDataSource h2 = new JdbcDataSource();
        h2.setURL("jdbc:h2:mem:one-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        AtomicInteger open = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        DataSource counting = (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] { DataSource.class }, (proxy, method, args) -> {
                    Object result = method.invoke(h2, args);
                    if (result instanceof Connection c) {
                        most.accumulateAndGet(open.incrementAndGet(), Math::max);
                        return Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
                                (p, m, a) -> {
                                    if (m.getName().equals("close")) {
                                        open.decrementAndGet();
                                    }
                                    return m.invoke(c, a);
                                });
                    }
                    return result;
                });
        WorkflowStore store = new WorkflowStore(counting);
        store.migrate();
        most.set(0);
        store.create("druid:one", Templates.load("accessionWF"), 1, "default", null);
        store.update("druid:one", "accessionWF", "descriptive-metadata", StepUpdate.to("completed"));
        store.update("druid:one", "accessionWF", "rights-metadata", StepUpdate.to("completed"));
        store.queue("accessionWF", "publish", null, 10);
        store.skipAll("druid:one", "accessionWF", "x");
        store.archive(null);
        assertThat(most.get()).isEqualTo(1);
        assertThat(open.get()).isZero();
    }
}
