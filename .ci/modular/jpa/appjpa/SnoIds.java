package appjpa;

import dev.sno.jdbc.hibernate.SnoGeneratedIds;
import org.hibernate.boot.ResourceStreamLocator;
import org.hibernate.boot.spi.AdditionalMappingContributions;
import org.hibernate.boot.spi.AdditionalMappingContributor;
import org.hibernate.boot.spi.InFlightMetadataCollector;
import org.hibernate.boot.spi.MetadataBuildingContext;

/**
 * On the module path Hibernate finds no META-INF/services in the sno-jdbc module: this module
 * provides the contributor behind @SnoGeneratedId itself, delegating to sno's.
 */
public final class SnoIds implements AdditionalMappingContributor {

    private final SnoGeneratedIds delegate = new SnoGeneratedIds();

    @Override
    public void contribute(AdditionalMappingContributions contributions, InFlightMetadataCollector metadata,
            ResourceStreamLocator resources, MetadataBuildingContext context) {
        delegate.contribute(contributions, metadata, resources, context);
    }
}
