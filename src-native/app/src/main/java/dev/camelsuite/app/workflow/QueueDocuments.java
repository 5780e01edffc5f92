package dev.camelsuite.app.workflow;

import java.util.List;

import dev.camelsuite.workflow.model.Step;

/** The workflow service's XML answers of {@code /workflow_queue}: objects, lanes, and queued steps. */
final class QueueDocuments {

    private QueueDocuments() {
    }

    /** {@code <objects count="2"><object id="druid:…"/>…</objects>} */
    static String objects(List<String> objectIds) {
        XmlOutput xml = new XmlOutput().start("objects").attribute("count", String.valueOf(objectIds.size()));
        for (String id : objectIds) {
            xml.empty("object").attribute("id", id);
        }
        return xml.end().finish();
    }

    /** {@code <lanes><lane id="default"/>…</lanes>} */
    static String lanes(List<String> lanes) {
        XmlOutput xml = new XmlOutput().start("lanes");
        for (String lane : lanes) {
            xml.empty("lane").attribute("id", lane);
        }
        return xml.end().finish();
    }

    /** {@code <workflows><workflow name="accessionWF" process="shelve" druid="druid:…" laneId="default"/>…</workflows>} */
    static String queuedSteps(List<Step> steps) {
        XmlOutput xml = new XmlOutput().start("workflows");
        for (Step s : steps) {
            xml.empty("workflow").attribute("name", s.workflow()).attribute("process", s.process())
                    .attribute("druid", s.objectId()).attribute("laneId", s.lane());
        }
        return xml.end().finish();
    }
}
