-- The schema jOOQ's code generator reads (H2, see pom.xml), with sno IDs in UUID columns: what a
-- PostgreSQL or H2 application writes. The tests create the same table on PostgreSQL.
CREATE TABLE event (
    id        UUID PRIMARY KEY,
    parent_id UUID,
    name      VARCHAR(100) NOT NULL
);
