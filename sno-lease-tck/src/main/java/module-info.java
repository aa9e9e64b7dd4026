/**
 * The technology compatibility kit of sno's lease stores: {@link dev.sno.lease.tck.LeaseStoreContract}
 * checks the rules of {@link dev.sno.lease.LeaseStore} through the SPI alone. A store's test class
 * extends it and supplies the store; the stores of sno-jdbc, sno-redis, sno-zookeeper and sno-etcd
 * run it, and so can anyone who writes a store of their own.
 */
module dev.sno.lease.tck {
    requires transitive dev.sno;
    requires transitive org.junit.jupiter.api;
    // The warnings a store gives (System.Logger's default backend) and the memory a thread allocates.
    requires java.logging;
    requires jdk.management;

    exports dev.sno.lease.tck;
    // JUnit calls the contract's test methods reflectively, also from subclasses in other modules.
    opens dev.sno.lease.tck to org.junit.platform.commons;
}
