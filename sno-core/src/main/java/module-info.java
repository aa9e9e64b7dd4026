/**
 * sno for Java: compact, sortable, unique 80-bit IDs, compatible bit for bit with the sno spec.
 *
 * <p>The module exports {@code dev.sno}; for fleets of instances, {@code dev.sno.lease}; for the
 * framework modules, {@code dev.sno.config}. It has no dependencies beyond {@code java.base}.
 */
module dev.sno {
    exports dev.sno;
    exports dev.sno.lease;
    exports dev.sno.config;

    uses dev.sno.lease.LeaseStoreProvider;
}
