package dev.camelsuite.uima.testservice;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.uima.aae.client.UimaASProcessStatus;
import org.apache.uima.aae.client.UimaAsBaseCallbackListener;
import org.apache.uima.adapter.jms.client.BaseUIMAAsynchronousEngine_impl;
import org.apache.uima.cas.CAS;
import org.apache.uima.collection.EntityProcessStatus;

/**
 * How soon the stock UIMA AS 2.10.3 client reports a process timeout. On a timeout the client pings the service with
 * GetMeta and reports the timeout when the ping is answered, so this measures how the service answers GetMeta while
 * every instance is busy.
 *
 * <pre>
 * java &lt;add-opens&gt; -cp "$(cat target/service-classpath.txt)" dev.camelsuite.uima.testservice.StockClientTimeouts \
 *      brokerURL queue timeoutMillis documents
 * </pre>
 *
 * Sends {@code documents} documents at once (CasPoolSize = documents) and prints, for each,
 * {@code ANSWER <ms from its send> <OK | exception's class>}, then {@code DONE}. Exit status 1 when an answer is
 * missing after a minute.
 */
public final class StockClientTimeouts {

    private StockClientTimeouts() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        System.setOut(System.err); // the client prints progress with System.out.println
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.SEVERE);
        int timeout = Integer.parseInt(args[2]);
        int documents = Integer.parseInt(args[3]);
        Map<String, Long> sentAt = new ConcurrentHashMap<>();
        CountDownLatch answered = new CountDownLatch(documents);
        BaseUIMAAsynchronousEngine_impl client = new BaseUIMAAsynchronousEngine_impl();
        client.addStatusCallbackListener(new UimaAsBaseCallbackListener() {
            @Override
            public void entityProcessComplete(CAS cas, EntityProcessStatus status) {
                long now = System.nanoTime();
                String id = status instanceof UimaASProcessStatus s ? s.getCasReferenceId() : null;
                Long sent = null;
                for (int wait = 0; sent == null && id != null && wait < 100; wait++) {
                    sent = sentAt.get(id); // sendCAS may not have returned the id yet
                    if (sent == null) {
                        sleep();
                    }
                }
                String what = status != null && status.isException()
                        ? status.getExceptions().get(0).getClass().getSimpleName() : "OK";
                protocol.println("ANSWER " + (sent == null ? -1 : TimeUnit.NANOSECONDS.toMillis(now - sent)) + " "
                                 + what);
                answered.countDown();
            }
        });
        Map<String, Object> context = StockClientLoad.context(args[0], args[1], documents, timeout, "xmi");
        context.put(org.apache.uima.aae.client.UimaAsynchronousEngine.GetMetaTimeout, 30_000);
        client.initialize(context);
        for (int i = 0; i < documents; i++) {
            CAS cas = client.getCAS();
            cas.setDocumentText("Document " + i + ". Room 20-001 is slow.");
            long before = System.nanoTime();
            String id = client.sendCAS(cas);
            sentAt.put(id, before);
        }
        boolean all = answered.await(60, TimeUnit.SECONDS);
        protocol.println("DONE");
        StockClientLoad.stop(client);
        System.exit(all ? 0 : 1); // the client leaves non-daemon threads behind
    }

    private static void sleep() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
