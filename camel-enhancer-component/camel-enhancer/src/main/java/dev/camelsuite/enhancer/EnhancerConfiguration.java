package dev.camelsuite.enhancer;

import org.apache.camel.RuntimeCamelException;
import org.apache.camel.spi.Configurer;
import org.apache.camel.spi.Metadata;
import org.apache.camel.spi.UriParam;
import org.apache.camel.spi.UriParams;

/** Options of an enhancer endpoint; the component holds defaults and gives each endpoint a copy. */
@UriParams
@Configurer
public class EnhancerConfiguration implements Cloneable {

    /** The widest prefetch window a worker instance may ask for: ActiveMQ's own default for queues. */
    static final int MAX_PREFETCH_LIMIT = 1000;


    @UriParam(label = "common",
              description = "The broker queue of the chain's workers. With a queue the endpoint is remote: the producer"
                            + " sends to the workers on the queue, the consumer is a worker. Without one the chain runs in"
                            + " this JVM.")
    private String queue;

    @UriParam(label = "common",
              description = "The ActiveMQ broker URL: tcp://host:61616, ssl://…, failover:(tcp://a:61616,tcp://b:61616),"
                            + " vm://name. Not needed when connectionFactory is set.")
    private String brokerURL;

    @UriParam(label = "common",
              description = "A JMS connection factory to use instead of brokerURL, e.g. a pooled one from the registry.")
    private jakarta.jms.ConnectionFactory connectionFactory;

    @UriParam(label = "security", secret = true, description = "The user name for the broker.")
    private String userName;

    @UriParam(label = "security", secret = true, description = "The password for the broker.")
    private String password;

    @UriParam(label = "producer", defaultValue = "64",
              description = "Requests in flight per producer (UIMA AS CasPoolSize). When the pool is full the exchange"
                            + " waits, holding no thread, until a reply frees a place; its timeout counts from its"
                            + " arrival, the wait included.")
    @Metadata(defaultValue = "64")
    private int casPoolSize = 64;

    @UriParam(label = "producer", defaultValue = "1000",
              description = "Exchanges that may wait for a place in the pool (remote mode); one more fails at once with"
                            + " RejectedExecutionException naming this option.")
    @Metadata(defaultValue = "1000")
    private int maxWaiting = 1000;

    @UriParam(label = "producer", defaultValue = "0",
              description = "How often a request is sent again after it timed out or could not be sent (another worker"
                            + " may take it). The reference id stays the same, so the first answer wins.")
    private int maxRetries;

    @UriParam(label = "common", defaultValue = "json", enums = "json,binary",
              description = "The wire format of content items: json, or binary (Smile, compact). Workers read both.")
    @Metadata(defaultValue = "json")
    private String serializer = "json";

    @UriParam(label = "consumer", defaultValue = "1",
              description = "Worker instances taking requests from the queue in parallel (UIMA AS numberOfInstances).")
    @Metadata(defaultValue = "1")
    private int concurrentConsumers = 1;

    @UriParam(label = "consumer", defaultValue = "1",
              description = "Requests the broker sends a worker instance ahead of its acknowledgements, at least: the"
                            + " window the instance keeps while its documents vary in length (1 keeps a slow document"
                            + " from holding others behind it); 0 makes each instance ask for every message.")
    @Metadata(defaultValue = "1")
    private int prefetch = 1;

    @UriParam(label = "consumer", defaultValue = "50",
              description = "How far a worker instance widens its prefetch window while its documents are short and"
                            + " even: the window holds about 5 ms of the slowest recent document's work, between"
                            + " prefetch and this (ActiveMQ brokers). A value <= prefetch keeps the window at prefetch.")
    @Metadata(defaultValue = "50")
    private int maxPrefetch = 50;

    @UriParam(label = "consumer",
              description = "The worker instance's id, answered to metadata requests and matched by targetServiceId;"
                            + " host:pid by default (host:pid#n for a further worker of the same queue in one Camel"
                            + " context; workers of two Camel contexts of one JVM on one queue need ids of their own).")
    private String instanceId;

