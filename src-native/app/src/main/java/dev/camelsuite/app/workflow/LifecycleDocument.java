package dev.camelsuite.app.workflow;

import java.util.List;

import dev.camelsuite.workflow.model.Milestone;

/** {@code <lifecycle objectId="…"><milestone date="…" version="1">submitted</milestone>…</lifecycle>} */
final class LifecycleDocument {

    private LifecycleDocument() {
    }

    static String of(String objectId, List<Milestone> milestones) {
        XmlOutput xml = new XmlOutput().start("lifecycle").attribute("objectId", objectId);
        for (Milestone m : milestones) {
            xml.start("milestone").attribute("date", ServiceTimes.xml(m.date()))
                    .attribute("version", String.valueOf(m.version())).text(m.name()).end();
        }
        return xml.end().finish();
    }
}
