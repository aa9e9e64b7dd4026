/**
 * sno for Java: compact, sortable, unique 80-bit IDs, compatible bit for bit with the sno spec.
 *
 * <p>The module exports {@code dev.sno} and, for fleets of instances, {@code dev.sno.lease}, and has no dependencies beyond
 * {@code java.base}.
 */
module dev.sno {
    exports dev.sno;
    exports dev.sno.lease;
}
