/**
 * sno IDs the Kotlin way: idioms and kotlinx.serialization serializers (text, binary, metabyte
 * dispatch) in {@code dev.sno.kotlin}, Exposed columns, tables and entities in
 * {@code dev.sno.kotlin.exposed}, and the Ktor plugin in {@code dev.sno.kotlin.ktor}.
 *
 * <p>Each integration is optional: the application brings and requires the libraries it uses
 * (kotlinx.serialization, Exposed, Ktor). The Kotlin standard library is required.
 *
 * <p>Exposed 1.0's jars declare no module name, so {@code exposed.core} and {@code exposed.dao}
 * are the names the JDK derives from their file names; Ktor's jars name theirs in the manifest.
 */
module dev.sno.kotlin {
    requires transitive dev.sno;
    requires transitive kotlin.stdlib;
    requires static kotlinx.serialization.core;
    requires static kotlinx.serialization.json;
    requires static exposed.core;
    requires static exposed.dao;
    requires static io.ktor.server.core;
    requires static io.ktor.server.data.conversion;
    requires static io.ktor.http;
    requires static io.ktor.utils;
    requires static kotlinx.coroutines.core;
    requires static org.slf4j;

    exports dev.sno.kotlin;
    exports dev.sno.kotlin.exposed;
    exports dev.sno.kotlin.ktor;
}
