/**
 * Jackson 3 support: register {@link dev.sno.jackson3.SnoModule} (or let
 * {@code JsonMapper.builder().findAndAddModules()} find it) to read and write
 * {@link dev.sno.SnoId} values, map keys and {@link dev.sno.GeneratorSnapshot}s, and to dispatch
 * types annotated with {@link dev.sno.jackson.SnoPolymorphic} by metabyte.
 */
package dev.sno.jackson3;
