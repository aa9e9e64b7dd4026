/**
 * Partition leases for fleets of sno generators, kept in etcd v3 through jetcd:
 * {@link dev.sno.etcd.EtcdPartitionLeases} gives the builder of {@link dev.sno.lease.PartitionLeases}
 * over an {@link dev.sno.etcd.EtcdLeaseStore}, and {@link dev.sno.etcd.EtcdLeaseStoreProvider} is the
 * lease store {@code etcd} of {@code sno.lease.store}. jetcd is a plain (automatic) module that this
 * module's API names, so it is required transitively.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.sno.etcd {
    requires transitive dev.sno;
    requires transitive jetcd.core;
    requires jetcd.common;

    exports dev.sno.etcd;

    provides dev.sno.lease.LeaseStoreProvider with dev.sno.etcd.EtcdLeaseStoreProvider;
}
