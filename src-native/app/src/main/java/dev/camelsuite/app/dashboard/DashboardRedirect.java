package dev.camelsuite.app.dashboard;

import java.net.URI;

import dev.camelsuite.app.security.Needs;
import dev.camelsuite.app.security.Role;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/** {@code /dashboard} without its slash: the page is the folder's {@code index.html}, so send the browser there. */
@Path("/dashboard")
public class DashboardRedirect {

    @Needs(Role.READER)
    @GET
    public Response toThePage() {
        return Response.status(Response.Status.MOVED_PERMANENTLY).location(URI.create("/dashboard/")).build();
    }
}
