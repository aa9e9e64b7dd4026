package dev.sno.jdbc.hibernate;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import org.hibernate.boot.ResourceStreamLocator;
import org.hibernate.boot.spi.AdditionalMappingContributions;
import org.hibernate.boot.spi.AdditionalMappingContributor;
import org.hibernate.boot.spi.InFlightMetadataCollector;
import org.hibernate.boot.spi.MetadataBuildingContext;
import org.hibernate.generator.Generator;
import org.hibernate.mapping.Component;
import org.hibernate.mapping.GeneratorCreator;
import org.hibernate.mapping.PersistentClass;
import org.hibernate.mapping.Property;
import org.hibernate.mapping.RootClass;
import org.hibernate.mapping.SimpleValue;

/**
 * Gives every attribute marked with {@link SnoGeneratedId} its generator: the identifier, and
 * any other {@code SnoId} attribute of an entity or of an embeddable it holds. Hibernate finds
 * it through its {@code AdditionalMappingContributor} service ({@code META-INF/services}) and
 * calls it once the annotations are bound and before it makes any generator (Hibernate makes the
 * identifier generators while it completes the metadata, so an {@code Integrator}, which runs
 * later, would be too late). So the annotation itself needs no Hibernate meta-annotation, and
 * compiles clean in applications without Hibernate.
 *
 * <p>An identifier gets a custom identifier generator, exactly what Hibernate's own
 * {@code @IdGeneratorType} would give it; any other attribute gets a value generator, what
 * {@code @ValueGenerationType} would. The identifier's setter takes a different functional
 * interface in Hibernate 6.6 ({@code IdentifierGeneratorCreator}) and 7
 * ({@code GeneratorCreator}): each version is given the one it takes.
 *
 * <p>A misplaced annotation stops the bootstrap with an {@link IllegalArgumentException} naming
 * the attribute: a metabyte outside 0..255, or an attribute that is not a {@code SnoId}.
 */
@SuppressWarnings("exports") // Hibernate is an optional, non-transitive dependency: the user requires it
public final class SnoGeneratedIds implements AdditionalMappingContributor {

    /** Created by Hibernate's {@code ServiceLoader}. */
    public SnoGeneratedIds() {
    }

    /**
     * The name in Hibernate's log.
     *
     * @return {@code "sno @SnoGeneratedId"}
     */
    @Override
    public String getContributorName() {
        return "sno @SnoGeneratedId";
    }

    /**
     * Sets the generators of the marked attributes of every entity; contributes no mapping.
     *
     * @param contributions    unused
     * @param metadata         the bound mapping
     * @param resources        unused
     * @param buildingContext  unused
     * @throws IllegalArgumentException if an annotation has a metabyte out of range or marks an
     *                                  attribute that is not a {@code SnoId}
     */
    @Override
    public void contribute(AdditionalMappingContributions contributions, InFlightMetadataCollector metadata,
            ResourceStreamLocator resources, MetadataBuildingContext buildingContext) {
        for (PersistentClass entity : metadata.getEntityBindings()) {
            Class<?> type = entity.getMappedClass();
            if (type == null) {
                continue; // a dynamic-map entity: no Java members to annotate
            }
            if (entity instanceof RootClass root && root.getIdentifierProperty() != null) {
                Property id = root.getIdentifierProperty();
                SnoGeneratedId config = annotation(type, id);
                if (config != null && id.getValue() instanceof SimpleValue value) {
                    setIdentifierGenerator(value, generator(config, type, id, true));
                }
            }
            for (Property property : entity.getProperties()) {
                mark(type, property);
            }
        }
    }

    /** Gives the property a value generator if it is marked; descends into embeddables. */
    private static void mark(Class<?> owner, Property property) {
        if (property.getValue() instanceof Component component && component.getComponentClass() != null) {
            for (Property nested : component.getProperties()) {
                mark(component.getComponentClass(), nested);
            }
            return;
        }
        SnoGeneratedId config = annotation(owner, property);
        if (config != null) {
            SnoIdGenerator generator = generator(config, owner, property, false);
            property.setValueGeneratorCreator(context -> generator);
        }
    }

    /** The annotation on the attribute's field or getter, as Hibernate accesses it; else null. */
    private static SnoGeneratedId annotation(Class<?> owner, Property property) {
        Member member = property.getGetter(owner).getMember();
        return member instanceof AnnotatedElement element ? element.getAnnotation(SnoGeneratedId.class) : null;
    }

    /** The generator the annotation describes, once its metabyte and attribute type are checked. */
    private static SnoIdGenerator generator(SnoGeneratedId config, Class<?> owner, Property property,
            boolean identifier) {
        String attribute = owner.getName() + "." + property.getName();
        if (config.meta() < 0 || config.meta() > 255) {
            throw new IllegalArgumentException("@SnoGeneratedId meta must be in [0, 255]: meta=" + config.meta()
                    + " on " + attribute);
        }
        Class<?> type = property.getGetter(owner).getReturnTypeClass();
        if (type != SnoId.class) {
            throw new IllegalArgumentException("@SnoGeneratedId marks " + attribute + " of type " + type.getName()
                    + ": only a dev.sno.SnoId attribute can be generated");
        }
        return new SnoIdGenerator(config.meta(),
                config.generator() == SnoGeneratedId.Installed.class ? null : config.generator(), identifier);
    }

    /**
     * {@code value.setCustomIdGeneratorCreator(creator)}: Hibernate 7's method takes a
     * {@link GeneratorCreator}, called here by reflection as this module compiles against 6.6;
     * Hibernate 6.6's takes an {@code IdentifierGeneratorCreator}, a type only
     * {@link Hibernate66Ids} names (so that Hibernate 7 never loads it).
     */
    private static void setIdentifierGenerator(SimpleValue value, Generator generator) {
        Method hibernate7;
        try {
            hibernate7 = SimpleValue.class.getMethod("setCustomIdGeneratorCreator", GeneratorCreator.class);
        } catch (NoSuchMethodException e) {
            Hibernate66Ids.setIdentifierGenerator(value, generator);
            return;
        }
        GeneratorCreator creator = context -> generator;
        try {
            hibernate7.invoke(value, creator);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("@SnoGeneratedId: cannot set the identifier generator of " + value, e);
        }
    }
}
