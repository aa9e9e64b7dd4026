-- The schema jOOQ's code generator reads (H2, see pom.xml), with sno IDs in BINARY(16) columns
-- (the 16 bytes of the UUID image): what a MariaDB or MySQL application writes, since MariaDB's
-- UUID type does not sort in sno order. The tests create the same table on MariaDB.
CREATE TABLE event (
    id        BINARY(16) PRIMARY KEY,
    parent_id BINARY(16),
    name      VARCHAR(100) NOT NULL
);
