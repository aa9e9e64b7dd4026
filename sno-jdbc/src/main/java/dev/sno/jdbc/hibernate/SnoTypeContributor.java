package dev.sno.jdbc.hibernate;

import org.hibernate.boot.model.TypeContributions;
import org.hibernate.boot.model.TypeContributor;
import org.hibernate.service.ServiceRegistry;

/**
 * Registers {@link SnoIdJavaType} with Hibernate, which finds this contributor through
 * {@code META-INF/services}: {@code SnoId} attributes and identifiers then need no annotation.
 */
@SuppressWarnings("exports") // Hibernate is an optional, non-transitive dependency: the user requires it
public final class SnoTypeContributor implements TypeContributor {

    /** Created by Hibernate's service loading. */
    public SnoTypeContributor() {
    }

    /**
     * Contributes the {@code SnoId} type.
     *
     * @param contributions    where to register it
     * @param serviceRegistry  Hibernate's services
     */
    @Override
    public void contribute(TypeContributions contributions, ServiceRegistry serviceRegistry) {
        contributions.contributeJavaType(SnoIdJavaType.INSTANCE);
    }
}
