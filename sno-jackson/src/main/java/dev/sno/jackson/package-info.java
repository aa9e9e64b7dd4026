/**
 * Jackson 2 support: register {@link dev.sno.jackson.SnoModule} (or let
 * {@code ObjectMapper.findAndRegisterModules()} find it) to read and write {@link dev.sno.SnoId}
 * values, map keys and {@link dev.sno.GeneratorSnapshot}s. The annotations
 * {@link dev.sno.jackson.SnoPolymorphic} and {@link dev.sno.jackson.SnoMeta} select subtypes by
 * metabyte in Jackson 2 and 3 alike.
 */
package dev.sno.jackson;
