package dev.camelsuite.benchmarks;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.content.ContentItemJson;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;

/**
 * Hand-written request/reply, the strongest form found: one shared, named reply queue (no temporary queue, no
 * selector), correlation by a string property in a map, two plain listener sessions as the worker.
 */
final class RawJmsContender implements RemoteBenchmark.Contender {
    private static final AtomicInteger QUEUES = new AtomicInteger();
    private final Connection connection;
    private final Connection workers;
    private final Session sendSession;
    private final MessageProducer sender;
    private final Queue replies;
    private final Map<String, CompletableFuture<ContentItem>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();

    RawJmsContender(String url) throws Exception {
        this(RemoteBenchmark.factory(url).createConnection(), null, RemoteBenchmark.ENGINE,
                "bench.raw." + QUEUES.incrementAndGet());
    }

    /**
     * The caller on {@code connection}, its two worker sessions on {@code workers} (null: the same connection),
     * running {@code engine}.
     */
    RawJmsContender(Connection connection, Connection workers, EnhancementEngine engine, String queue)
            throws Exception {
        this.connection = connection;
        this.workers = workers;
        Connection workerConnection = workers == null ? connection : workers;
        for (int i = 0; i < RemoteBenchmark.WORKERS; i++) {
            Session s = workerConnection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer replier = s.createProducer(null);
            replier.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
            MessageConsumer worker = s.createConsumer(s.createQueue(queue));
            worker.setMessageListener(m -> {
                try {
                    ContentItem item = ContentItem.ofText(((TextMessage) m).getText());
                    engine.computeEnhancements(item);
                    TextMessage reply = s.createTextMessage(ContentItemJson.toJson(item));
                    reply.setStringProperty("id", m.getStringProperty("id"));
                    replier.send(m.getJMSReplyTo(), reply);
                } catch (Exception e) {
                    e.printStackTrace();
                }
            });
        }
        workerConnection.start();
        sendSession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        sender = sendSession.createProducer(sendSession.createQueue(queue));
        sender.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
        Session replySession = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        replies = replySession.createQueue(queue + ".replies");
        replySession.createConsumer(replies).setMessageListener(this::onReply);
        connection.start();
    }

    private void onReply(Message m) {
        try {
            ContentItem item = ContentItemJson.fromJson(((TextMessage) m).getText());
            CompletableFuture<ContentItem> done = pending.remove(m.getStringProperty("id"));
            if (done != null) {
                done.complete(item);
            }
        } catch (Exception e) {
            e.printStackTrace();
        }
    }

    @Override
    public String name() {
        return "raw JMS";
    }

    @Override
    public CompletableFuture<?> send(String text) throws Exception {
        String id = Long.toString(ids.incrementAndGet());
        CompletableFuture<ContentItem> reply = new CompletableFuture<>();
        pending.put(id, reply);
        synchronized (sendSession) {
            TextMessage m = sendSession.createTextMessage(text);
            m.setStringProperty("id", id);
            m.setJMSReplyTo(replies);
            sender.send(m);
        }
        return reply;
    }

    @Override
    public void close() throws Exception {
        connection.close();
        if (workers != null) {
            workers.close();
        }
    }
}
