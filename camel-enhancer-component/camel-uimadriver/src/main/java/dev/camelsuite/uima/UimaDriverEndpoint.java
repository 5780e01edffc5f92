package dev.camelsuite.uima;

import dev.camelsuite.uima.client.UimaDriverProducer;
import org.apache.camel.Category;
import org.apache.camel.Consumer;
import org.apache.camel.Processor;
import org.apache.camel.Producer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriEndpoint;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriPath;
import org.apache.camel.support.DefaultEndpoint;

/**
 * Sends the message body, as a CAS's document text, to a UIMA AS 2.x service and puts the analysed CAS in the
 * exchange (producer); serves a route as a UIMA AS 2.x service to stock UIMA AS clients (consumer). The successor of
 * the UIMA AS Camel driver: its URIs work as written.
 */
@UriEndpoint(firstVersion = "1.0.0", scheme = "uimadriver", title = "UIMA AS Driver", syntax = "uimadriver:brokerURL",
             category = { Category.AI, Category.MESSAGING },
             headersClass = UimaDriverConstants.class)
public class UimaDriverEndpoint extends DefaultEndpoint {

    @UriPath(description = "The service's broker, e.g. tcp://localhost:61616 or failover:(tcp://a:61616,tcp://b:61616);"
                           + " URI parameters that are not options of this endpoint are the broker URL's own options")
    @Metadata(required = true)
    private String brokerURL;
    @UriParam(description = "The service's input queue")
    @Metadata(required = true)
    private String queue;
    @UriParam(label = "consumer", description = "The analysis engine or type system descriptor of the service this"
                                                + " route is (classpath:, file: or a class path resource): GetMeta"
                                                + " answers with its metadata, and every CAS has its type system")
    private String descriptor;
    @UriParam(label = "consumer", description = "How many requests the route serves at once: each instance has a JMS"
                                                + " session and a CAS of its own, as the instances of a stock service",
              defaultValue = "1")
    private int concurrentConsumers = 1;
    @UriParam(label = "consumer", description = "Requests the broker hands each instance ahead of time; 0, the"
                                                + " stock service's default, gives each request to the first free"
                                                + " instance of any process serving the queue",
              defaultValue = "0")
    private int prefetch;
    @UriParam(label = "consumer", description = "The largest CAS a request may carry, in characters of XMI or bytes"
                                                + " of a binary CAS; a larger one is answered with an error naming"
                                                + " this option",
              defaultValue = "33554432")
    private int maxCasSize = 32 * 1024 * 1024;
    @UriParam(label = "consumer", description = "For a descriptor that outputs new CASes (a CAS multiplier): how many"
                                                + " child CASes each instance may have out with its client at once,"
                                                + " as the casMultiplier poolSize of a UIMA AS deployment descriptor;"
                                                + " the route waits for the client to release one when all are out",
              defaultValue = "1")
    private int casMultiplierPoolSize = 1;
    @UriParam(label = "consumer", description = "Milliseconds a CAS multiplier's route waits for a child CAS when all"
                                                + " casMultiplierPoolSize are out with clients; children not released"
                                                + " by then (a client that went away) are taken back and the route"
                                                + " goes on. A stock client releases each child as it reads it",
              defaultValue = "10000", javaType = "long")
    private long childReleaseTimeout = 10_000;
    @UriParam(label = "producer", description = "How many documents may be in the service at once (the client's CAS pool); more wait, holding"
                            + " no thread. Also accepted as CasPoolSize.",
              defaultValue = "1")
    private int casPoolSize = 1;
    @UriParam(label = "producer", description = "Documents that may wait for a CAS; one more fails at once with RejectedExecutionException"
                            + " naming this option.", defaultValue = "1000")
    private int maxWaiting = 1000;
    @UriParam(label = "producer", description = "Milliseconds to wait for the analysed CAS, counted from the exchange's arrival (the wait"
                            + " for a CAS included); 0 for no limit. Also accepted as Timeout.",
              defaultValue = "60000", javaType = "long")
    private long timeout = 60_000;
    @UriParam(label = "producer", description = "Milliseconds the producer waits, when it starts, for the service to answer GetMeta",
              defaultValue = "60000", javaType = "long")
    private long getMetaTimeout = 60_000;
    @UriParam(description = "Milliseconds to wait for the answer to Collection Process Complete, 0 for no limit"
                            + " (producer); the longest a served route holds that answer back for the requests before"
                            + " it (consumer)",
              defaultValue = "60000", javaType = "long")
    private long cpcTimeout = 60_000;
    @UriParam(label = "producer", description = "Send every document to this service instance only (its id, by default ip:pid)")
    private String targetServiceId;
    @UriParam(label = "producer", description = "Put the annotations of the child CASes a CAS multiplier produces in the result (they are"
                            + " always counted)",
              defaultValue = "false")
    private boolean childAnnotations;
    @UriParam(label = "security", secret = true, description = "User name for the broker")
    private String userName;
    @UriParam(label = "security", secret = true, description = "Password for the broker")
    private String password;

    /** The broker URL with the broker's own options appended (not an endpoint option). */
    private String connectionURL;

    public UimaDriverEndpoint(String uri, UimaDriverComponent component) {
        super(uri, component);
    }

    @Override
    public Producer createProducer() {
        return new UimaDriverProducer(this);
    }

    @Override
    public Consumer createConsumer(Processor processor) throws Exception {
        if (descriptor == null || descriptor.isBlank()) {
            throw new IllegalArgumentException("Option descriptor is required to serve a route as a UIMA AS service:"
                                               + " its analysis engine or type system descriptor, e.g."
                                               + " from(\"uimadriver:tcp://localhost:61616?queue=RoomNumberQueue"
                                               + "&descriptor=classpath:RoomNumberAnnotator.xml\")");
        }
        UimaDriverConsumer consumer = new UimaDriverConsumer(this, processor);
        configureConsumer(consumer);
        return consumer;
    }