    @UriParam(label = "producer", defaultValue = "60000",
              description = "Milliseconds the producer waits, when it starts, for a worker to answer its metadata request"
                            + " (UIMA AS GetMeta); nobody answering fails the start naming the queue. 0 skips the"
                            + " request (the producer then starts without knowing of any worker).")
    @Metadata(defaultValue = "60000")
    private long getMetaTimeout = 60_000;

    @UriParam(label = "producer", defaultValue = "60000",
              description = "Milliseconds to wait for every known worker instance to answer collection process complete;"
                            + " 0 for no limit.")
    @Metadata(defaultValue = "60000")
    private long cpcTimeout = 60_000;

    @UriParam(label = "producer",
              description = "Send every document to this worker instance only (its instanceId). The header"
                            + " CamelEnhancerTargetServiceId overrides it.")
    private String targetServiceId;

    @UriParam(label = "consumer", defaultValue = "0",
              description = "Worker error threshold (UIMA AS thresholdCount): when an engine fails this many times within"
                            + " the last thresholdWindow documents, the worker takes the thresholdAction. 0 for no"
                            + " threshold (errors are only reported). A chain element's own thresholdCount wins.")
    private int thresholdCount;

    @UriParam(label = "consumer", defaultValue = "0",
              description = "Worker error threshold window, in documents (UIMA AS thresholdWindow); 0 counts every"
                            + " error since the worker started. A chain element's own thresholdWindow wins.")
    private int thresholdWindow;

    @UriParam(label = "consumer", defaultValue = "terminate", enums = "disable,terminate",
              description = "What a worker does when an engine reaches its error threshold (UIMA AS thresholdAction):"
                            + " disable takes the engine out of the flow (an engine the chain cannot run without, one"
                            + " neither optional nor continueOnRetryFailure, terminates instead); terminate detaches"
                            + " the worker from its queue, lets it finish what it holds and stops its route. A chain"
                            + " element's own thresholdAction wins.")
    @Metadata(defaultValue = "terminate")
    private String thresholdAction = "terminate";

    @UriParam(label = "producer", defaultValue = "60000",
              description = "Milliseconds the whole chain may take (local mode) or one request may take from its arrival"
                            + " (remote mode: the wait for a place, then each attempt); 0 for no limit. When it runs out"
                            + " the exchange fails with ExchangeTimedOutException. The header CamelEnhancerTimeout"
                            + " overrides it.")
    @Metadata(defaultValue = "60000")
    private long timeout = 60_000;

    @UriParam(label = "producer", defaultValue = "true",
              description = "Whether a failed chain throws EnhancementException. When false, the enhanced item comes"
                            + " back with CamelEnhancerChainStatus=failed and the route decides.")
    @Metadata(defaultValue = "true")
    private boolean throwOnFailure = true;

    public long getTimeout() {
        return timeout;
    }

    public void setTimeout(long timeout) {
        this.timeout = timeout;
    }

    public boolean isThrowOnFailure() {
        return throwOnFailure;
    }

    public void setThrowOnFailure(boolean throwOnFailure) {
        this.throwOnFailure = throwOnFailure;
    }

