/**
 * sno for Java: compact, sortable, unique 80-bit IDs, compatible bit for bit with the sno spec.
 *
 * <p>The module exports a single package, {@code dev.sno}, and has no dependencies beyond
 * {@code java.base}.
 */
module dev.sno {
    exports dev.sno;
}
