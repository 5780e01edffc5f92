package dev.camelsuite.uima;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.camelsuite.correlation.Tracing;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.transport.failover.FailoverTransportFactory;
import org.apache.activemq.util.IntrospectionSupport;
import org.apache.activemq.util.URISupport;
import org.apache.camel.Endpoint;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.PropertyConfigurerGetter;
import org.apache.camel.spi.annotations.Component;
import org.apache.camel.support.DefaultComponent;

/**
 * The {@code uimadriver:} component. URIs of the old UIMA AS Camel driver work as written: the old driver's spellings
 * {@code CasPoolSize} and {@code Timeout} are accepted, and parameters that are not endpoint options belong to the
 * broker URL (e.g. a failover URL's {@code randomize=false}), checked by ActiveMQ when the endpoint is created.
 */
@Component("uimadriver")
public class UimaDriverComponent extends DefaultComponent {

    /** The old driver's spellings of options, and ours. */
    private static final Map<String, String> OLD_DRIVER_SPELLINGS = Map.of("CasPoolSize", "casPoolSize", "Timeout", "timeout");

    private static final String OPTIONS = "queue, casPoolSize, timeout, getMetaTimeout, cpcTimeout, targetServiceId,"
                                          + " childAnnotations, descriptor, concurrentConsumers, prefetch, maxCasSize,"
                                          + " userName, password";

    @Metadata(label = "advanced", defaultValue = "false",
              description = "OpenTelemetry spans: the producer's request to the service and, served, each request the"
                            + " route answers, with the W3C trace context in the JMS message (traceparent); stock UIMA"
                            + " AS services and clients pass it by. Uses the OpenTelemetry bean in the registry, else"
                            + " the global one. Off, nothing is recorded.")
    private boolean tracing;
    private Tracing spans = Tracing.OFF;

    @Override
    protected void doStart() throws Exception {
        super.doStart();
        spans = Tracing.of(getCamelContext(), tracing, "dev.camelsuite.uima");
    }

    public boolean isTracing() {
        return tracing;
    }

    public void setTracing(boolean tracing) {
        this.tracing = tracing;
    }

    /** The spans of this component's producers and consumers: {@link Tracing#OFF} unless {@code tracing}. */
    public Tracing spans() {
        return spans;
    }

    @Override
    protected Endpoint createEndpoint(String uri, String remaining, Map<String, Object> parameters) throws Exception {
        if (remaining == null || remaining.isBlank()) {
            throw new IllegalArgumentException("The broker URL is missing: uimadriver:brokerURL?queue=nameofqueue, e.g."
                                               + " uimadriver:tcp://localhost:61616?queue=TextAnalysisQueue");
        }
        UimaDriverEndpoint endpoint = new UimaDriverEndpoint(uri, this);
        endpoint.setBrokerURL(remaining);
        OLD_DRIVER_SPELLINGS.forEach((old, ours) -> {
            if (parameters.containsKey(old)) {
                if (parameters.containsKey(ours)) {
                    throw new IllegalArgumentException("Option " + ours + " is given twice (as " + old + " and " + ours
                                                       + ")");
                }
                parameters.put(ours, parameters.remove(old));
            }
        });
        checkNumbers(parameters);
        Map<String, Object> brokerOptions = brokerOptions(endpoint, parameters);
        setProperties(endpoint, parameters);
        endpoint.validate();
        endpoint.setConnectionURL(connectionURL(remaining, brokerOptions));
        return endpoint;
    }

    /** A number option that is not a number gets the same message as a number out of range, naming the option. */
    private static void checkNumbers(Map<String, Object> parameters) {
        for (String name : new String[] { "casPoolSize", "timeout", "getMetaTimeout", "cpcTimeout",
            "concurrentConsumers", "prefetch", "maxCasSize" }) {
            Object value = parameters.get(name);
            if (value instanceof String text && !text.startsWith("{{") && !text.startsWith("#")) {
                try {
                    Long.parseLong(text.trim());
                } catch (NumberFormatException e) {
                    String old = OLD_DRIVER_SPELLINGS.entrySet().stream().filter(en -> en.getValue().equals(name))
                            .map(en -> " (" + en.getKey() + ")").findFirst().orElse("");
                    throw new IllegalArgumentException("Option " + name + old + " must be a whole number"
                                                       + (name.equals("casPoolSize") || name.equals("concurrentConsumers")
                                                               ? " larger than zero"
                                                               : name.endsWith("imeout") ? " of milliseconds" : "")
                                                       + ", not " + text);
                }
            }
        }
    }

    /** Takes the parameters that are not endpoint options out of {@code parameters}: they are the broker URL's. */
    private Map<String, Object> brokerOptions(UimaDriverEndpoint endpoint, Map<String, Object> parameters) {
        PropertyConfigurerGetter ours = (PropertyConfigurerGetter) getEndpointPropertyConfigurer();
        boolean failover = endpoint.getBrokerURL().startsWith("failover:");
        Map<String, Object> broker = new LinkedHashMap<>();
        for (String name : parameters.keySet().toArray(new String[0])) {
            if (ours.getOptionType(name, true) != null) {
                continue;
            }
            // a failover URL's options are checked by ActiveMQ below; other transports' options only when they
            // connect, so there only ActiveMQ's prefixed options pass, and a misspelt endpoint option fails here
            if (!failover && name.indexOf('.') < 0) {
                throw new IllegalArgumentException("Unknown option " + name + " on " + endpoint.getEndpointUri()
                                                   + ": neither an endpoint option (" + OPTIONS + ") nor a broker option (jms.*, transport.*, wireFormat.*, or a"
                                                   + " failover URL's own options)");
            }
            broker.put(name, parameters.remove(name));
        }
        return broker;
    }

    /** The broker URL with its options, checked by ActiveMQ without connecting. */
    static String connectionURL(String brokerURL, Map<String, Object> options) {
        String url = brokerURL;
        if (!options.isEmpty()) {
            StringBuilder query = new StringBuilder();
            options.forEach((k, v) -> query.append(query.isEmpty() ? "" : "&").append(k).append('=').append(v));
            url = brokerURL + (brokerURL.contains("?") && !brokerURL.endsWith(")") ? "&" : "?") + query;
        }
        try {
            URI uri = new URI(url);
            // jms.* options are checked against the connection factory, a failover URL's own by its transport factory
            Map<String, Object> jms = new LinkedHashMap<>();
            options.forEach((k, v) -> {
                if (k.startsWith("jms.")) {
                    jms.put(k.substring(4), v);
                }
            });
            new ActiveMQConnectionFactory(uri);
            if (!jms.isEmpty() && (!IntrospectionSupport.setProperties(new ActiveMQConnectionFactory(), jms)
                                   || !jms.isEmpty())) {
                throw new IllegalArgumentException("unknown connection factory options " + jms.keySet().stream()
                        .map(k -> "jms." + k).toList());
            }
            if ("failover".equals(uri.getScheme())) {
                new FailoverTransportFactory().createTransport(URISupport.parseComposite(uri));
            }
        } catch (Exception e) {
            throw new IllegalArgumentException("Broker URL " + url + " is not usable: " + e.getMessage(), e);
        }
        return url;
    }
}
