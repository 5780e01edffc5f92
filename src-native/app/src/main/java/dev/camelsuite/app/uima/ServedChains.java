package dev.camelsuite.app.uima;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.camelsuite.enhancer.engines.uima.ChainFindingsToCas;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.camel.builder.RouteBuilder;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Serves the enhancement chains named in {@code camelsuite.uima.chains} to stock UIMA AS 2.x clients, one queue each
 * ({@code camelsuite.uima.queue-prefix} + the chain's name, {@code uima.default} for the default chain), on the
 * broker of {@code camelsuite.uima.broker-url}: a client sends CASes there as to any UIMA AS service and gets back
 * the chain's language, sentences, tokens and linked entities as annotations of the chain's type system
 * ({@link ChainFindingsToCas#TYPE_SYSTEM}). None is served unless configured: the embedded broker opens no port, so
 * serving is for an external broker the clients reach.
 */
@ApplicationScoped
public class ServedChains extends RouteBuilder {

    /** A chain's name as the enhancer's URI takes it. */
    private static final Pattern CHAIN = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

    private final List<String> chains;
    private final String brokerUrl;
    private final String queuePrefix;
    private final int instances;
    private final int maxCasSize;

    ServedChains(@ConfigProperty(name = "camelsuite.uima.chains") Optional<List<String>> chains,
                 @ConfigProperty(name = "camelsuite.uima.broker-url") String brokerUrl,
                 @ConfigProperty(name = "camelsuite.uima.queue-prefix") String queuePrefix,
                 @ConfigProperty(name = "camelsuite.uima.instances") int instances,
                 @ConfigProperty(name = "camelsuite.uima.max-cas-size") int maxCasSize) {
        this.chains = chains.orElse(List.of());
        this.brokerUrl = brokerUrl;
        this.queuePrefix = queuePrefix;
        this.instances = instances;
        this.maxCasSize = maxCasSize;
        for (String chain : this.chains) {
            if (!CHAIN.matcher(chain).matches()) {
                throw new IllegalArgumentException("camelsuite.uima.chains: '" + chain + "' is not a chain's name"
                                                   + " (letters, digits, '.', '_' and '-')");
            }
        }
        if (maxCasSize < 1) {
            throw new IllegalArgumentException("camelsuite.uima.max-cas-size must be at least 1, not " + maxCasSize);
        }
        if (instances < 1) {
            throw new IllegalArgumentException("camelsuite.uima.instances must be at least 1, not " + instances);
        }
    }

    @Override
    public void configure() {
        for (String chain : chains) {
            from("uimadriver:" + brokerUrl + "?queue=" + queuePrefix + chain + "&concurrentConsumers=" + instances
                 + "&maxCasSize=" + maxCasSize + "&descriptor=" + ChainFindingsToCas.TYPE_SYSTEM)
                    .routeId("uima-service-" + chain)
                    .convertBodyTo(String.class)            // the CAS's document text
                    .to("enhancer:" + chain)                 // the chain, in this JVM
                    .process(new ChainFindingsToCas());     // its findings into the CAS the client gets back
        }
    }
}
