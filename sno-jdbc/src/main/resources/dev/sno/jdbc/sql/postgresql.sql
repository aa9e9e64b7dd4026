-- sno IDs in PostgreSQL uuid columns: functions that read the canonical UUID image of an ID
-- (its 10 bytes followed by six zero bytes, SPEC.md section 5) and make one from text or time.
--
-- Part of sno-jdbc (resource dev/sno/jdbc/sql/postgresql.sql); install it with
-- SnoJdbc.installFunctions(dataSource), from a migration, or with psql -f. It is
-- idempotent (CREATE OR REPLACE only) and needs PostgreSQL 15 or later. The functions are created
-- in the first schema of the search_path. All of them are IMMUTABLE PARALLEL SAFE and give NULL
-- for NULL: usable in indexes and constant-folded by the planner.
--
-- The readers of a uuid (sno_time, sno_meta, sno_partition, sno_sequence, sno_bytes,
-- sno_is_valid) are single SQL expressions, so the planner inlines them into the query: no
-- function call per row. For that, the five that validate are not declared STRICT (PostgreSQL
-- inlines a STRICT function only if its body is strict throughout, and the CASE that validates
-- is not); a NULL still gives NULL. sno_is_valid, sno_text, sno_uuid and sno_lower are STRICT.
-- The readers' bodies are SQL-standard (RETURN ...), bound when created: the call of
-- sno_invalid in them names the sno_invalid of this schema whatever the caller's search_path.
-- On PostgreSQL 18 and later they read the bytes with its bytea-to-integer casts, before 18
-- with get_byte (slower, same results). The six zero bytes are written decode('000000000000',
-- 'hex'), which the planner folds to a constant, rather than as a '\x...' literal, whose meaning
-- depends on standard_conforming_strings when the function is created.

-- Errors name the value and the constraint, as the Java library's do:
--   22023 (invalid_parameter_value)       a uuid whose bytes 10..15 are not zero; a time out of range
--   22P02 (invalid_text_representation)   text that is not a sno ID
--
-- Byte layout (SPEC.md section 1): bytes 0..4 hold time units (4 ms since 2010-01-01T00:00:00Z,
-- 39 bits) followed by the tick-tock bit; byte 5 the metabyte; bytes 6..7 the partition; bytes
-- 8..9 the sequence. Every shift below is parenthesized: in SQL, << and | bind equally tightly
-- and group from the left.

-- Raises the error for a uuid that is not the image of a sno ID; returns nothing otherwise.
-- The readers call it only for such a value: CASE WHEN <bytes 10..15 are not zero> THEN
-- sno_invalid(u, NULL::<result type>) ELSE <the reading> END. The second argument only gives
-- the result its type (so it must not be STRICT: NULL there is the normal case).
CREATE OR REPLACE FUNCTION sno_invalid(u uuid, result_type anyelement) RETURNS anyelement
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
BEGIN
  RAISE EXCEPTION 'Invalid sno ID UUID: % (bytes 10..15 must be zero in the image of a sno ID)', u
    USING ERRCODE = '22023';
END
$fn$;

-- True exactly when u is the UUID image of a sno ID (SnoId.fromUuid accepts it).
CREATE OR REPLACE FUNCTION sno_is_valid(u uuid) RETURNS boolean
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN substring(uuid_send(u) FROM 11) = decode('000000000000', 'hex');

-- The 10 bytes of the ID whose UUID image u is (SnoId.fromUuid(u).toBytes()).
CREATE OR REPLACE FUNCTION sno_bytes(u uuid) RETURNS bytea
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN substring(uuid_send(u) FROM 11) <> decode('000000000000', 'hex') THEN sno_invalid(u, NULL::bytea)
            ELSE substring(uuid_send(u) FROM 1 FOR 10) END;

-- The metabyte, 0..255 (SnoId.meta()).
CREATE OR REPLACE FUNCTION sno_meta(u uuid) RETURNS int
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN substring(uuid_send(u) FROM 11) <> decode('000000000000', 'hex') THEN sno_invalid(u, NULL::int)
            ELSE get_byte(uuid_send(u), 5) END;

-- sno_time, sno_partition and sno_sequence: the same expressions on every version, with the
-- bytes read by casts on PostgreSQL 18 (bytea to integer, big-endian, unsigned for fewer bytes
-- than the integer has) and by get_byte before.
DO $install$
DECLARE
  units text;      -- bytes 0..4 as a 40-bit number shifted right by one (the tick-tock bit dropped)
  partition text;  -- bytes 6..7
  sequence text;   -- bytes 8..9
