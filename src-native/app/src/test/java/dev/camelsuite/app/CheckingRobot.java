package dev.camelsuite.app;

import jakarta.enterprise.context.ApplicationScoped;
import org.apache.camel.builder.RouteBuilder;

/**
 * The tests' robot on dashboardWF/check: objects named bad:* fail, with two attempts and no delay between them;
 * objects named slow:* take 3 s (under the robot's lease of 1 s, which its renewals keep).
 */
@ApplicationScoped
public class CheckingRobot extends RouteBuilder {

    @Override
    public void configure() {
        from("workflow:dashboardWF/check?maxAttempts=2&retryDelay=0&delay=50&lease=1000").routeId("checking-robot")
                .filter(simple("${body} startsWith 'bad:'"))
                    .throwException(IllegalStateException.class, "${body} does not pass the check")
                .end()
                // the last step of the route: a delay's own end() would close it, not the filter
                .filter(simple("${body} startsWith 'slow:'"))
                    .delay(3000).syncDelayed();
    }
}
