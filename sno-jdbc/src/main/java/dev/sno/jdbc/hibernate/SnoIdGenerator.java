package dev.sno.jdbc.hibernate;

import dev.sno.Sno;
import dev.sno.SnoGenerator;
import java.util.EnumSet;
import java.util.function.Supplier;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.hibernate.resource.beans.spi.ManagedBean;
import org.hibernate.resource.beans.spi.ManagedBeanRegistry;

/**
 * The generator behind {@link SnoGeneratedId}: each insert gets {@code generator.next(meta)}.
 *
 * <p>Hibernate ORM 6.6 and 7 both create it through the constructor that takes only the
 * annotation. (Hibernate 6's three-argument form with a {@code CustomIdGeneratorCreationContext}
 * is gone in Hibernate 7, and {@code AnnotationBasedGenerator.initialize} with a member is
 * deprecated for removal there.)
 */
@SuppressWarnings("exports") // Hibernate is an optional, non-transitive dependency: the user requires it
public final class SnoIdGenerator implements BeforeExecutionGenerator {

    private static final long serialVersionUID = 1L;

    /** The metabyte of the generated IDs. */
    private final int meta;

    /** The supplier class the annotation names; null for {@link Sno#generator()}. */
    private final Class<? extends Supplier<? extends SnoGenerator>> supplierClass;

    /** The supplier from Hibernate's bean container, looked up on the first insert. */
    private transient volatile ManagedBean<? extends Supplier<? extends SnoGenerator>> supplier;

    /**
     * Created by Hibernate for an identifier annotated with {@link SnoGeneratedId}.
     *
     * @param config  the annotation
     * @throws IllegalArgumentException if the metabyte is out of range
     */
    public SnoIdGenerator(SnoGeneratedId config) {
        int m = config.meta();
        if (m < 0 || m > 255) {
            throw new IllegalArgumentException("@SnoGeneratedId meta must be in [0, 255]: meta=" + m);
        }
        this.meta = m;
        this.supplierClass = config.generator() == SnoGeneratedId.Installed.class ? null : config.generator();
    }

    /**
     * A new ID.
     *
     * @param session       the session, whose factory's bean container provides a named supplier
     * @param owner         the entity
     * @param currentValue  the current identifier value, ignored
     * @param eventType     the event, an insert
     * @return {@code generator.next(meta)}
     * @throws IllegalStateException if the named supplier returns null
     */
    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
            EventType eventType) {
        if (supplierClass == null) {
            return Sno.generator().next(meta);
        }
        ManagedBean<? extends Supplier<? extends SnoGenerator>> bean = supplier;
        if (bean == null) {
            bean = session.getFactory().getServiceRegistry().getService(ManagedBeanRegistry.class)
                    .getBean(supplierClass);
            supplier = bean;
        }
        SnoGenerator generator = bean.getBeanInstance().get();
        if (generator == null) {
            throw new IllegalStateException("@SnoGeneratedId generator supplier " + supplierClass.getName()
                    + " returned null");
        }
        return generator.next(meta);
    }

    /**
     * Inserts only.
     *
     * @return the insert event
     */
    @Override
    public EnumSet<EventType> getEventTypes() {
        return EventTypeSets.INSERT_ONLY;
    }
}
