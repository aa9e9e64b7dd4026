package dev.sno.quarkus.deployment;

import dev.sno.Sno;
import dev.sno.SnoId;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** The application DevModeTest edits while it runs. */
@Path("/dev")
public class DevModeResource {

    @GET
    public String get() {
        SnoId id = Sno.next(1);
        return "v1 " + id.partition();
    }
}
