package dev.camelsuite.app;

import jakarta.enterprise.context.ApplicationScoped;
import org.apache.camel.builder.RouteBuilder;

/** The tests' robot on dashboardWF/check: objects named bad:* fail, with two attempts and no delay between them. */
@ApplicationScoped
public class CheckingRobot extends RouteBuilder {

    @Override
    public void configure() {
        from("workflow:dashboardWF/check?maxAttempts=2&retryDelay=0&delay=50").routeId("checking-robot")
                .filter(simple("${body} startsWith 'bad:'"))
                    .throwException(IllegalStateException.class, "${body} does not pass the check")
                .end();
    }
}
