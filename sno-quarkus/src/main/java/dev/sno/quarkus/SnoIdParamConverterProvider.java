package dev.sno.quarkus;

import dev.sno.InvalidSnoIdException;
import dev.sno.SnoId;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import org.jboss.resteasy.reactive.RestCookie;
import org.jboss.resteasy.reactive.RestForm;
import org.jboss.resteasy.reactive.RestHeader;
import org.jboss.resteasy.reactive.RestPath;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * Converts {@link SnoId} path, query, header, form and cookie parameters of Quarkus REST resources
 * from their 16-character form. A malformed ID answers 400 with a problem body
 * ({@code application/problem+json}) whose {@code detail} names the value and what is wrong with
 * it, and whose {@code parameter} and {@code in} name the parameter; never 404, as JAX-RS would
 * answer for a path or query parameter that fails to convert. Registered by the extension when
 * the application has quarkus-rest.
 */
public final class SnoIdParamConverterProvider implements ParamConverterProvider {

    /** Created by Quarkus REST. */
    public SnoIdParamConverterProvider() {
    }

    /**
     * The converter for {@link SnoId}; null for other types.
     *
     * @param <T>          the parameter's type
     * @param rawType      the parameter's class
     * @param genericType  the parameter's type
     * @param annotations  the parameter's annotations, which name it
     * @return a converter, or null
     */
    @Override
    @SuppressWarnings("unchecked")
    public <T> ParamConverter<T> getConverter(Class<T> rawType, Type genericType, Annotation[] annotations) {
        if (rawType != SnoId.class) {
            return null;
        }
        return (ParamConverter<T>) new Converter(annotations);
    }

    /** Parses and prints one parameter. */
    private static final class Converter implements ParamConverter<SnoId> {

        private final String name;
        private final String in;

        Converter(Annotation[] annotations) {
            String n = null;
            String where = null;
            for (Annotation a : annotations == null ? new Annotation[0] : annotations) {
                if (a instanceof PathParam p) {
                    n = p.value();
                    where = "path";
                } else if (a instanceof RestPath p) {
                    n = p.value();
                    where = "path";
                } else if (a instanceof QueryParam p) {
                    n = p.value();
                    where = "query";
                } else if (a instanceof RestQuery p) {
                    n = p.value();
                    where = "query";
                } else if (a instanceof HeaderParam p) {
                    n = p.value();
                    where = "header";
                } else if (a instanceof RestHeader p) {
                    n = p.value();
                    where = "header";
                } else if (a instanceof FormParam p) {
                    n = p.value();
                    where = "form";
                } else if (a instanceof RestForm p) {
                    n = p.value();
                    where = "form";
                } else if (a instanceof CookieParam p) {
                    n = p.value();
                    where = "cookie";
                } else if (a instanceof RestCookie p) {
                    n = p.value();
                    where = "cookie";
                }
            }
            this.name = n == null || n.isEmpty() ? null : n;
            this.in = where;
        }

        @Override
        public SnoId fromString(String value) {
            if (value == null) {
                return null;
            }
            try {
                return SnoId.parse(value);
            } catch (InvalidSnoIdException e) {
                throw new BadRequestException(e.getMessage(), Problems.badRequest(e.getMessage(), name, in), e);
            }
        }

        @Override
        public String toString(SnoId value) {
            return value == null ? null : value.toString();
        }
    }
}
