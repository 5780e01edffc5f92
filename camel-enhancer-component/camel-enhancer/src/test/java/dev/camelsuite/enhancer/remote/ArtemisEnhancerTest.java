package dev.camelsuite.enhancer.remote;

import dev.camelsuite.testbrokers.BrokerProcess;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Remote mode on ActiveMQ Artemis 2.40.0, clients on its OpenWire acceptor. */
class ArtemisEnhancerTest extends EnhancerOnOtherBrokerTests {

    @RegisterExtension
    static final BrokerProcess BROKER = BrokerProcess.artemis();

    @Override
    protected BrokerProcess broker() {
        return BROKER;
    }
}
