/**
 * Jackson 3 support: register {@link dev.sno.jackson3.SnoModule} (or let
 * {@code JsonMapper.builder().findAndAddModules()} find it) to read and write
 * {@link dev.sno.SnoId} values, map keys and {@link dev.sno.GeneratorSnapshot}s. For polymorphic
 * dispatch use {@link dev.sno.jackson.SnoPolymorphic} and {@link dev.sno.jackson.SnoMeta}, which
 * serve both generations.
 */
package dev.sno.jackson3;
