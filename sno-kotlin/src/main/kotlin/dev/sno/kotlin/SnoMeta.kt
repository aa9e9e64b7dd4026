package dev.sno.kotlin

import kotlinx.serialization.SerialInfo

/**
 * The metabyte of a subtype's IDs, for [SnoMetaSerializer]: the Kotlin counterpart of
 * sno-jackson's `@SnoMeta`. Put it on each `@Serializable` subtype of a hierarchy that
 * dispatches on the metabyte of its `id`. A serial-info annotation: the serialization plugin
 * copies it into the subtype's descriptor, where the dispatcher reads it without reflection.
 *
 * @property value the metabyte, 0..255
 */
@OptIn(kotlinx.serialization.ExperimentalSerializationApi::class)
@SerialInfo
@Target(AnnotationTarget.CLASS)
@MustBeDocumented
public annotation class SnoMeta(val value: Int)
