package dev.sno.quarkus;

import dev.sno.config.ProblemBody;
import jakarta.ws.rs.core.Response;

/**
 * RFC 9457 problem details for requests that carry a malformed sno ID: the body is sno-core's
 * {@link ProblemBody} (the one the Micronaut module writes too), with {@code type}, {@code title},
 * {@code status}, {@code detail} and the extension members {@code parameter} and {@code in} where
 * known.
 */
final class Problems {

    /** The media type of a problem body. */
    static final String MEDIA_TYPE = ProblemBody.MEDIA_TYPE;

    private Problems() {
    }

    /**
     * A 400 answer.
     *
     * @param detail     what is wrong, naming the value; escaped and bounded by {@link ProblemBody},
     *                   since it may quote what the client sent
     * @param parameter  the request parameter's name, or null
     * @param in         where the parameter is (path, query, header, form, cookie, body), or null
     */
    static Response badRequest(String detail, String parameter, String in) {
        String body = ProblemBody.badRequest(ProblemBody.INVALID_ID, detail, null, parameter, in);
        return Response.status(Response.Status.BAD_REQUEST).type(MEDIA_TYPE).entity(body).build();
    }
}
