package dev.sno.kotlin

import kotlinx.serialization.SerializationException

/**
 * A [SnoMetaSerializer] could not choose a subtype for the JSON it was given: the object has no
 * `id`, or one that is not a string, not a sno ID (then an `InvalidSnoIdException` is the
 * cause), or of a metabyte that no subtype has. Its message quotes what was read. A
 * [SerializationException], so it goes wherever kotlinx's errors go; its own type lets a web
 * layer (the Ktor plugin, the Spring starter) answer it as the client's mistake.
 */
public class SnoSubtypeException internal constructor(message: String, cause: Throwable? = null) :
    SerializationException(message, cause)