BEGIN
  IF current_setting('server_version_num')::int >= 180000 THEN
    units := $e$substring(uuid_send(u) FROM 1 FOR 5)::bigint >> 1$e$;
    partition := $e$substring(uuid_send(u) FROM 7 FOR 2)::int$e$;
    sequence := $e$substring(uuid_send(u) FROM 9 FOR 2)::int$e$;
  ELSE
    units := $e$(get_byte(uuid_send(u), 0)::bigint << 31) | (get_byte(uuid_send(u), 1)::bigint << 23)
      | (get_byte(uuid_send(u), 2)::bigint << 15) | (get_byte(uuid_send(u), 3)::bigint << 7)
      | (get_byte(uuid_send(u), 4)::bigint >> 1)$e$;
    partition := $e$(get_byte(uuid_send(u), 6) << 8) | get_byte(uuid_send(u), 7)$e$;
    sequence := $e$(get_byte(uuid_send(u), 8) << 8) | get_byte(uuid_send(u), 9)$e$;
  END IF;

  -- The time of the ID: the start of its 4 ms unit (SnoId.time()). Computed on timestamp and
  -- read as UTC (AT TIME ZONE interval '00:00'): timestamptz + interval is only STABLE, and an
  -- IMMUTABLE function whose body is not immutable is not inlined. 4000 * units < 2^53: the
  -- interval is exact to the microsecond.
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION sno_time(u uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN substring(uuid_send(u) FROM 11) <> decode('000000000000', 'hex') THEN sno_invalid(u, NULL::timestamptz)
                ELSE (timestamp '2010-01-01 00:00:00' + (%s) * interval '4 milliseconds') AT TIME ZONE interval '00:00' END
  $f$, units);

  -- The partition, 0..65535 (SnoId.partition()).
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION sno_partition(u uuid) RETURNS int
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN substring(uuid_send(u) FROM 11) <> decode('000000000000', 'hex') THEN sno_invalid(u, NULL::int)
                ELSE %s END
  $f$, partition);

  -- The sequence, 0..65535 (SnoId.sequence()).
  EXECUTE format($f$
    CREATE OR REPLACE FUNCTION sno_sequence(u uuid) RETURNS int
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN CASE WHEN substring(uuid_send(u) FROM 11) <> decode('000000000000', 'hex') THEN sno_invalid(u, NULL::int)
                ELSE %s END
  $f$, sequence);
END
$install$;

-- The canonical text: 16 characters, 5 bits each, most significant first (SnoId.toString()).
CREATE OR REPLACE FUNCTION sno_text(u uuid) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
  alphabet constant text := '23456789abcdefghijklmnopqrstuvwx';
  b bytea := uuid_send(u);
  high bigint;  -- bytes 0..4: characters 0..7
  low bigint;   -- bytes 5..9: characters 8..15
  result text := '';
BEGIN
  IF substring(b FROM 11 FOR 6) <> decode('000000000000', 'hex') THEN
    RAISE EXCEPTION 'Invalid sno ID UUID: % (bytes 10..15 must be zero in the image of a sno ID)', u
      USING ERRCODE = '22023';
  END IF;
  high := (get_byte(b, 0)::bigint << 32) | (get_byte(b, 1)::bigint << 24) | (get_byte(b, 2)::bigint << 16)
        | (get_byte(b, 3)::bigint << 8) | get_byte(b, 4)::bigint;
  low := (get_byte(b, 5)::bigint << 32) | (get_byte(b, 6)::bigint << 24) | (get_byte(b, 7)::bigint << 16)
       | (get_byte(b, 8)::bigint << 8) | get_byte(b, 9)::bigint;
  FOR i IN 0..7 LOOP
    result := result || substr(alphabet, ((high >> (35 - 5 * i)) & 31)::int + 1, 1);
  END LOOP;
  FOR i IN 0..7 LOOP
    result := result || substr(alphabet, ((low >> (35 - 5 * i)) & 31)::int + 1, 1);
  END LOOP;
  RETURN result;
END
$fn$;

