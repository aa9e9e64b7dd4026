package dev.sno.example.mariadb.r2dbc;

import java.util.UUID;
import org.springframework.context.ApplicationContext;
import org.springframework.r2dbc.core.DatabaseClient;

/** What the running application's R2DBC driver does with the types the starter's conversions meet. */
final class DriverTypes {

    private DriverTypes() {
    }

    /** The Java type the driver reads a BINARY(16) column as, when asked for no type. */
    static Class<?> binaryColumnType(ApplicationContext ctx) {
        return ctx.getBean(DatabaseClient.class).sql("SELECT id FROM events LIMIT 1")
                .map(row -> row.get("id")).one().map(Object::getClass).block();
    }

    /** Inserts an event whose id is bound as a java.util.UUID, as the starter writes IDs without sno.data.binary-ids. */
    static Long insertWithUuid(ApplicationContext ctx, UUID id) {
        return ctx.getBean(DatabaseClient.class).sql("INSERT INTO events (id, title) VALUES (:id, 'uuid')")
                .bind("id", id).fetch().rowsUpdated().block();
    }

    /** The innermost cause. */
    static Throwable rootCause(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }
}
