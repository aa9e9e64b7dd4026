package dev.sno.jdbc.hibernate;

import dev.sno.Sno;
import dev.sno.SnoGeneratedId;
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
 * The generator behind {@link SnoGeneratedId}, made by {@link SnoGeneratedIds}: an insert gets
 * {@code generator.next(meta)} where the entity holds null, and keeps a value the application
 * set, on an identifier as on any other attribute. For an identifier that takes
 * {@link #allowAssignedIdentifiers()}, which Hibernate 6.5 and later read: it then hands the
 * current identifier to {@link #generate}, and decides whether an entity with an identifier is
 * new by looking for its row rather than by the identifier's being null (unsaved-value
 * {@code undefined}), so {@code persist} and {@code merge} of an entity whose key was set by hand
 * insert it with that key.
 */
final class SnoIdGenerator implements BeforeExecutionGenerator {

    private static final long serialVersionUID = 1L;

    /** The metabyte of the generated IDs. */
    private final int meta;

    /** The supplier class the annotation names; null for {@link Sno#generator()}. */
    private final Class<? extends Supplier<? extends SnoGenerator>> supplierClass;

    /** The supplier from Hibernate's bean container, looked up on the first insert. */
    private transient volatile ManagedBean<? extends Supplier<? extends SnoGenerator>> supplier;

    /** Whether the attribute is the identifier: then it allows assigned identifiers. */
    private final boolean identifier;

    /**
     * A generator for one attribute.
     *
     * @param meta           the metabyte, already checked to be 0..255
     * @param supplierClass  the supplier the annotation names, or null for {@link Sno#generator()}
     * @param identifier     whether the attribute is the entity's identifier
     */
    SnoIdGenerator(int meta, Class<? extends Supplier<? extends SnoGenerator>> supplierClass, boolean identifier) {
        this.meta = meta;
        this.supplierClass = supplierClass;
        this.identifier = identifier;
    }

    /**
     * A new ID.
     *
     * @param session       the session, whose factory's bean container provides a named supplier
     * @param owner         the entity
     * @param currentValue  the attribute's current value (for an identifier, the one the
     *                      application assigned): kept if not null
     * @param eventType     the event, an insert
     * @return {@code generator.next(meta)}, or the value kept
     * @throws IllegalStateException if the named supplier returns null
     */
    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
            EventType eventType) {
        if (currentValue != null) {
            return currentValue;
        }
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
     * Whether an identifier set by the application is kept: true for an identifier. Hibernate
     * then passes the current identifier to {@link #generate}, and finds out whether an entity
     * with an identifier is new by looking for its row.
     *
     * @return whether this generates an identifier
     */
    @Override
    public boolean allowAssignedIdentifiers() {
        return identifier;
    }

    @Override
    public String toString() {
        return "SnoIdGenerator[meta=" + meta + (supplierClass == null ? "" : ", generator=" + supplierClass.getName())
                + "]";
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
