package dev.camelsuite.workflow;

import dev.camelsuite.testbrokers.BrokerProcess;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Robots woken by step events on a JMS topic of ActiveMQ Classic 5.17.6 (Debian's package). */
class Classic5WakeUpsTest extends WakeUpsOnOtherBrokerTests {

    @RegisterExtension
    static final BrokerProcess BROKER = BrokerProcess.classic5();

    @Override
    protected BrokerProcess broker() {
        return BROKER;
    }
}
