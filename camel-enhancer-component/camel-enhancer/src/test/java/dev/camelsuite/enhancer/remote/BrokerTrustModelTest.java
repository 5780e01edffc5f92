package dev.camelsuite.enhancer.remote;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.xml.parsers.DocumentBuilderFactory;

import dev.camelsuite.enhancer.EnhancerComponent;
import dev.camelsuite.enhancer.chain.Chain;
import dev.camelsuite.enhancer.content.ContentItem;
import dev.camelsuite.enhancer.spi.EnhancementEngine;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Session;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.filter.DestinationMapEntry;
import org.apache.activemq.security.AuthenticationUser;
import org.apache.activemq.security.AuthorizationEntry;
import org.apache.activemq.security.AuthorizationPlugin;
import org.apache.activemq.security.DefaultAuthorizationMap;
import org.apache.activemq.security.SimpleAuthenticationPlugin;
import org.apache.activemq.security.TempDestinationAuthorizationEntry;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.test.junit5.CamelTestSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The trust model of docs/enhancer-component.adoc ("Trust"): a broker configured with the example of
 * docs/examples/activemq-trust.xml — read from that file — lets callers and workers do their work, and refuses a
 * peer without rights that tries to send requests, forge control commands or read the documents.
 */
class BrokerTrustModelTest extends CamelTestSupport {

