package dev.camelsuite.enhancer.remote;

import dev.camelsuite.testbrokers.BrokerProcess;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Remote mode on ActiveMQ Classic 5.17.6 (Debian's package). */
class Classic5EnhancerTest extends EnhancerOnOtherBrokerTests {

    @RegisterExtension
    static final BrokerProcess BROKER = BrokerProcess.classic5();

    @Override
    protected BrokerProcess broker() {
        return BROKER;
    }
}
