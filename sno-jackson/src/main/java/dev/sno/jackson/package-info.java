/**
 * The annotations shared by both Jackson generations: {@link dev.sno.jackson.SnoPolymorphic} and
 * {@link dev.sno.jackson.SnoMeta} select subtypes by metabyte. They depend on no Jackson
 * classes; {@code dev.sno.jackson2.SnoModule} (Jackson 2) and {@code dev.sno.jackson3.SnoModule}
 * (Jackson 3) give them their meaning.
 */
package dev.sno.jackson;
