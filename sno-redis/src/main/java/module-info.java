/**
 * Partition leases for fleets of sno generators, kept in Redis 6.2 or later through Lettuce:
 * {@link dev.sno.redis.RedisPartitionLeases} gives the builder of {@link dev.sno.lease.PartitionLeases}
 * over a {@link dev.sno.redis.RedisLeaseStore}. Lettuce is a plain (automatic) module that this
 * module's API names, so it is required transitively.
 */
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module dev.sno.redis {
    requires transitive dev.sno;
    requires transitive lettuce.core;

    exports dev.sno.redis;

    provides dev.sno.lease.LeaseStoreProvider with dev.sno.redis.RedisLeaseStoreProvider;
}
