package dev.sno.mybatis;

import dev.sno.SnoGeneratedId;
import dev.sno.SnoId;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.ibatis.reflection.property.PropertyNamer;

/**
 * The {@link SnoGeneratedId} members of a class, as MyBatis property names: marked fields (of the
 * class and its superclasses) and marked getters or setters, of the class, its superclasses and
 * every interface they implement (an interface's abstract getter included: the class's setter or
 * field then takes the value). Reading annotations needs no access to the class's package;
 * MyBatis' own reflection then gets and sets the values.
 */
final class GeneratedIdMembers {

    /** One marked property. */
    record Member(String property, SnoGeneratedId config) {
    }

    private GeneratedIdMembers() {
    }

    /**
     * The marked properties of a class, each once (a field and its getter both marked count once,
     * the first found wins).
     *
     * @throws IllegalArgumentException if a marked member is not of type SnoId, or a marked method
     *                                  is not a getter or setter
     */
    static List<Member> of(Class<?> type) {
        if (type.isPrimitive() || type.isArray() || type.getName().startsWith("java.")) {
            return List.of();
        }
        Map<String, Member> found = new LinkedHashMap<>();
        Deque<Class<?>> interfaces = new ArrayDeque<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                SnoGeneratedId config = f.getAnnotation(SnoGeneratedId.class);
                if (config == null || Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                if (f.getType() != SnoId.class) {
                    throw new IllegalArgumentException("@SnoGeneratedId on " + c.getName() + "." + f.getName()
                            + ", which is a " + f.getType().getName() + ", not a dev.sno.SnoId");
                }
                checkMeta(config, c.getName() + "." + f.getName());
                found.putIfAbsent(f.getName(), new Member(f.getName(), config));
            }
            addMethods(c, found);
            interfaces.addAll(List.of(c.getInterfaces()));
        }
        Set<Class<?>> seen = new HashSet<>();
        while (!interfaces.isEmpty()) {
            Class<?> i = interfaces.removeFirst();
            if (seen.add(i)) {
                addMethods(i, found);
                interfaces.addAll(List.of(i.getInterfaces()));
            }
        }
        return List.copyOf(found.values());
    }

    /** Adds the marked getters and setters a class or interface declares. */
    private static void addMethods(Class<?> c, Map<String, Member> found) {
        for (Method m : c.getDeclaredMethods()) {
            SnoGeneratedId config = m.getAnnotation(SnoGeneratedId.class);
            if (config == null || Modifier.isStatic(m.getModifiers()) || m.isBridge()) {
                continue;
            }
            String property = property(c, m);
            checkMeta(config, c.getName() + "." + m.getName() + "()");
            found.putIfAbsent(property, new Member(property, config));
        }
    }

    private static String property(Class<?> owner, Method m) {
        boolean getter = m.getParameterCount() == 0 && m.getReturnType() == SnoId.class;
        boolean setter = m.getParameterCount() == 1 && m.getParameterTypes()[0] == SnoId.class;
        String where = "@SnoGeneratedId on " + owner.getName() + "." + m.getName() + "()";
        if (owner.isRecord() && getter) {
            return m.getName();
        }
        if (!(getter && PropertyNamer.isGetter(m.getName()) || setter && PropertyNamer.isSetter(m.getName()))) {
            throw new IllegalArgumentException(where + ", which is not a getter or setter of a dev.sno.SnoId property");
        }
        return PropertyNamer.methodToProperty(m.getName());
    }

    /** Refuses a metabyte outside 0..255, naming it and the member, as sno-jdbc's Hibernate support does. */
    private static void checkMeta(SnoGeneratedId config, String member) {
        if (config.meta() < 0 || config.meta() > 255) {
            throw new IllegalArgumentException("@SnoGeneratedId meta must be in [0, 255]: meta=" + config.meta()
                    + " on " + member);
        }
    }
}
