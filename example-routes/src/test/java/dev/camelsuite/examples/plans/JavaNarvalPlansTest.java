package dev.camelsuite.examples.plans;

import org.apache.camel.builder.RouteBuilder;

/** Narval's constructs in Java DSL. */
class JavaNarvalPlansTest extends NarvalPlansTest {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new NarvalPlans();
    }
}