    /** Checks the options; a bad value names its option (the original driver fell back to defaults silently). */
    void validate() {
        if (queue == null || queue.isBlank()) {
            throw new IllegalArgumentException("Option queue is required: the service's input queue, e.g."
                                               + " uimadriver:tcp://localhost:61616?queue=TextAnalysisQueue");
        }
        if (casPoolSize <= 0) {
            throw new IllegalArgumentException("Option casPoolSize (CasPoolSize) must be an integer larger than zero, not "
                                               + casPoolSize);
        }
        if (maxWaiting < 0) {
            throw new IllegalArgumentException("Option maxWaiting must be zero or more, not " + maxWaiting);
        }
        if (timeout < 0) {
            throw new IllegalArgumentException("Option timeout (Timeout) must be zero (no limit) or more milliseconds, not "
                                               + timeout);
        }
        if (getMetaTimeout <= 0) {
            throw new IllegalArgumentException("Option getMetaTimeout must be more than zero milliseconds, not "
                                               + getMetaTimeout);
        }
        if (concurrentConsumers <= 0) {
            throw new IllegalArgumentException("Option concurrentConsumers must be an integer larger than zero, not "
                                               + concurrentConsumers);
        }
        if (prefetch < 0) {
            throw new IllegalArgumentException("Option prefetch must be zero or more, not " + prefetch);
        }
        if (maxCasSize <= 0) {
            throw new IllegalArgumentException("Option maxCasSize must be more than zero, not " + maxCasSize);
        }
        if (casMultiplierPoolSize <= 0) {
            throw new IllegalArgumentException("Option casMultiplierPoolSize must be an integer larger than zero, not "
                                               + casMultiplierPoolSize);
        }
        if (childReleaseTimeout <= 0) {
            throw new IllegalArgumentException("Option childReleaseTimeout must be more than zero milliseconds, not "
                                               + childReleaseTimeout);
        }
        if (cpcTimeout < 0) {
            throw new IllegalArgumentException("Option cpcTimeout must be zero (no limit) or more milliseconds, not "
                                               + cpcTimeout);
        }
    }

    @Override
    public UimaDriverComponent getComponent() {
        return (UimaDriverComponent) super.getComponent();
    }

    public String getBrokerURL() {
        return brokerURL;
    }

    public void setBrokerURL(String brokerURL) {
        this.brokerURL = brokerURL;
    }

    public String getQueue() {
        return queue;
    }

    public void setQueue(String queue) {
        this.queue = queue;
    }

    public int getCasPoolSize() {
        return casPoolSize;
    }

    public void setCasPoolSize(int casPoolSize) {
        this.casPoolSize = casPoolSize;
    }

    public int getMaxWaiting() {
        return maxWaiting;
    }

    public void setMaxWaiting(int maxWaiting) {
        this.maxWaiting = maxWaiting;
    }

    public long getTimeout() {
        return timeout;
    }

    public void setTimeout(long timeout) {
        this.timeout = timeout;
    }

    public long getGetMetaTimeout() {
        return getMetaTimeout;
    }

    public void setGetMetaTimeout(long getMetaTimeout) {
        this.getMetaTimeout = getMetaTimeout;
    }

    public long getCpcTimeout() {
        return cpcTimeout;
    }

    public void setCpcTimeout(long cpcTimeout) {
        this.cpcTimeout = cpcTimeout;
    }

    public String getTargetServiceId() {
        return targetServiceId;
    }

    public void setTargetServiceId(String targetServiceId) {
        this.targetServiceId = targetServiceId;
    }

    public boolean isChildAnnotations() {
        return childAnnotations;
    }

    public void setChildAnnotations(boolean childAnnotations) {
        this.childAnnotations = childAnnotations;
    }

    public String getDescriptor() {
        return descriptor;
    }

    public void setDescriptor(String descriptor) {
        this.descriptor = descriptor;
    }

    public int getConcurrentConsumers() {
        return concurrentConsumers;
    }

    public void setConcurrentConsumers(int concurrentConsumers) {
        this.concurrentConsumers = concurrentConsumers;
    }

    public int getPrefetch() {
        return prefetch;
    }

    public void setPrefetch(int prefetch) {
        this.prefetch = prefetch;
    }

    public int getMaxCasSize() {
        return maxCasSize;
    }

    public void setMaxCasSize(int maxCasSize) {
        this.maxCasSize = maxCasSize;
    }

    public int getCasMultiplierPoolSize() {
        return casMultiplierPoolSize;
    }

    public void setCasMultiplierPoolSize(int casMultiplierPoolSize) {
        this.casMultiplierPoolSize = casMultiplierPoolSize;
    }

    public long getChildReleaseTimeout() {
        return childReleaseTimeout;
    }

    public void setChildReleaseTimeout(long childReleaseTimeout) {
        this.childReleaseTimeout = childReleaseTimeout;
    }

    public String getUserName() {
        return userName;
    }

    public void setUserName(String userName) {
        this.userName = userName;
    }

    public String getPassword() {
        return password;
    }

    public void setPassword(String password) {
        this.password = password;
    }

    /** The broker URL with the broker's own options appended, as connections open it (not an endpoint option). */
    public String getConnectionURL() {
        return connectionURL == null ? brokerURL : connectionURL;
    }

    void setConnectionURL(String connectionURL) {
        this.connectionURL = connectionURL;
    }
}
