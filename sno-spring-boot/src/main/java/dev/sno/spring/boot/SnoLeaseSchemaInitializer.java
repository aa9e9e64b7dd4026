package dev.sno.spring.boot;

import dev.sno.jdbc.lease.JdbcPartitionLeases;
import java.sql.SQLException;
import java.util.Set;
import javax.sql.DataSource;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.sql.init.dependency.AbstractBeansOfTypeDatabaseInitializerDetector;

/**
 * Creates the lease table at startup when {@code sno.lease.initialize-schema} says so, as a
 * database initializer in Spring Boot's sense: the generator bean, which depends on database
 * initialization, is made after it and after Flyway and Liquibase, so a table that a migration
 * creates is there when the starter looks for it. Creates nothing when leasing is turned off or
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

    /** Tells Spring Boot that this bean initializes the database (META-INF/spring.factories). */
    static final class Detector extends AbstractBeansOfTypeDatabaseInitializerDetector {

        Detector() {
        }

        @Override
        protected Set<Class<?>> getDatabaseInitializerBeanTypes() {
            return Set.of(SnoLeaseSchemaInitializer.class);
        }

        /**
         * Last, after Boot's own detectors (Flyway, Liquibase, JPA, SQL scripts; all ordered 0 or
         * later): with {@code spring.jpa.defer-datasource-initialization=true} Boot makes every other
         * initializer depend on the entity manager factory, so an initializer batched before it
         * would be a circular depends-on.
         */
        @Override
        public int getOrder() {
            return org.springframework.core.Ordered.LOWEST_PRECEDENCE;
        }
    }
}
