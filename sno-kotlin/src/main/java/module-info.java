/**
 * sno IDs the Kotlin way: idioms ({@code dev.sno.kotlin}), kotlinx.serialization serializers
 * (text, binary, metabyte dispatch).
 *
 * <p>Each integration is optional: the application brings and requires the libraries it uses
 * (kotlinx.serialization). The Kotlin standard library is required.
 */
module dev.sno.kotlin {
    requires transitive dev.sno;
    requires transitive kotlin.stdlib;
    requires static kotlinx.serialization.core;
    requires static kotlinx.serialization.json;

    exports dev.sno.kotlin;
}
