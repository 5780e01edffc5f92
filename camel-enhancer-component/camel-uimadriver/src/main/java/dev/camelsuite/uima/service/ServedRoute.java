package dev.camelsuite.uima.service;

import org.apache.uima.cas.CAS;

/** The route a service runs on each request's CAS (the consumer's processor). */
@FunctionalInterface
public interface ServedRoute {

    /**
     * Runs the route on {@code cas}, on the calling thread.
     *
     * @param children where a CAS multiplier's route puts the child CASes it made of this one, in order; null when
     *                 the service is not a CAS multiplier
     * @return the exception the route ended with, or null
     */
    Exception process(CAS cas, String referenceId, ChildCases children);
}
