package dev.sno.quarkus;

import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.runtime.AgroalDataSourceUtil;
import io.quarkus.datasource.common.runtime.DataSourceUtil;
import jakarta.inject.Singleton;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The application's Agroal datasources, for the {@code jdbc} lease store: a bean only when the
 * application has quarkus-agroal (the deployment module registers it then), so that the extension
 * runs without it.
 */
@Singleton
final class SnoAgroal {

    /**
     * The active datasource of that name ({@code sno.lease.datasource}), else the default one.
     *
     * @param name  the datasource's name, or null for the default datasource
     * @return the datasource, or empty if it is missing or inactive
     */
    Optional<DataSource> find(String name) {
        try {
            Optional<AgroalDataSource> ds = AgroalDataSourceUtil.dataSourceIfActive(name == null
                    ? DataSourceUtil.DEFAULT_DATASOURCE_NAME : name);
            return ds.map(DataSource.class::cast);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }
}
