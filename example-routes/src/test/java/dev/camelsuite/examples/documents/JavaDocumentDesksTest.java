package dev.camelsuite.examples.documents;

import org.apache.camel.builder.RouteBuilder;

/** The document desks in Java DSL ({@link DocumentDesks}). */
class JavaDocumentDesksTest extends DocumentDesksTest {

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new DocumentDesks();
    }
}
