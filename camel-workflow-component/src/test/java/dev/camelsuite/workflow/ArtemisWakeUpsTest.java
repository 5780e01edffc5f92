package dev.camelsuite.workflow;

import dev.camelsuite.testbrokers.BrokerProcess;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Robots woken by step events on a JMS topic of ActiveMQ Artemis 2.40.0, clients on its OpenWire acceptor. */
class ArtemisWakeUpsTest extends WakeUpsOnOtherBrokerTests {

    @RegisterExtension
    static final BrokerProcess BROKER = BrokerProcess.artemis();

    @Override
    protected BrokerProcess broker() {
        return BROKER;
    }
}
