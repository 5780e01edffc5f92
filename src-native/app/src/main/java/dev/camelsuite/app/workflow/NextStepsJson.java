package dev.camelsuite.app.workflow;

import java.util.List;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.camelsuite.workflow.model.Step;

/**
 * The answer of a step update, in the workflow service's shape: {@code {"next_steps":[…]}}, each step with the
 * service's column names ({@code druid}, {@code workflow}, {@code process}, {@code status}, {@code error_msg},
 * {@code error_txt}, {@code attempts}, {@code lifecycle}, {@code elapsed}, {@code version}, {@code note},
 * {@code lane_id}, {@code created_at}, {@code updated_at}, {@code active_version}, {@code completed_at}).
 */
final class NextStepsJson {

    private NextStepsJson() {
    }

    static String of(List<Step> next) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        ObjectNode answer = json.objectNode();
        ArrayNode steps = answer.putArray("next_steps");
        for (Step s : next) {
            steps.addObject().put("druid", s.objectId()).put("workflow", s.workflow()).put("process", s.process())
                    .put("status", s.status()).put("error_msg", s.errorMessage()).put("error_txt", s.errorText())
                    .put("attempts", s.attempts()).put("lifecycle", s.lifecycle()).put("elapsed", s.elapsed())
                    .put("version", s.version()).put("note", s.note()).put("lane_id", s.lane())
                    .put("created_at", ServiceTimes.json(s.createdAt()))
                    .put("updated_at", ServiceTimes.json(s.statusAt())).put("active_version", s.active())
                    .put("completed_at", ServiceTimes.json(s.completedAt()));
        }
        return answer.toString();
    }
}