    /** Checks the values, naming the option at fault. */
    public void validate() {
        if (timeout < 0) {
            throw new IllegalArgumentException("Option timeout must be >= 0 (milliseconds, 0 for none) but was "
                                               + timeout);
        }
        if (casPoolSize <= 0) {
            throw new IllegalArgumentException("Option casPoolSize must be > 0 but was " + casPoolSize);
        }
        if (maxWaiting < 0) {
            throw new IllegalArgumentException("Option maxWaiting must be >= 0 but was " + maxWaiting);
        }
        if (maxRetries < 0) {
            throw new IllegalArgumentException("Option maxRetries must be >= 0 but was " + maxRetries);
        }
        if (concurrentConsumers <= 0) {
            throw new IllegalArgumentException("Option concurrentConsumers must be > 0 but was " + concurrentConsumers);
        }
        if (prefetch < 0) {
            throw new IllegalArgumentException("Option prefetch must be >= 0 but was " + prefetch);
        }
        if (maxPrefetch < 0 || maxPrefetch > MAX_PREFETCH_LIMIT) {
            throw new IllegalArgumentException("Option maxPrefetch must be between 0 and " + MAX_PREFETCH_LIMIT
                                               + " but was " + maxPrefetch);
        }
        if (!"json".equals(serializer) && !"binary".equals(serializer)) {
            throw new IllegalArgumentException("Option serializer must be json or binary but was '" + serializer + "'");
        }
        if (queue != null && queue.isBlank()) {
            throw new IllegalArgumentException("Option queue must not be blank");
        }
        if (getMetaTimeout < 0) {
            throw new IllegalArgumentException("Option getMetaTimeout must be >= 0 (milliseconds, 0 to skip) but was "
                                               + getMetaTimeout);
        }
        if (cpcTimeout < 0) {
            throw new IllegalArgumentException("Option cpcTimeout must be >= 0 (milliseconds, 0 for none) but was "
                                               + cpcTimeout);
        }
        if (thresholdCount < 0) {
            throw new IllegalArgumentException("Option thresholdCount must be >= 0 (0 for no threshold) but was "
                                               + thresholdCount);
        }
        if (thresholdWindow < 0) {
            throw new IllegalArgumentException("Option thresholdWindow must be >= 0 (documents, 0 for no window) but was "
                                               + thresholdWindow);
        }
        if (dev.camelsuite.enhancer.chain.ThresholdAction.of(thresholdAction) == null) {
            throw new IllegalArgumentException("Option thresholdAction must be disable or terminate but was '"
                                               + thresholdAction + "'");
        }
    }

    /** Checks what remote mode needs, naming the options at fault. */
    public void validateRemote() {
        if (queue == null) {
            return;
        }
        if (connectionFactory == null && (brokerURL == null || brokerURL.isBlank())) {
            throw new IllegalArgumentException("Option queue=" + queue + " needs a broker: set brokerURL or"
                                               + " connectionFactory (on the endpoint or the enhancer component)");
        }
    }

    public boolean isRemote() {
        return queue != null;
    }

    public String getQueue() {
        return queue;
    }

    public void setQueue(String queue) {
        this.queue = queue;
    }

    public String getBrokerURL() {
        return brokerURL;
    }

    public void setBrokerURL(String brokerURL) {
        this.brokerURL = brokerURL;
    }

    public jakarta.jms.ConnectionFactory getConnectionFactory() {
        return connectionFactory;
    }

    public void setConnectionFactory(jakarta.jms.ConnectionFactory connectionFactory) {
        this.connectionFactory = connectionFactory;
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

    public int getMaxRetries() {
        return maxRetries;
    }

    public void setMaxRetries(int maxRetries) {
        this.maxRetries = maxRetries;
    }

    public String getSerializer() {
        return serializer;
    }

    public void setSerializer(String serializer) {
        this.serializer = serializer;
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

    public int getMaxPrefetch() {
        return maxPrefetch;
    }

    public void setMaxPrefetch(int maxPrefetch) {
        this.maxPrefetch = maxPrefetch;
    }

    public String getInstanceId() {
        return instanceId;
    }

    public void setInstanceId(String instanceId) {
        this.instanceId = instanceId;
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

    public int getThresholdCount() {
        return thresholdCount;
    }

    public void setThresholdCount(int thresholdCount) {
        this.thresholdCount = thresholdCount;
    }

    public int getThresholdWindow() {
        return thresholdWindow;
    }

    public void setThresholdWindow(int thresholdWindow) {
        this.thresholdWindow = thresholdWindow;
    }

    public String getThresholdAction() {
        return thresholdAction;
    }

    public void setThresholdAction(String thresholdAction) {
        this.thresholdAction = thresholdAction;
    }

    public EnhancerConfiguration copy() {
        try {
            return (EnhancerConfiguration) clone();
        } catch (CloneNotSupportedException e) {
            throw new RuntimeCamelException(e);
        }
    }
}
