package dev.sno.micronaut.data;

import dev.sno.Sno;
import dev.sno.SnoGeneratedId;
import dev.sno.SnoGenerator;
import dev.sno.SnoId;
import io.micronaut.context.BeanContext;
import io.micronaut.context.BeanProvider;
import io.micronaut.core.annotation.AnnotationMetadata;
import io.micronaut.core.reflect.InstantiationUtils;
import io.micronaut.data.annotation.event.PrePersist;
import io.micronaut.data.event.EntityEventContext;
import io.micronaut.data.event.EntityEventListener;
import io.micronaut.data.model.runtime.RuntimePersistentEntity;
import io.micronaut.data.model.runtime.RuntimePersistentProperty;
import jakarta.inject.Singleton;
import java.lang.annotation.Annotation;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Gives an entity whose {@code @Id} is a null {@link SnoId} a new ID before Micronaut Data inserts
 * it: from the application's {@link SnoGenerator} bean (else {@link Sno#generator()}), with the metabyte of an optional
 * {@link SnoGeneratedId} on the ID, or from the generator that annotation's supplier names (a
 * bean of that class, else a new instance). An ID already set is kept. Immutable entities
 * (records) get a copy, as Micronaut Data gives them.
 */
@Singleton
final class SnoIdGeneration implements EntityEventListener<Object> {

    /** What an entity's ID needs: the metabyte, and a supplier class or null for the application's generator. */
    private record Plan(int meta, Class<?> supplier) {
    }

    private final BeanProvider<SnoGenerator> generator;
    private final BeanContext beans;
    private final Map<Class<?>, Plan> plans = new ConcurrentHashMap<>();
    private final Map<Class<?>, Supplier<?>> suppliers = new ConcurrentHashMap<>();

    SnoIdGeneration(BeanProvider<SnoGenerator> generator, BeanContext beans) {
        this.generator = generator;
        this.beans = beans;
    }

    @Override
    public boolean supports(RuntimePersistentEntity<Object> entity, Class<? extends Annotation> eventType) {
        RuntimePersistentProperty<Object> id = entity.getIdentity();
        return eventType == PrePersist.class && id != null && id.getType() == SnoId.class;
    }

    @Override
    public boolean prePersist(EntityEventContext<Object> context) {
        RuntimePersistentProperty<Object> id = context.getPersistentEntity().getIdentity();
        if (id == null || id.getProperty().get(context.getEntity()) != null) {
            return true;
        }
        Plan plan = plans.computeIfAbsent(context.getPersistentEntity().getIntrospection().getBeanType(),
                type -> plan(id.getAnnotationMetadata()));
        context.setProperty(id.getProperty(), source(plan).next(plan.meta()));
        return true;
    }

    private static Plan plan(AnnotationMetadata annotations) {
        int meta = annotations.intValue(SnoGeneratedId.class, "meta").orElse(0);
        Class<?> supplier = annotations.classValue(SnoGeneratedId.class, "generator").orElse(null);
        return new Plan(meta, supplier == SnoGeneratedId.Installed.class ? null : supplier);
    }

    private SnoGenerator source(Plan plan) {
        if (plan.supplier() == null) {
            return generator.isPresent() ? generator.get() : Sno.generator();
        }
        Supplier<?> supplier = suppliers.computeIfAbsent(plan.supplier(), this::supplier);
        return (SnoGenerator) supplier.get();
    }

    /** The bean of the supplier class, else a new instance of it. */
    private Supplier<?> supplier(Class<?> type) {
        Object bean = beans.findBean(type).map(Object.class::cast).orElseGet(() -> InstantiationUtils.instantiate(type));
        return (Supplier<?>) bean;
    }
}