    private static final Path EXAMPLE = Path.of("../../docs/examples/activemq-trust.xml");
    private static final Map<String, String> PASSWORDS = Map.of("caller.password", "caller-secret",
            "worker.password", "worker-secret", "someone.password", "someone-secret");
    private static final int PORT = EmbeddedBroker.freePort();
    private static BrokerService broker;
    /** The user names whose connections the broker refused for their credentials. */
    private static final List<String> REFUSED = new java.util.concurrent.CopyOnWriteArrayList<>();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = new BrokerService();
        broker.setBrokerName("trust-" + PORT);
        broker.setPersistent(false);
        broker.setUseJmx(false);
        List<BrokerPlugin> plugins = new ArrayList<>(List.of(plugins(EXAMPLE)));
        plugins.add(RecordRefusals::new); // installed last: around the others
        broker.setPlugins(plugins.toArray(BrokerPlugin[]::new));
        broker.addConnector("tcp://127.0.0.1:" + PORT);
        broker.start();
        broker.waitUntilStarted();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        broker.stop();
        broker.waitUntilStopped();
    }

    private static String url() {
        return "tcp://127.0.0.1:" + PORT;
    }

    @Override
    protected CamelContext createCamelContext() throws Exception {
        CamelContext context = super.createCamelContext();
        EnhancerComponent enhancer = new EnhancerComponent();
        enhancer.addEngine(EnhancementEngine.of("langid", item -> item.addLanguage("en", 0.9, "langid")));
        enhancer.addChain(Chain.list("demo", "langid"));
        context.addComponent("enhancer", enhancer);
        return context;
    }

    @Override
    protected RouteBuilder createRouteBuilder() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("enhancer:demo?queue=documents&brokerURL=" + url() + "&userName=worker&password=worker-secret")
                        .routeId("worker").log("enhanced ${body.text}");
            }
        };
    }

    @Test
    void callersAndWorkersDoTheirWork() {
        ContentItem item = template.requestBody("enhancer:demo?queue=documents&brokerURL=" + url()
                                                + "&userName=caller&password=caller-secret&timeout=10000",
                "A document for the workers.", ContentItem.class);
        assertThat(item.getLanguage()).isEqualTo("en");
    }

    @Test
    void aPeerWithoutRightsCanNeitherSendRequestsNorForgeControlCommandsNorReadDocuments() throws Exception {
        try (Connection someone = connect("someone", "someone-secret")) {
            Session session = someone.createSession(false, Session.AUTO_ACKNOWLEDGE);
            assertThatThrownBy(() -> session.createProducer(session.createQueue("documents"))
                    .send(session.createTextMessage("{}"))).isInstanceOf(JMSSecurityException.class);
            assertThatThrownBy(() -> session.createProducer(session.createTopic("documents.control"))
                    .send(session.createTextMessage("collection process complete"))).isInstanceOf(
                            JMSSecurityException.class);
            assertThatThrownBy(() -> session.createConsumer(session.createQueue("documents")))
                    .isInstanceOf(JMSSecurityException.class);
        }
        // a worker takes requests; it does not make them
        try (Connection worker = connect("worker", "worker-secret")) {
            Session session = worker.createSession(false, Session.AUTO_ACKNOWLEDGE);
            assertThatThrownBy(() -> session.createProducer(session.createQueue("documents"))
                    .send(session.createTextMessage("{}"))).isInstanceOf(JMSSecurityException.class);
            // nor does it answer anywhere but a caller's temporary queue
            assertThatThrownBy(() -> session.createProducer(session.createQueue("payments"))
                    .send(session.createTextMessage("{}"))).isInstanceOf(JMSSecurityException.class);
        }
        assertRefused("caller", "wrong");
        assertRefused(null, null);
    }

    /**
     * The broker refuses the credentials. The client mostly hears it as {@link JMSSecurityException}; but the broker
     * also closes the refused connection, and when the close reaches the client before the refusal does, the client
     * reports its transport's failure ("Disposed due to prior exception") instead. Either way the broker itself must
     * have refused the connection for its credentials.
     */
    private static void assertRefused(String user, String password) {
        REFUSED.clear();
        assertThatThrownBy(() -> connect(user, password).close()).isInstanceOf(JMSException.class);
        assertThat(REFUSED).containsExactly(String.valueOf(user));
    }

    /** Outermost plugin: notes each connection the authentication plugin refuses. */
    private static final class RecordRefusals extends org.apache.activemq.broker.BrokerFilter {
        RecordRefusals(org.apache.activemq.broker.Broker next) {
            super(next);
        }

        @Override
        public void addConnection(org.apache.activemq.broker.ConnectionContext context,
                                  org.apache.activemq.command.ConnectionInfo info) throws Exception {
            try {
                super.addConnection(context, info);
            } catch (SecurityException e) {
                REFUSED.add(String.valueOf(info.getUserName()));
                throw e;
            }
        }
    }

    private static Connection connect(String user, String password) throws JMSException {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(user, password, url());
        // a peer probing its rights does not need the advisory topics (which it may not read either)
        factory.setWatchTopicAdvisories(false);
        Connection c = factory.createConnection();
        try {
            c.start();
        } catch (JMSException e) {
            c.close();
            throw e;
        }
        return c;
    }

    /** The broker plugins the example file describes, its ${…} passwords filled in. */
    static BrokerPlugin[] plugins(Path file) throws Exception {
        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        List<AuthenticationUser> users = new ArrayList<>();
        NodeList userNodes = xml.getElementsByTagName("authenticationUser");
        for (int i = 0; i < userNodes.getLength(); i++) {
            Element u = (Element) userNodes.item(i);
            String password = u.getAttribute("password").replaceAll("^\\$\\{(.*)}$", "$1");
            users.add(new AuthenticationUser(u.getAttribute("username"), PASSWORDS.get(password),
                    u.getAttribute("groups")));
        }
        SimpleAuthenticationPlugin authentication = new SimpleAuthenticationPlugin(users);
        authentication.setAnonymousAccessAllowed(Boolean.parseBoolean(((Element) xml
                .getElementsByTagName("simpleAuthenticationPlugin").item(0)).getAttribute("anonymousAccessAllowed")));
        List<DestinationMapEntry> entries = new ArrayList<>();
        NodeList entryNodes = xml.getElementsByTagName("authorizationEntry");
        for (int i = 0; i < entryNodes.getLength(); i++) {
            Element e = (Element) entryNodes.item(i);
            AuthorizationEntry entry = new AuthorizationEntry();
            if (e.hasAttribute("queue")) {
                entry.setQueue(e.getAttribute("queue"));
            } else {
                entry.setTopic(e.getAttribute("topic"));
            }
            entry.setRead(e.getAttribute("read"));
            entry.setWrite(e.getAttribute("write"));
            entry.setAdmin(e.getAttribute("admin"));
            entries.add(entry);
        }
        DefaultAuthorizationMap map = new DefaultAuthorizationMap(entries);
        NodeList tempNodes = xml.getElementsByTagName("tempDestinationAuthorizationEntry");
        Element t = (Element) tempNodes.item(tempNodes.getLength() - 1);
        TempDestinationAuthorizationEntry temp = new TempDestinationAuthorizationEntry();
        temp.setRead(t.getAttribute("read"));
        temp.setWrite(t.getAttribute("write"));
        temp.setAdmin(t.getAttribute("admin"));
        map.setTempDestinationAuthorizationEntry(temp);
        return new BrokerPlugin[] { authentication, new AuthorizationPlugin(map) };
    }
}