-- The UUID image of the ID whose canonical text t is (SnoId.parse(t).toUuid()). Strict: exactly
-- 16 characters of the alphabet, no trimming or case folding; anything else raises 22P02 with
-- the message SnoId.parse gives (here lengths and indexes count characters, not UTF-16 units).
CREATE OR REPLACE FUNCTION sno_uuid(t text) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
  alphabet constant text := '23456789abcdefghijklmnopqrstuvwx';
  n constant int := char_length(t);
  high bigint := 0;  -- characters 0..7: bytes 0..4
  low bigint := 0;   -- characters 8..15: bytes 5..9
  bad int := -1;     -- index of the first character outside the alphabet
  digit int;
  c text;
  code int;
  escaped text[] := '{}';
  quoted text;
BEGIN
  IF n = 16 THEN
    FOR i IN 0..15 LOOP
      digit := strpos(alphabet, substr(t, i + 1, 1)) - 1;
      IF digit < 0 THEN
        bad := i;
        EXIT;
      END IF;
      IF i < 8 THEN
        high := (high << 5) | digit;
      ELSE
        low := (low << 5) | digit;
      END IF;
    END LOOP;
    IF bad < 0 THEN
      RETURN (lpad(to_hex(high), 10, '0') || lpad(to_hex(low), 10, '0') || '000000000000')::uuid;
    END IF;
  END IF;
  -- Not a sno ID. Quote the text as the Java library does: at most 40 characters, then "...";
  -- double quote, backslash and single quote escaped by a backslash; characters outside
  -- printable ASCII as a backslash, "u" and four (or more) upper-case hex digits.
  FOR i IN 1..least(n, 40) LOOP
    c := substr(t, i, 1);
    code := ascii(c);
    escaped[i] := CASE
                    WHEN c IN ('"', chr(92), chr(39)) THEN chr(92) || c
                    WHEN code < 32 OR code > 126 THEN chr(92) || 'u'
                      || upper(CASE WHEN code > 65535 THEN to_hex(code) ELSE lpad(to_hex(code), 4, '0') END)
                    ELSE c
                  END;
  END LOOP;
  quoted := '"' || array_to_string(escaped, '') || '"' || CASE WHEN n > 40 THEN '...' ELSE '' END;
  IF n <> 16 THEN
    RAISE EXCEPTION 'Invalid sno ID: % (length %, expected 16)', quoted, n
      USING ERRCODE = '22P02';
  END IF;
  RAISE EXCEPTION 'Invalid sno ID: % (character ''%'' at index % is not in the alphabet %)',
    quoted, escaped[bad + 1], bad, alphabet
    USING ERRCODE = '22P02';
END
$fn$;

-- The UUID image of the smallest ID of the 4 ms unit holding ts (SnoId.firstAt(ts).toUuid()):
-- tick-tock, metabyte, partition and sequence zero. The IDs whose time unit lies in
-- [unit of a, unit of b) are exactly id >= sno_lower(a) AND id < sno_lower(b), an index range:
-- both timelines of a unit (tick-tock 0, then 1) sort after its sno_lower and before the next
-- unit's. ts must lie in [2010-01-01T00:00:00Z, 2079-09-07T15:47:35.548Z] (SnoId.EPOCH,
-- SnoId.MAX_TIME), else 22023.
CREATE OR REPLACE FUNCTION sno_lower(ts timestamptz) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
  epoch constant timestamptz := timestamptz '2010-01-01 00:00:00+00';
  max_time constant timestamptz := timestamptz '2079-09-07 15:47:35.548+00';
  units bigint;
BEGIN
  IF ts < epoch OR ts > max_time THEN
    RAISE EXCEPTION 'Invalid sno ID time: % (must be in [2010-01-01T00:00:00Z, 2079-09-07T15:47:35.548Z])',
      CASE
        WHEN NOT isfinite(ts) THEN ts::text
        ELSE to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS')
          || CASE
               WHEN extract(microseconds FROM ts) % 1000000 = 0 THEN ''
               WHEN extract(microseconds FROM ts) % 1000 = 0 THEN to_char(ts AT TIME ZONE 'UTC', '.MS')
               ELSE to_char(ts AT TIME ZONE 'UTC', '.US')
             END
          || 'Z'
      END
      USING ERRCODE = '22023';
  END IF;
  -- Exact: extract returns numeric with all six fractional digits; the floor of the
  -- milliseconds, then of the units, is the floor of the units.
  units := floor((extract(epoch FROM ts) - extract(epoch FROM epoch)) * 1000 / 4);
  RETURN (lpad(to_hex(units << 1), 10, '0') || '0000000000000000000000')::uuid;
END
$fn$;
