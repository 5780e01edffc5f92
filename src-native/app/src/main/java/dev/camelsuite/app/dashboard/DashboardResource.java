package dev.camelsuite.app.dashboard;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import dev.camelsuite.app.enhancer.jobs.JobMeters;
import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import dev.camelsuite.app.workflow.WorkflowOperations;
import dev.camelsuite.app.workflow.monitor.WorkflowMonitor;
import dev.camelsuite.workflow.StepStatus;
import dev.camelsuite.workflow.WorkflowStoreUnavailableException;
import dev.camelsuite.workflow.model.HeldStep;
import dev.camelsuite.workflow.model.Step;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

/** The numbers behind the dashboard page ({@code /dashboard/}): the workflow store's counts and the meters. */
@Path("/dashboard/api")
public class DashboardResource {

    static final int DEFAULT_ERRORS = 20;
    /** The most recent errors one answer lists. */
    static final int MAX_ERRORS = 200;
    /** The started steps listed, the longest held first. */
    static final int HELD = 50;

    @Inject
    MeterRegistry meters;

    @Inject
    WorkflowOperations operations;

    @Inject
    JobMeters jobs;

    @Inject
    WorkflowMonitor monitor;

    @Needs(Role.READER)
    @GET
    @Path("status")
    @Produces(MediaType.APPLICATION_JSON)
    public DashboardStatus status(@QueryParam("errors") String errors) throws WorkflowStoreUnavailableException {
        int recentErrors = recentErrors(errors);
        List<DashboardStatus.StepCount> steps = new ArrayList<>();
        Map<String, DashboardStatus.Queue> queues = new LinkedHashMap<>();
        for (var count : operations.counts()) {
            steps.add(new DashboardStatus.StepCount(count.workflow(), count.process(), count.status(), count.count()));
            if (StepStatus.QUEUED.is(count.status()) || StepStatus.RETRYING.is(count.status())) {
                queues.merge(count.workflow() + "/" + count.process(),
                        new DashboardStatus.Queue(count.workflow(), count.process(), count.count()),
                        (a, b) -> new DashboardStatus.Queue(a.workflow(), a.process(), a.ready() + b.ready()));
            }
        }
        List<DashboardStatus.Error> recent = new ArrayList<>();
        for (Step step : operations.recentErrors(recentErrors)) {
            String workflow = workflowLink(step.objectId(), step.workflow());
            recent.add(new DashboardStatus.Error(step.objectId(), step.workflow(), step.process(), step.version(),
                    step.errorMessage(), step.statusAt().toInstant(), workflow,
                    workflow + "/" + step.process() + "/attempts"));
        }
        List<DashboardStatus.Held> held = new ArrayList<>();
        for (HeldStep step : operations.held(null, HELD)) {
            held.add(new DashboardStatus.Held(step.objectId(), step.workflow(), step.process(), step.version(),
                    step.attempts(), step.heldBy(), step.heldSince() == null ? null : step.heldSince().toInstant(),
                    step.leaseUntil() == null ? null : step.leaseUntil().toInstant(),
                    workflowLink(step.objectId(), step.workflow()) + "/" + step.process() + "/attempts"));
        }
        List<DashboardStatus.EngineTiming> engines = new ArrayList<>();
        for (Timer timer : meters.find("enhancer.engine.time").timers()) {
            engines.add(new DashboardStatus.EngineTiming(timer.getId().getTag("chain"), timer.getId().getTag("engine"),
                    timer.count(), timer.mean(TimeUnit.MILLISECONDS), timer.max(TimeUnit.MILLISECONDS)));
        }
        List<DashboardStatus.Overdue> overdue = new ArrayList<>();
        for (var o : monitor.overdue()) {
            overdue.add(new DashboardStatus.Overdue(o.workflow(), o.process(), o.status(), o.count(),
                    o.over().toString().substring(2).toLowerCase()));
        }
        return new DashboardStatus(Instant.now(), steps, List.copyOf(queues.values()), recent, held, engines,
                total("workflow.robot.steps"), total("enhancer.chain.items"), jobs.byState(),
                jobs.oldestWaitingSeconds(), overdue);
    }

    private static String workflowLink(String objectId, String workflow) {
        return "/objects/" + URLEncoder.encode(objectId, StandardCharsets.UTF_8).replace("+", "%20") + "/workflows/"
               + workflow;
    }

    private static int recentErrors(String errors) {
        if (errors == null || errors.isBlank()) {
            return DEFAULT_ERRORS;
        }
        try {
            int n = Integer.parseInt(errors.trim());
            if (n >= 1 && n <= MAX_ERRORS) {
                return n;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw new BadRequestException("Parameter errors must be an integer from 1 to " + MAX_ERRORS + ", not '"
                                      + errors + "'");
    }

    private long total(String counter) {
        double sum = 0;
        for (Counter c : meters.find(counter).counters()) {
            sum += c.count();
        }
        return Math.round(sum);
    }
}
