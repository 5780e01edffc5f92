package dev.camelsuite.examples.books;

import org.apache.camel.builder.RouteBuilder;

/** The library's robots in Java DSL. */
class JavaLibraryRobotsTest extends LibraryRobotsTest {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new LibraryRobots();
    }
}
