package dev.sno.spring.boot;

import dev.sno.jdbc.lease.JdbcPartitionLeases;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.beans.factory.InitializingBean;

/**
 * Creates the lease table at startup when {@code sno.lease.initialize-schema} says so
 * ({@code CREATE ... IF NOT EXISTS}). It depends on database initialization, so it runs after
 * Flyway, Liquibase and Spring's script initializer, and the generator bean, which depends on it,
 * looks for the table after all of them. It is deliberately not a database initializer in Spring
 * Boot's sense: JPA's entity manager factory waits for those, and with
 * {@code spring.jpa.defer-datasource-initialization=true} the script initializer waits for JPA,
 * which would close a cycle through this bean. Creates nothing when leasing is turned off or
 * another setting fixes the partition, and never on an in-memory database (sno never leases
 * there).
 */
final class SnoLeaseSchemaInitializer implements InitializingBean {

    private final SnoGeneratorFactory factory;
    private final SnoProperties.InitializeSchema mode;
    private final DataSource dataSource;

    SnoLeaseSchemaInitializer(SnoGeneratorFactory factory, SnoProperties.InitializeSchema mode, DataSource dataSource) {
        this.factory = factory;
        this.mode = mode;
        this.dataSource = dataSource;
    }

    @Override
    public void afterPropertiesSet() throws SQLException {
        if (mode != SnoProperties.InitializeSchema.ALWAYS || dataSource == null
                || Boolean.FALSE.equals(factory.leaseWanted())) {
            return; // EMBEDDED: sno never leases on an in-memory database, so there is nothing to create
        }
        factory.check();
        SnoDatabase db;
        try {
            db = SnoDatabase.of(dataSource);
        } catch (SQLException e) {
            return; // the generator bean reports the unreachable database, with what to do
        }
        if (db.embedded() || !db.leasable() || JdbcPartitionLeases.tableExists(dataSource)) {
            return;
        }
        JdbcPartitionLeases.createTable(dataSource);
        SnoGeneratorFactory.LOG.info("sno: created the table sno_partition_lease in " + db
                + " (sno.lease.initialize-schema=always)");
    }
}
