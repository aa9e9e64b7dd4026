package dev.sno.jdbc.hibernate;

import dev.sno.Sno;
import java.lang.reflect.Member;
import java.util.EnumSet;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.hibernate.id.factory.spi.CustomIdGeneratorCreationContext;

/**
 * The generator behind {@link SnoGeneratedId}: each insert gets {@code Sno.next(meta)}.
 */
@SuppressWarnings("exports") // Hibernate is an optional, non-transitive dependency: the user requires it
public final class SnoIdGenerator implements BeforeExecutionGenerator {

    private static final long serialVersionUID = 1L;

    /** The metabyte of the generated IDs. */
    private final int meta;

    /**
     * Created by Hibernate for an identifier annotated with {@link SnoGeneratedId}.
     *
     * @param config   the annotation
     * @param member   the annotated field or getter
     * @param context  Hibernate's context
     * @throws IllegalArgumentException if the metabyte is out of range
     */
    public SnoIdGenerator(SnoGeneratedId config, Member member, CustomIdGeneratorCreationContext context) {
        int m = config.meta();
        if (m < 0 || m > 255) {
            throw new IllegalArgumentException("@SnoGeneratedId meta must be in [0, 255]: meta=" + m + " on "
                    + member.getDeclaringClass().getName() + "." + member.getName());
        }
        this.meta = m;
    }

    /**
     * A new ID.
     *
     * @param session       the session
     * @param owner         the entity
     * @param currentValue  the current identifier value, ignored
     * @param eventType     the event, an insert
     * @return {@code Sno.next(meta)}
     */
    @Override
    public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
            EventType eventType) {
        return Sno.next(meta);
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
