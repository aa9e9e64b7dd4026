package dev.sno.jdbc.hibernate;

import dev.sno.config.SafeText;
import java.io.Serializable;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.hibernate.type.descriptor.ValueExtractor;
import org.hibernate.type.descriptor.WrapperOptions;
import org.hibernate.type.descriptor.java.JavaType;
import org.hibernate.type.descriptor.jdbc.JdbcType;

/**
 * The column in a message about a value that is not a sno ID. Hibernate hands
 * {@link SnoIdJavaType#wrap} only the value; the result set and the column index reach the
 * {@link JdbcType}'s {@link ValueExtractor}, which is the dialect's own. So the {@code SnoId}
 * type's JDBC type is the dialect's one seen through a proxy that answers every method as the
 * dialect's type does (its default methods too, whichever Hibernate version declares them) and
 * only wraps the extractor, which names the column when {@link SnoIdJavaType#wrap} refuses a
 * value: {@code Not a sno ID in column 'id': <value> (<reason>)}. An adjustable type's
 * {@code resolveIndicatedType} (the binary and character ones pick a type for the column's
 * length) answers through such a proxy too.
 */
final class ColumnNaming implements InvocationHandler, Serializable {

    private static final long serialVersionUID = 1L;

    /** One proxy per dialect type. */
    private static final Map<JdbcType, JdbcType> PROXIES = new ConcurrentHashMap<>();

    /**
     * In a GraalVM native image (and while one is built) a proxy class needs registering ahead of
     * time for its exact interfaces, which depend on the dialect: there the dialect's type is
     * used as it is, and messages name the value without the column.
     */
    private static final boolean NATIVE_IMAGE = System.getProperty("org.graalvm.nativeimage.imagecode") != null;

    private final JdbcType delegate;

    private ColumnNaming(JdbcType delegate) {
        this.delegate = delegate;
    }

    /**
     * The dialect's type, with an extractor that names the column of a refused value.
     *
     * @param delegate  the dialect's type for the column
     * @return a proxy with every interface of {@code delegate}
     */
    static JdbcType of(JdbcType delegate) {
        if (delegate == null || Proxy.isProxyClass(delegate.getClass()) || NATIVE_IMAGE) {
            return delegate;
        }
        return PROXIES.computeIfAbsent(delegate, d -> {
            Set<Class<?>> interfaces = new LinkedHashSet<>();
            for (Class<?> c = d.getClass(); c != null; c = c.getSuperclass()) {
                addInterfaces(c, interfaces);
            }
            return (JdbcType) Proxy.newProxyInstance(JdbcType.class.getClassLoader(),
                    interfaces.toArray(new Class<?>[0]), new ColumnNaming(d));
        });
    }

    private static void addInterfaces(Class<?> type, Set<Class<?>> interfaces) {
        for (Class<?> i : type.getInterfaces()) {
            if (java.lang.reflect.Modifier.isPublic(i.getModifiers()) && interfaces.add(i)) {
                addInterfaces(i, interfaces);
            }
        }
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "equals":
                if (method.getParameterCount() == 1) {
                    return proxy == args[0];
                }
                break;
            case "hashCode":
                if (method.getParameterCount() == 0) {
                    return System.identityHashCode(proxy);
                }
                break;
            case "toString":
                if (method.getParameterCount() == 0) {
                    return delegate.toString();
                }
                break;
            case "getExtractor":
                if (method.getParameterCount() == 1 && method.getParameterTypes()[0] == JavaType.class) {
                    return new Extractor<>(delegate.getExtractor((JavaType<?>) args[0]));
                }
                break;
            default:
                break;
        }
        Object result;
        try {
            result = method.invoke(delegate, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
        // An adjustable type (binary, character) hands over the type for the column's length.
        return method.getName().equals("resolveIndicatedType") && result instanceof JdbcType jdbcType
                ? of(jdbcType) : result;
    }

    /** The dialect's extractor; a refused value's message gains the column. */
    private static final class Extractor<X> implements ValueExtractor<X> {

        private final ValueExtractor<X> delegate;

        Extractor(ValueExtractor<X> delegate) {
            this.delegate = delegate;
        }

        @Override
        public X extract(ResultSet rs, int paramIndex, WrapperOptions options) throws SQLException {
            try {
                return delegate.extract(rs, paramIndex, options);
            } catch (SnoIdJavaType.NotASnoId e) {
                String label = null;
                try {
                    label = rs.getMetaData().getColumnLabel(paramIndex);
                } catch (SQLException ignored) {
                    // only for the message: the index still names the column
                }
                throw e.in(label == null ? "column " + paramIndex : "column '" + SafeText.of(label) + "'");
            }
        }

        @Override
        public X extract(CallableStatement statement, int paramIndex, WrapperOptions options) throws SQLException {
            try {
                return delegate.extract(statement, paramIndex, options);
            } catch (SnoIdJavaType.NotASnoId e) {
                throw e.in("OUT parameter " + paramIndex);
            }
        }

        @Override
        public X extract(CallableStatement statement, String paramName, WrapperOptions options) throws SQLException {
            try {
                return delegate.extract(statement, paramName, options);
            } catch (SnoIdJavaType.NotASnoId e) {
                throw e.in("OUT parameter '" + SafeText.of(paramName) + "'");
            }
        }
    }
}
