package com.example.enhancing;

import org.apache.camel.builder.RouteBuilder;

/** The same chain over a broker: a caller that needs no engines, and workers that run the chain. */
public final class ScaledOut {

    private ScaledOut() {
    }

    /** The caller's route, in a JVM without the engines. */
    public static RouteBuilder caller(String brokerUrl) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // tag::caller[]
                from("direct:in").to("enhancer:loud?queue=loud&brokerURL=" + brokerUrl + "&timeout=30000");
                // end::caller[]
            }
        };
    }

    /** A worker's route, in as many JVMs as you like: the chain runs there, then this route; its body is the reply. */
    public static RouteBuilder worker(String brokerUrl) {
        return new RouteBuilder() {
            @Override
            public void configure() {
                // tag::worker[]
                from("enhancer:loud?queue=loud&brokerURL=" + brokerUrl + "&concurrentConsumers=4")
                        .log("enhanced ${body.text}");
                // end::worker[]
            }
        };
    }
}
