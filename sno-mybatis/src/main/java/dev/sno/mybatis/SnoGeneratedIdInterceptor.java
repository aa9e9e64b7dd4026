package dev.sno.mybatis;

import dev.sno.Sno;
import dev.sno.SnoGeneratedId;
import dev.sno.SnoGenerator;
import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.ibatis.executor.Executor;
import org.apache.ibatis.mapping.MappedStatement;
import org.apache.ibatis.mapping.SqlCommandType;
import org.apache.ibatis.plugin.Interceptor;
import org.apache.ibatis.plugin.Intercepts;
import org.apache.ibatis.plugin.Invocation;
import org.apache.ibatis.plugin.Signature;
import org.apache.ibatis.reflection.MetaObject;
import org.apache.ibatis.session.Configuration;

/**
 * A MyBatis plugin that gives new IDs to the null {@link SnoGeneratedId} properties of what an
 * {@code <insert>} (or {@code @Insert}) statement is given, before it runs: the parameter object
 * itself; each element of a {@code Collection} or array parameter (a batch insert with
 * {@code <foreach>}); and, when the mapper method has several or {@code @Param} parameters, each
 * of their values and the elements of those that are collections or arrays. With
 * {@code ExecutorType.BATCH}, every queued insert is filled as it is queued. The IDs are set on
 * the caller's own objects, so they are there to read after the insert. A value already set is
 * kept. Other statements, and objects with no marked property, are left alone.
 *
 * <p>Each ID has the annotation's metabyte and comes from its generator: by default
 * {@link Sno#generator()} (or what the application gives this plugin's constructor); a named
 * supplier class is made once, through its public no-argument constructor unless the
 * application says otherwise, and asked for its generator on every ID.
 *
 * <p>A record cannot be filled: its fields are final. An insert whose parameter is a record with
 * a null marked component fails with an {@link IllegalArgumentException} naming the record and
 * the component (MyBatis wraps it in its {@code PersistenceException}); give the record its ID
 * ({@code Sno.next(meta)}) when you make it. A marked member that is not a {@code SnoId} fails
 * the same way.
 *
 * <p>Register it in {@code mybatis-config.xml}:
 * {@code <plugins><plugin interceptor="dev.sno.mybatis.SnoGeneratedIdInterceptor"/></plugins>}.
 */
@Intercepts(@Signature(type = Executor.class, method = "update", args = {MappedStatement.class, Object.class}))
public final class SnoGeneratedIdInterceptor implements Interceptor {

    private final Supplier<? extends SnoGenerator> installed;
    private final Function<Class<? extends Supplier<? extends SnoGenerator>>, ? extends Supplier<? extends SnoGenerator>> factory;
    private final Map<Class<?>, Supplier<? extends SnoGenerator>> suppliers = new ConcurrentHashMap<>();
    private final Map<Class<?>, List<GeneratedIdMembers.Member>> members = new ConcurrentHashMap<>();

    /**
     * IDs from {@link Sno#generator()}, and from supplier classes made through their public
     * no-argument constructors. MyBatis uses this constructor for a {@code <plugin>} element.
     */
    public SnoGeneratedIdInterceptor() {
        this(Sno::generator, SnoGeneratedIdInterceptor::instantiate);
    }

    /**
     * IDs from the application's own generators, as the Spring Boot starter makes it.
     *
     * @param installed  the generator of {@code @SnoGeneratedId} without a {@code generator}, asked
     *                   on every insert
     * @param suppliers  makes the supplier of a {@code generator} class; called once per class
     */
    public SnoGeneratedIdInterceptor(Supplier<? extends SnoGenerator> installed,
            Function<Class<? extends Supplier<? extends SnoGenerator>>, ? extends Supplier<? extends SnoGenerator>> suppliers) {
        this.installed = Objects.requireNonNull(installed, "installed");
        this.factory = Objects.requireNonNull(suppliers, "suppliers");
    }

    /**
     * Fills the parameter of an insert, then runs it.
     *
     * @param invocation  {@code Executor.update(MappedStatement, Object)}
     * @return what the insert returns
     * @throws Throwable what the insert throws, or an {@link IllegalArgumentException} for a record
     *                   or member that cannot be filled
     */
    @Override
    public Object intercept(Invocation invocation) throws Throwable {
        Object[] args = invocation.getArgs();
        MappedStatement statement = (MappedStatement) args[0];
        if (statement.getSqlCommandType() == SqlCommandType.INSERT && args[1] != null) {
            fill(statement.getConfiguration(), args[1]);
        }
        return invocation.proceed();
    }

    /** The parameter, the values of a parameter map, and the elements of collections and arrays. */
    private void fill(Configuration configuration, Object parameter) {
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        if (parameter instanceof Map<?, ?> map) {
            // MyBatis' ParamMap holds each argument under several names (arg0, param1, list...).
            for (Object value : map.values()) {
                fillElements(configuration, value, seen);
            }
        } else {
            fillElements(configuration, parameter, seen);
        }
    }

    private void fillElements(Configuration configuration, Object value, Set<Object> seen) {
        if (value == null || !seen.add(value)) {
            return;
        }
        if (value instanceof Collection<?> collection) {
            for (Object element : collection) {
                fillOne(configuration, element, seen);
            }
        } else if (value.getClass().isArray() && !value.getClass().getComponentType().isPrimitive()) {
            for (int i = 0, n = Array.getLength(value); i < n; i++) {
                fillOne(configuration, Array.get(value, i), seen);
            }
        } else {
            fillOne(configuration, value, null);
        }
    }

    private void fillOne(Configuration configuration, Object object, Set<Object> seen) {
        if (object == null || seen != null && !seen.add(object)) {
            return;
        }
        List<GeneratedIdMembers.Member> marked = members.computeIfAbsent(object.getClass(), GeneratedIdMembers::of);
        if (marked.isEmpty()) {
            return;
        }
        MetaObject meta = configuration.newMetaObject(object);
        for (GeneratedIdMembers.Member m : marked) {
            if (meta.getValue(m.property()) != null) {
                continue;
            }
            if (object.getClass().isRecord()) {
                throw new IllegalArgumentException("Cannot give " + object.getClass().getName() + "." + m.property()
                        + " (@SnoGeneratedId) an ID on insert: a record's components cannot be set; make the record"
                        + " with its ID (Sno.next(" + m.config().meta() + ")) instead of null");
            }
            meta.setValue(m.property(), generator(m.config()).next(m.config().meta()));
        }
    }

    private SnoGenerator generator(SnoGeneratedId config) {
        Class<? extends Supplier<? extends SnoGenerator>> type = config.generator();
        Supplier<? extends SnoGenerator> supplier = type == SnoGeneratedId.Installed.class ? installed
                : suppliers.computeIfAbsent(type, t -> factory.apply(type));
        return Objects.requireNonNull(supplier.get(), () -> type.getName() + ".get() returned null");
    }

    private static Supplier<? extends SnoGenerator> instantiate(Class<? extends Supplier<? extends SnoGenerator>> type) {
        try {
            return type.getConstructor().newInstance();
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
            throw new IllegalArgumentException("@SnoGeneratedId(generator = " + type.getName()
                    + ".class): the class needs a public no-argument constructor", e);
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("@SnoGeneratedId(generator = " + type.getName()
                    + ".class): its constructor failed", e.getCause());
        }
    }
}
