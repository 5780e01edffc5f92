package dev.camelsuite.uima;

import dev.camelsuite.testbrokers.BrokerProcess;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The uimadriver client and a served route on ActiveMQ Classic 5.17.6 (Debian's package). */
class Classic5UimaDriverTest extends UimaDriverOnOtherBrokerTests {

    @RegisterExtension
    static final BrokerProcess BROKER = BrokerProcess.classic5();

    @Override
    protected BrokerProcess broker() {
        return BROKER;
    }
}
