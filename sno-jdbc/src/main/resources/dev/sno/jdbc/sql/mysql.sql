-- sno IDs in MySQL 8.0: functions that read the canonical UUID image of an ID (its 10 bytes
-- followed by six zero bytes, SPEC.md section 5) from a BINARY(16) column, and make one from
-- text or time. They are the MariaDB script's functions (mariadb.sql), with the same names,
-- results and error messages, in MySQL's dialect, which differs from MariaDB's in three places
-- that matter here: no CREATE OR REPLACE FUNCTION (each function is dropped, then created), no
-- FOR loops (WHILE), and no REGEXP on binary strings (MySQL's ICU regular expressions refuse
-- the character set binary: the text is matched as latin1, byte for byte, or with REGEXP_LIKE's
-- case-sensitive flag). A fourth shows in the errors: MySQL's MESSAGE_TEXT holds 128 characters,
-- so a longer message is cut to 125 and "...".
--
-- Part of sno-jdbc (resource dev/sno/jdbc/sql/mysql.sql); install it with
-- SnoJdbc.installFunctions(dataSource), from a migration, or with the mysql client
-- (mysql mydb < mysql.sql: it understands the DELIMITER lines, as Flyway does). It is
-- idempotent (each function dropped if it exists, then created), written for and tested on
-- MySQL 8.0.33. The functions are created in the connection's current database. All are
-- DETERMINISTIC NO SQL: NULL in, NULL out. With binary logging on (MySQL 8.0's default),
-- creating functions needs the SUPER privilege or log_bin_trust_function_creators=ON.
--
-- Errors name the value and the constraint, as the Java library's do:
--   SQLSTATE 22023   a value that is not 16 bytes, or whose bytes 10..15 are not zero;
--                    a time out of range
--   SQLSTATE 22P02   text that is not a sno ID
-- (MySQL Connector/J reports both as a java.sql.DataTruncation with SQLState 22001, error code
-- 1644 and the message after "Data truncation: ", as it does every error of class 22.)
--
-- Times are DATETIME values in UTC (the type has no time zone): sno_time returns UTC,
-- sno_lower reads its argument as UTC; convert with UTC_TIMESTAMP() or CONVERT_TZ. (TIMESTAMP
-- is not used: it ends in 2038, sno times go to 2079.)
--
-- Byte layout (SPEC.md section 1): bytes 0..4 hold time units (4 ms since 2010-01-01T00:00:00Z,
-- 39 bits) followed by the tick-tock bit; byte 5 the metabyte; bytes 6..7 the partition; bytes
-- 8..9 the sequence. SUBSTR counts bytes from 1. Shifts are parenthesized for the reader.

DELIMITER $$

-- The 10 bytes of the ID whose UUID image u is (SnoId.fromUuid(u).toBytes()). Every function
-- below that reads an image calls this one for any value that is not 16 bytes with a zero tail,
-- so all of them reject what it rejects, with its messages.
-- u is the 16-byte image (a BINARY(16) column), or the 36-character text of a UUID
-- (8-4-4-4-12 hexadecimal digits), such as BIN_TO_UUID(id) gives. The parameter is VARBINARY,
-- not BINARY(16): BINARY(16) would pad a short value with zeros.
DROP FUNCTION IF EXISTS sno_bytes $$

CREATE FUNCTION sno_bytes(u VARBINARY(255)) RETURNS BINARY(10)
DETERMINISTIC NO SQL
BEGIN
  DECLARE msg VARCHAR(255);
  IF LENGTH(u) = 16 AND SUBSTR(u, 11) = x'000000000000' THEN
    RETURN LEFT(u, 10);
  END IF;
  IF u IS NULL THEN
    RETURN NULL;
  END IF;
  IF LENGTH(u) = 36 AND CONVERT(u USING latin1) REGEXP '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN
    SET u = UNHEX(REPLACE(u, '-', ''));
  END IF;
  IF LENGTH(u) <> 16 THEN
    SET msg = CONCAT('Invalid sno ID UUID: x''', LOWER(HEX(LEFT(u, 32))), '''', IF(LENGTH(u) > 32, '...', ''),
                     ' (length ', LENGTH(u), ', expected 16 bytes or the 36-character text of a UUID)');
    SET msg = IF(CHAR_LENGTH(msg) > 128, CONCAT(LEFT(msg, 125), '...'), msg);  -- MESSAGE_TEXT's limit
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = msg;
  END IF;
  IF SUBSTR(u, 11) <> x'000000000000' THEN
    SET msg = CONCAT('Invalid sno ID UUID: ',
                     LOWER(CONCAT_WS('-', HEX(SUBSTR(u, 1, 4)), HEX(SUBSTR(u, 5, 2)), HEX(SUBSTR(u, 7, 2)),
                                     HEX(SUBSTR(u, 9, 2)), HEX(SUBSTR(u, 11, 6)))),
                     ' (bytes 10..15 must be zero in the image of a sno ID)');
    SET msg = IF(CHAR_LENGTH(msg) > 128, CONCAT(LEFT(msg, 125), '...'), msg);  -- MESSAGE_TEXT's limit
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = msg;
  END IF;
  RETURN LEFT(u, 10);
END
$$

-- True exactly when u is the UUID image of a sno ID, in either form sno_bytes takes (16 bytes,
-- or the text of a UUID) with its last six bytes zero. NULL for NULL.
DROP FUNCTION IF EXISTS sno_is_valid $$

CREATE FUNCTION sno_is_valid(u VARBINARY(255)) RETURNS BOOLEAN
DETERMINISTIC NO SQL
BEGIN
  IF LENGTH(u) = 16 THEN
    RETURN SUBSTR(u, 11) = x'000000000000';
  END IF;
  IF LENGTH(u) = 36 AND CONVERT(u USING latin1) REGEXP '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN
    SET u = UNHEX(REPLACE(u, '-', ''));
  END IF;
  RETURN LENGTH(u) = 16 AND SUBSTR(u, 11) = x'000000000000';
END
$$

-- The time of the ID, the start of its 4 ms unit (SnoId.time()), as a DATETIME(3) in UTC.
DROP FUNCTION IF EXISTS sno_time $$

CREATE FUNCTION sno_time(u VARBINARY(255)) RETURNS DATETIME(3)
DETERMINISTIC NO SQL
BEGIN
  IF LENGTH(u) <> 16 OR SUBSTR(u, 11) <> x'000000000000' THEN
    SET u = sno_bytes(u);  -- the 10 bytes of UUID text, or an error naming the value
  END IF;
  -- Bytes 0..4 as a 40-bit number, shifted right by one (dropping the tick-tock bit).
  RETURN TIMESTAMPADD(MICROSECOND, (CAST(CONV(HEX(LEFT(u, 5)), 16, 10) AS UNSIGNED) >> 1) * 4000,
                      TIMESTAMP'2010-01-01 00:00:00');
END
$$

-- The metabyte, 0..255 (SnoId.meta()).
DROP FUNCTION IF EXISTS sno_meta $$

CREATE FUNCTION sno_meta(u VARBINARY(255)) RETURNS INT
DETERMINISTIC NO SQL
BEGIN
  IF LENGTH(u) <> 16 OR SUBSTR(u, 11) <> x'000000000000' THEN
    SET u = sno_bytes(u);
  END IF;
  RETURN ASCII(SUBSTR(u, 6, 1));
END
$$

-- The partition, 0..65535 (SnoId.partition()).
DROP FUNCTION IF EXISTS sno_partition $$

CREATE FUNCTION sno_partition(u VARBINARY(255)) RETURNS INT
DETERMINISTIC NO SQL
BEGIN
  IF LENGTH(u) <> 16 OR SUBSTR(u, 11) <> x'000000000000' THEN
    SET u = sno_bytes(u);
  END IF;
  RETURN (ASCII(SUBSTR(u, 7, 1)) << 8) | ASCII(SUBSTR(u, 8, 1));
END
$$

-- The sequence, 0..65535 (SnoId.sequence()).
DROP FUNCTION IF EXISTS sno_sequence $$

CREATE FUNCTION sno_sequence(u VARBINARY(255)) RETURNS INT
DETERMINISTIC NO SQL
BEGIN
  IF LENGTH(u) <> 16 OR SUBSTR(u, 11) <> x'000000000000' THEN
    SET u = sno_bytes(u);
  END IF;
  RETURN (ASCII(SUBSTR(u, 9, 1)) << 8) | ASCII(SUBSTR(u, 10, 1));
END
$$

-- The canonical text: 16 characters, 5 bits each, most significant first (SnoId.toString()).
-- Unrolled: one expression runs much faster than a loop of statements.
DROP FUNCTION IF EXISTS sno_text $$

CREATE FUNCTION sno_text(u VARBINARY(255)) RETURNS CHAR(16) CHARACTER SET ascii
DETERMINISTIC NO SQL
BEGIN
  DECLARE a CHAR(32) CHARACTER SET ascii DEFAULT '23456789abcdefghijklmnopqrstuvwx';
  DECLARE h BIGINT UNSIGNED;  -- bytes 0..4: characters 0..7
  DECLARE l BIGINT UNSIGNED;  -- bytes 5..9: characters 8..15
  IF LENGTH(u) <> 16 OR SUBSTR(u, 11) <> x'000000000000' THEN
    SET u = sno_bytes(u);
  END IF;
  SET h = CONV(HEX(LEFT(u, 5)), 16, 10);
  SET l = CONV(HEX(SUBSTR(u, 6, 5)), 16, 10);
  RETURN CONCAT(
                SUBSTR(a, ((h >> 35) & 31) + 1, 1),
                SUBSTR(a, ((h >> 30) & 31) + 1, 1),
                SUBSTR(a, ((h >> 25) & 31) + 1, 1),
                SUBSTR(a, ((h >> 20) & 31) + 1, 1),
                SUBSTR(a, ((h >> 15) & 31) + 1, 1),
                SUBSTR(a, ((h >> 10) & 31) + 1, 1),
                SUBSTR(a, ((h >> 5) & 31) + 1, 1),
                SUBSTR(a, ((h >> 0) & 31) + 1, 1),
                SUBSTR(a, ((l >> 35) & 31) + 1, 1),
                SUBSTR(a, ((l >> 30) & 31) + 1, 1),
                SUBSTR(a, ((l >> 25) & 31) + 1, 1),
                SUBSTR(a, ((l >> 20) & 31) + 1, 1),
                SUBSTR(a, ((l >> 15) & 31) + 1, 1),
                SUBSTR(a, ((l >> 10) & 31) + 1, 1),
                SUBSTR(a, ((l >> 5) & 31) + 1, 1),
                SUBSTR(a, ((l >> 0) & 31) + 1, 1));
END
$$

-- The UUID image of the ID whose canonical text t is (SnoId.parse(t).toUuid()), as BINARY(16).
-- Strict: exactly 16 characters of the alphabet, compared byte for byte (no case folding, no
-- trimming, whatever the collation); anything else raises 22P02 with the message SnoId.parse
-- gives (here lengths and indexes count characters, not UTF-16 units).
DROP FUNCTION IF EXISTS sno_uuid $$

CREATE FUNCTION sno_uuid(t TEXT CHARACTER SET utf8mb4) RETURNS BINARY(16)
DETERMINISTIC NO SQL
BEGIN
  DECLARE alphabet VARCHAR(32) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DEFAULT '23456789abcdefghijklmnopqrstuvwx';
  DECLARE n INT DEFAULT CHAR_LENGTH(t);
  DECLARE high BIGINT UNSIGNED DEFAULT 0;  -- characters 0..7: bytes 0..4
  DECLARE low BIGINT UNSIGNED DEFAULT 0;   -- characters 8..15: bytes 5..9
  DECLARE bad INT DEFAULT -1;              -- index of the first character outside the alphabet
  DECLARE c VARCHAR(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
  DECLARE code BIGINT;
  DECLARE esc VARCHAR(16) CHARACTER SET utf8mb4;
  DECLARE bad_escaped VARCHAR(16) CHARACTER SET utf8mb4 DEFAULT '';
  DECLARE quoted VARCHAR(400) CHARACTER SET utf8mb4 DEFAULT '';
  DECLARE msg VARCHAR(512) CHARACTER SET utf8mb4;
  DECLARE i INT;
  IF t IS NULL THEN
    RETURN NULL;
  END IF;
  -- The valid case in one expression: 16 bytes (so 16 ASCII characters), all in the alphabet;
  -- a character's value is its code minus 50 ('2'..'9') or minus 89 ('a'..'x').
  IF LENGTH(t) = 16 AND REGEXP_LIKE(t, '^[2-9a-x]{16}$', 'c') THEN
    SET high = ((ASCII(SUBSTR(t, 1, 1)) - IF(ASCII(SUBSTR(t, 1, 1)) < 97, 50, 89)) << 35)
              | ((ASCII(SUBSTR(t, 2, 1)) - IF(ASCII(SUBSTR(t, 2, 1)) < 97, 50, 89)) << 30)
              | ((ASCII(SUBSTR(t, 3, 1)) - IF(ASCII(SUBSTR(t, 3, 1)) < 97, 50, 89)) << 25)
              | ((ASCII(SUBSTR(t, 4, 1)) - IF(ASCII(SUBSTR(t, 4, 1)) < 97, 50, 89)) << 20)
              | ((ASCII(SUBSTR(t, 5, 1)) - IF(ASCII(SUBSTR(t, 5, 1)) < 97, 50, 89)) << 15)
              | ((ASCII(SUBSTR(t, 6, 1)) - IF(ASCII(SUBSTR(t, 6, 1)) < 97, 50, 89)) << 10)
              | ((ASCII(SUBSTR(t, 7, 1)) - IF(ASCII(SUBSTR(t, 7, 1)) < 97, 50, 89)) << 5)
              | (ASCII(SUBSTR(t, 8, 1)) - IF(ASCII(SUBSTR(t, 8, 1)) < 97, 50, 89));
    SET low = ((ASCII(SUBSTR(t, 9, 1)) - IF(ASCII(SUBSTR(t, 9, 1)) < 97, 50, 89)) << 35)
             | ((ASCII(SUBSTR(t, 10, 1)) - IF(ASCII(SUBSTR(t, 10, 1)) < 97, 50, 89)) << 30)
             | ((ASCII(SUBSTR(t, 11, 1)) - IF(ASCII(SUBSTR(t, 11, 1)) < 97, 50, 89)) << 25)
             | ((ASCII(SUBSTR(t, 12, 1)) - IF(ASCII(SUBSTR(t, 12, 1)) < 97, 50, 89)) << 20)
             | ((ASCII(SUBSTR(t, 13, 1)) - IF(ASCII(SUBSTR(t, 13, 1)) < 97, 50, 89)) << 15)
             | ((ASCII(SUBSTR(t, 14, 1)) - IF(ASCII(SUBSTR(t, 14, 1)) < 97, 50, 89)) << 10)
             | ((ASCII(SUBSTR(t, 15, 1)) - IF(ASCII(SUBSTR(t, 15, 1)) < 97, 50, 89)) << 5)
             | (ASCII(SUBSTR(t, 16, 1)) - IF(ASCII(SUBSTR(t, 16, 1)) < 97, 50, 89));
    RETURN UNHEX(CONCAT(LPAD(HEX(high), 10, '0'), LPAD(HEX(low), 10, '0'), '000000000000'));
  END IF;
  -- Not a sno ID: find the first character outside the alphabet.
  IF n = 16 THEN
    SET i = 0;
    scan: WHILE i < 16 DO
      IF LOCATE(CONVERT(SUBSTRING(t, i + 1, 1) USING utf8mb4) COLLATE utf8mb4_bin, alphabet) = 0 THEN
        SET bad = i;
        LEAVE scan;
      END IF;
      SET i = i + 1;
    END WHILE scan;
  END IF;
  -- Not a sno ID. Quote the text as the Java library does: at most 40 characters, then "...";
  -- double quote, backslash and single quote escaped by a backslash; characters outside
  -- printable ASCII as a backslash, "u" and four (or more) upper-case hex digits.
  SET i = 1;
  WHILE i <= LEAST(n, 40) DO
    SET c = CONVERT(SUBSTRING(t, i, 1) USING utf8mb4) COLLATE utf8mb4_bin;
    SET code = CAST(CONV(HEX(CONVERT(c USING utf32)), 16, 10) AS UNSIGNED);
    SET esc = CASE
                    WHEN c IN ('"', '\\', '''') THEN CONCAT('\\', c)
                    WHEN code < 32 OR code > 126 THEN CONCAT('\\u', IF(code > 65535, HEX(code), LPAD(HEX(code), 4, '0')))
                    ELSE c
                  END;
    IF i = bad + 1 THEN
      SET bad_escaped = esc;
    END IF;
    SET quoted = CONCAT(quoted, esc);
    SET i = i + 1;
  END WHILE;
  SET quoted = CONCAT('"', quoted, '"', IF(n > 40, '...', ''));
  IF n <> 16 THEN
    SET msg = CONCAT('Invalid sno ID: ', quoted, ' (length ', n, ', expected 16)');
  ELSE
    SET msg = CONCAT('Invalid sno ID: ', quoted, ' (character ''', bad_escaped, ''' at index ', bad,
                     ' is not in the alphabet ', alphabet, ')');
  END IF;
  SET msg = IF(CHAR_LENGTH(msg) > 128, CONCAT(LEFT(msg, 125), '...'), msg);  -- MESSAGE_TEXT's limit
  SIGNAL SQLSTATE '22P02' SET MESSAGE_TEXT = msg;
END
$$

-- The UUID image, as BINARY(16), of the smallest ID of the 4 ms unit holding ts, a UTC time
-- (SnoId.firstAt(ts).toUuid()): tick-tock, metabyte, partition and sequence zero. On a
-- BINARY(16) column, id >= sno_lower(a) AND id < sno_lower(b) is an index range holding exactly
-- the IDs whose time unit lies in [unit of a, unit of b). ts must lie in
-- [2010-01-01 00:00:00, 2079-09-07 15:47:35.548] (SnoId.EPOCH, SnoId.MAX_TIME), else 22023.
DROP FUNCTION IF EXISTS sno_lower $$

CREATE FUNCTION sno_lower(ts DATETIME(6)) RETURNS BINARY(16)
DETERMINISTIC NO SQL
BEGIN
  DECLARE units BIGINT UNSIGNED;
  DECLARE msg VARCHAR(255);
  IF ts IS NULL THEN
    RETURN NULL;
  END IF;
  IF ts < TIMESTAMP'2010-01-01 00:00:00' OR ts > TIMESTAMP'2079-09-07 15:47:35.548' THEN
    SET msg = CONCAT('Invalid sno ID time: ', DATE_FORMAT(ts, '%Y-%m-%dT%H:%i:%s'),
                     CASE
                       WHEN MICROSECOND(ts) = 0 THEN ''
                       WHEN MICROSECOND(ts) % 1000 = 0 THEN CONCAT('.', LPAD(MICROSECOND(ts) DIV 1000, 3, '0'))
                       ELSE CONCAT('.', LPAD(MICROSECOND(ts), 6, '0'))
                     END,
                     'Z (must be in [2010-01-01T00:00:00Z, 2079-09-07T15:47:35.548Z])');
    SET msg = IF(CHAR_LENGTH(msg) > 128, CONCAT(LEFT(msg, 125), '...'), msg);  -- MESSAGE_TEXT's limit
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = msg;
  END IF;
  SET units = TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'2010-01-01 00:00:00', ts) DIV 4000;
  RETURN UNHEX(CONCAT(LPAD(HEX(units << 1), 10, '0'), '0000000000000000000000'));
END
$$

DELIMITER ;
