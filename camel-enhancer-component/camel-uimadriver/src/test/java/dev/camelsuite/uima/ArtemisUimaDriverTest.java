package dev.camelsuite.uima;

import dev.camelsuite.testbrokers.BrokerProcess;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The uimadriver client and a served route on ActiveMQ Artemis 2.40.0, clients on its OpenWire acceptor. */
class ArtemisUimaDriverTest extends UimaDriverOnOtherBrokerTests {

    @RegisterExtension
    static final BrokerProcess BROKER = BrokerProcess.artemis();

    @Override
    protected BrokerProcess broker() {
        return BROKER;
    }
}
