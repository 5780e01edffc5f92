package dev.camelsuite.uima.service;

/**
 * What a route served as a UIMA AS service is told by its endpoint's options.
 *
 * @param queue            the service's input queue
 * @param brokerURL        the broker as clients are told of it (ServerURI)
 * @param connectionURL    the broker as this service connects to it
 * @param userName         user name for the broker, or null
 * @param password         password for the broker, or null
 * @param instances        how many requests the route serves at once ({@code concurrentConsumers})
 * @param prefetch         requests the broker hands each instance ahead of time
 * @param maxCasSize       the largest CAS a request may carry, characters of XMI or bytes of binary
 * @param cpcTimeout       milliseconds Collection Process Complete waits for the requests before it (0: no limit)
 * @param childCasPoolSize    child CASes a multiplier instance may have out with its client at once
 * @param childReleaseTimeout milliseconds a multiplier's route waits for its client to release a child CAS
 */
public record ServiceSettings(String queue, String brokerURL, String connectionURL, String userName, String password,
                              int instances, int prefetch, int maxCasSize, long cpcTimeout, int childCasPoolSize,
                              long childReleaseTimeout) {
}
