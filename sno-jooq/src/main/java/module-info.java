/**
 * sno IDs in jOOQ: converters for {@code UUID} and {@code BINARY(16)} columns, for jOOQ's code
 * generator ({@code forcedTypes}) and for hand-written fields, and {@link dev.sno.SnoIdRange}
 * windows as conditions. Built and tested against jOOQ 3.19, the newest jOOQ that runs on Java 17.
 */
module dev.sno.jooq {
    requires transitive dev.sno;
    requires transitive org.jooq;

    exports dev.sno.jooq;
}
