package dev.sno.jdbc.hibernate;

import org.hibernate.generator.Generator;
import org.hibernate.mapping.SimpleValue;

/**
 * Hibernate ORM 6.6's way to give an identifier its generator. Its lambda is an
 * {@code IdentifierGeneratorCreator}, a type Hibernate 7 removed: this class is loaded only when
 * {@link SnoGeneratedIds} finds no Hibernate 7 setter.
 */
final class Hibernate66Ids {

    private Hibernate66Ids() {
    }

    /** {@code value.setCustomIdGeneratorCreator(context -> generator)}, on Hibernate 6.6. */
    static void setIdentifierGenerator(SimpleValue value, Generator generator) {
        value.setCustomIdGeneratorCreator(context -> generator);
    }
}
