-- sno IDs in H2 UUID columns: the functions of postgresql.sql, with the same names, bound to the
-- Java methods of dev.sno.jdbc.H2Functions (sno-jdbc must be on H2's class path or module path).
--
-- Part of sno-jdbc (resource dev/sno/jdbc/sql/h2.sql); install it with
-- SnoJdbc.installFunctions(dataSource), or from the URL of a test database:
--   jdbc:h2:mem:test;INIT=RUNSCRIPT FROM 'classpath:dev/sno/jdbc/sql/h2.sql'
-- Idempotent: an alias names a method, so an existing alias already runs this version's code.
-- sno_time returns TIMESTAMP WITH TIME ZONE (UTC); sno_lower takes one (a TIMESTAMP argument
-- is read in the session's time zone).
CREATE ALIAS IF NOT EXISTS sno_time DETERMINISTIC FOR 'dev.sno.jdbc.H2Functions.time';
CREATE ALIAS IF NOT EXISTS sno_meta DETERMINISTIC FOR 'dev.sno.jdbc.H2Functions.meta';
CREATE ALIAS IF NOT EXISTS sno_partition DETERMINISTIC FOR 'dev.sno.jdbc.H2Functions.partition';
CREATE ALIAS IF NOT EXISTS sno_sequence DETERMINISTIC FOR 'dev.sno.jdbc.H2Functions.sequence';
CREATE ALIAS IF NOT EXISTS sno_text DETERMINISTIC FOR 'dev.sno.jdbc.H2Functions.text';
CREATE ALIAS IF NOT EXISTS sno_bytes DETERMINISTIC FOR 'dev.sno.jdbc.H2Functions.bytes';
CREATE ALIAS IF NOT EXISTS sno_is_valid DETERMINISTIC FOR 'dev.sno.jdbc.H2Functions.isValid';
CREATE ALIAS IF NOT EXISTS sno_uuid DETERMINISTIC FOR 'dev.sno.jdbc.H2Functions.uuid';
CREATE ALIAS IF NOT EXISTS sno_lower DETERMINISTIC FOR 'dev.sno.jdbc.H2Functions.lower';
