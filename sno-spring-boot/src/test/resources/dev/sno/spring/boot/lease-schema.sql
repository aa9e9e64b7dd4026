-- The lease table, made by Spring's script initializer (SnoPartitionSourceTest): JdbcPartitionLeases.DDL.
CREATE TABLE IF NOT EXISTS sno_partition_lease (
    namespace     VARCHAR(64)  NOT NULL,
    partition_no  INTEGER      NOT NULL,
    epoch         BIGINT       NOT NULL,
    holder_token  VARCHAR(32),
    holder_host   VARCHAR(255),
    holder_pid    BIGINT,
    expires_at    TIMESTAMP WITH TIME ZONE,
    updated_at    TIMESTAMP WITH TIME ZONE NOT NULL,
    seq_min       INTEGER,
    seq_max       INTEGER,
    seq           BIGINT,
    now_unit      BIGINT,
    wall_hi       BIGINT,
    wall_safe     BIGINT,
    drifts        BIGINT,
    PRIMARY KEY (namespace, partition_no)
);
