package dev.sno.spring.boot.r2dbc;

import java.util.UUID;

/** Spring Data R2DBC with the starter on H2 (r2dbc-h2, a new in-memory database for each context). */
class SnoR2dbcH2Test extends SnoR2dbcChecks {

    @Override
    String[] database() {
        return new String[] {"spring.r2dbc.url=r2dbc:h2:mem:///sno_r2dbc_" + UUID.randomUUID().toString().substring(0, 8)
                + "?options=DB_CLOSE_DELAY=-1"};
    }

    @Override
    String uuidType() {
        return "UUID";
    }

    @Override
    String binaryType() {
        return "BINARY(16)";
    }
}
