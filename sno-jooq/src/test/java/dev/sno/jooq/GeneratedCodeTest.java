package dev.sno.jooq;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.sno.InvalidSnoIdException;
import dev.sno.Sno;
import dev.sno.SnoId;
import dev.sno.SnoIdRange;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Collectors;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.UpdatableRecord;
import org.jooq.exception.DataAccessException;
import org.jooq.exception.DataTypeException;
import org.jooq.impl.DSL;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * sno IDs through the classes jOOQ's code generator made from the schemas in src/test/resources/db
 * with the forcedTypes of docs/jooq.md, on each database: UUID ids on H2 and PostgreSQL 18,
 * BINARY(16) ids on H2 and MariaDB 11.4. Randomized tests print their seed and take
 * {@code -Dsno.seed}.
 */
class GeneratedCodeTest {

    static long seed() {
        long seed = Long.getLong("sno.seed", System.nanoTime());
        System.out.println("seed " + seed + " (replay with -Dsno.seed=" + seed + ")");
        return seed;
    }

    /**
     * IDs spread over the whole sno time range (decades apart), the extremes, IDs of one 4 ms unit
     * that differ only in their low components, and fresh IDs from {@code Sno.next}, shuffled.
     */
    static List<SnoId> ids(Random r, int randomCount) {
        List<SnoId> ids = new ArrayList<>();
        long first = SnoId.EPOCH.toEpochMilli();
        long span = SnoId.MAX_TIME.toEpochMilli() - first;
        for (int i = 0; i < randomCount; i++) {
            Instant t = Instant.ofEpochMilli(first + (long) (r.nextDouble() * span));
            ids.add(SnoId.of(t, r.nextBoolean(), r.nextInt(256), r.nextInt(65536), r.nextInt(65536)));
        }
        Instant t = Instant.parse("2026-11-27T12:00:00.004Z");
        ids.addAll(List.of(SnoId.ZERO, SnoId.MAX, SnoId.of(SnoId.EPOCH, true, 255, 65535, 65535),
                SnoId.of(SnoId.MAX_TIME, false, 0, 0, 0), SnoId.of(t, false, 0, 0, 0), SnoId.of(t, false, 0, 0, 1),
                SnoId.of(t, false, 0, 1, 0), SnoId.of(t, false, 1, 0, 0), SnoId.of(t, true, 0, 0, 0),
                SnoId.of(t, false, 127, 32767, 32767), SnoId.of(t, false, 128, 32768, 32768)));
        for (int meta = 0; meta < 20; meta++) {
            ids.add(Sno.next(meta));
        }
        List<SnoId> distinct = new ArrayList<>(ids.stream().distinct().toList());
        Collections.shuffle(distinct, r);
        return distinct;
    }

    /** Inserts the IDs in the given order, each with a parent (every tenth none), through generated records. */
    static <R extends UpdatableRecord<R>> Map<SnoId, SnoId> insert(DSLContext ctx, Events<R> e, List<SnoId> ids,
            Random r) {
        Map<SnoId, SnoId> parents = new HashMap<>();
        List<R> records = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            SnoId parent = i % 10 == 0 ? null : ids.get(r.nextInt(ids.size()));
            parents.put(ids.get(i), parent);
            R record = ctx.newRecord(e.table());
            record.set(e.id(), ids.get(i));
            record.set(e.parentId(), parent);
            record.set(e.name(), "event " + i);
            records.add(record);
        }
        ctx.batchInsert(records).execute();
        return parents;
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void insertedIdsReadBackEqualAndAreStoredAsTheirUuidImage(Target target) throws SQLException {
        try (Target.Db db = target.open()) {
            roundTrip(db.ctx, target.events());
        }
    }

    private static <R extends UpdatableRecord<R>> void roundTrip(DSLContext ctx, Events<R> e) {
        for (int meta : new int[] {0, 1, 127, 255}) {
            SnoId id = Sno.next(meta);
            SnoId parent = Sno.next(meta);
            ctx.insertInto(e.table()).set(e.id(), id).set(e.parentId(), parent).set(e.name(), "meta " + meta).execute();

            R back = ctx.selectFrom(e.table()).where(e.id().eq(id)).fetchSingle();
            assertEquals(id, back.get(e.id()));
            assertEquals(parent, back.get(e.parentId()));
            assertEquals(meta, back.get(e.id()).meta());
            // the column holds the UUID image: 10 ID bytes, six zero bytes
            Object raw = ctx.select(e.raw("id")).from(e.table()).where(e.id().eq(id)).fetchSingle().value1();
            if (e.binary()) {
                assertArrayEquals((byte[]) e.image(id), (byte[]) raw);
            } else {
                assertEquals(e.image(id), raw);
            }
            // and the generated field finds the row by a value bound through the converter
            assertEquals("meta " + meta, ctx.select(e.name()).from(e.table()).where(e.parentId().eq(parent)).fetchSingle().value1());
        }
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void orderByIdIsSnoOrder(Target target) throws SQLException {
        long seed = seed();
        Random r = new Random(seed);
        try (Target.Db db = target.open()) {
            ordered(db.ctx, target.events(), ids(r, 1_000), r, seed);
        }
    }

    private static <R extends UpdatableRecord<R>> void ordered(DSLContext ctx, Events<R> e, List<SnoId> ids, Random r,
            long seed) {
        Map<SnoId, SnoId> parents = insert(ctx, e, ids, r);
        List<SnoId> sorted = ids.stream().sorted().toList();
        sameIds(sorted, ctx.select(e.id()).from(e.table()).orderBy(e.id()).fetch(e.id()), "ORDER BY id, seed " + seed);
        List<SnoId> descending = new ArrayList<>(sorted);
        Collections.reverse(descending);
        sameIds(descending, ctx.select(e.id()).from(e.table()).orderBy(e.id().desc()).fetch(e.id()), "ORDER BY id DESC, seed " + seed);
        // a column without an index sorts the same way
        List<SnoId> parentsSorted = parents.values().stream().filter(p -> p != null).sorted().toList();
        sameIds(parentsSorted, ctx.select(e.parentId()).from(e.table()).where(e.parentId().isNotNull())
                .orderBy(e.parentId()).fetch(e.parentId()), "ORDER BY parent_id, seed " + seed);
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void windowsReturnExactlyWhatContainsAccepts(Target target) throws SQLException {
        long seed = seed();
        Random r = new Random(seed);
        try (Target.Db db = target.open()) {
            windows(db.ctx, target.events(), r, seed);
        }
    }

    private static <R extends UpdatableRecord<R>> void windows(DSLContext ctx, Events<R> e, Random r, long seed) {
        List<SnoId> ids = ids(r, 500);
        // IDs a unit either side of a unit boundary, for time windows that end there
        Instant edge = Instant.parse("2030-01-01T00:00:00Z");
        ids.addAll(List.of(SnoId.lastAt(edge.minusMillis(1)), SnoId.firstAt(edge), SnoId.lastAt(edge)));
        Map<SnoId, SnoId> parents = insert(ctx, e, ids, r);
        List<SnoId> sorted = ids.stream().sorted().toList();

        List<SnoIdRange> ranges = new ArrayList<>();
        ranges.add(new SnoIdRange(SnoId.ZERO, SnoId.MAX)); // everything but MAX, which is in the table
        ranges.add(new SnoIdRange(SnoId.MAX, SnoId.MAX)); // empty
        ranges.add(SnoIdRange.timeWindow(edge.minusSeconds(1), edge)); // ends where firstAt(edge) begins
        ranges.add(SnoIdRange.timeWindow(edge, edge.plusMillis(4)));
        for (int i = 0; i < 30; i++) {
            // bounds on stored IDs: from is in, to is out
            SnoId a = sorted.get(r.nextInt(sorted.size()));
            SnoId b = sorted.get(r.nextInt(sorted.size()));
            SnoIdRange onIds = a.compareTo(b) <= 0 ? new SnoIdRange(a, b) : new SnoIdRange(b, a);
            ranges.add(onIds);
            ranges.add(new SnoIdRange(onIds.from(), onIds.from())); // empty, on a stored ID
            if (!onIds.isEmpty() && !onIds.from().equals(SnoId.ZERO)) {
                // bounds one below stored IDs: a stored from is in, the ID just below a stored to is out
                ranges.add(new SnoIdRange(predecessor(onIds.from()), onIds.last()));
            }
            // time windows between the times of stored IDs
            Instant t1 = a.time();
            Instant t2 = b.time();
            ranges.add(t1.isAfter(t2) ? SnoIdRange.timeWindow(t2, t1) : SnoIdRange.timeWindow(t1, t2));
        }
        int nonEmpty = 0;
        for (SnoIdRange range : ranges) {
            List<SnoId> expected = sorted.stream().filter(range::contains).toList();
            List<SnoId> actual = ctx.select(e.id()).from(e.table()).where(SnoJooq.within(e.id(), range))
                    .orderBy(e.id()).fetch(e.id());
            sameIds(expected, actual, range + ", seed " + seed);
            nonEmpty += expected.isEmpty() ? 0 : 1;
            // on a nullable column: rows without a parent are in no window
            List<SnoId> expectedParents = parents.values().stream().filter(p -> p != null && range.contains(p))
                    .sorted().toList();
            sameIds(expectedParents, ctx.select(e.parentId()).from(e.table())
                    .where(SnoJooq.within(e.parentId(), range)).orderBy(e.parentId()).fetch(e.parentId()),
                    "parents in " + range + ", seed " + seed);
        }
        assertTrue(nonEmpty > ranges.size() / 3, "a third of the windows or more hold rows: " + nonEmpty + " of " + ranges.size());
        // the edges: the bounds of a range on two stored IDs
        SnoId low = sorted.get(100);
        SnoId high = sorted.get(200);
        List<SnoId> inside = ctx.select(e.id()).from(e.table()).where(SnoJooq.within(e.id(), new SnoIdRange(low, high)))
                .orderBy(e.id()).fetch(e.id());
        assertEquals(low, inside.get(0));
        assertEquals(sorted.get(199), inside.get(inside.size() - 1));
        assertFalse(inside.contains(high));
        // a time window ending at a unit boundary leaves out the ID that starts there
        List<SnoId> beforeEdge = ctx.select(e.id()).from(e.table())
                .where(SnoJooq.within(e.id(), SnoIdRange.timeWindow(edge.minusSeconds(1), edge))).fetch(e.id());
        assertTrue(beforeEdge.contains(SnoId.lastAt(edge.minusMillis(1))), beforeEdge.toString());
        assertFalse(beforeEdge.contains(SnoId.firstAt(edge)), beforeEdge.toString());
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void aValueThatIsNotASnoIdIsRefusedNamingIt(Target target) throws SQLException {
        try (Target.Db db = target.open()) {
            malformed(db.ctx, target.events());
        }
    }

    private static <R extends UpdatableRecord<R>> void malformed(DSLContext ctx, Events<R> e) {
        SnoId good = Sno.next(5);
        UUID bad = Events.notAnImage(Sno.next(5));
        Object badRaw = e.binary() ? uuidBytes(bad) : bad;
        ctx.insertInto(e.table()).set(e.raw("id"), e.image(good)).set(e.raw("parent_id"), badRaw)
                .set(e.name(), "bad parent").execute();
        String named = e.binary() ? "0x" + bad.toString().replace("-", "") : bad.toString();

        // jOOQ wraps what a converter throws while reading in a DataAccessException naming the
        // statement and the column; the converter's DataTypeException inside names the value.
        DataAccessException thrown = assertThrows(DataAccessException.class,
                () -> ctx.selectFrom(e.table()).where(e.name().eq("bad parent")).fetch());
        assertTrue(thrown.getMessage().contains("parent_id"), thrown.getMessage());
        DataTypeException refused = thrown.getCause(DataTypeException.class);
        assertNotNull(refused, thrown.toString());
        assertEquals("Not a sno ID in a " + (e.binary() ? "BINARY(16)" : "UUID") + " column: " + named
                + " (bytes 10..15 must be zero in a sno ID's UUID image)", refused.getMessage());
        assertInstanceOf(InvalidSnoIdException.class, refused.getCause(), refused.toString());
        // the same for one column
        DataAccessException one = assertThrows(DataAccessException.class,
                () -> ctx.select(e.parentId()).from(e.table()).fetchSingle());
        assertTrue(one.getCause(DataTypeException.class).getMessage().contains(named), one.toString());
        // the good column of the same row still reads
        assertEquals(good, ctx.select(e.id()).from(e.table()).fetchSingle().value1());
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void nullIsNull(Target target) throws SQLException {
        try (Target.Db db = target.open()) {
            nulls(db.ctx, target.events());
        }
    }

    private static <R extends UpdatableRecord<R>> void nulls(DSLContext ctx, Events<R> e) {
        SnoId orphan = Sno.next(1);
        SnoId child = Sno.next(1);
        ctx.insertInto(e.table()).set(e.id(), orphan).set(e.parentId(), (SnoId) null).set(e.name(), "orphan").execute();
        ctx.insertInto(e.table()).set(e.id(), child).set(e.parentId(), orphan).set(e.name(), "child").execute();
        assertNull(ctx.select(e.parentId()).from(e.table()).where(e.id().eq(orphan)).fetchSingle().value1());
        assertNull(ctx.select(e.raw("parent_id")).from(e.table()).where(e.id().eq(orphan)).fetchSingle().value1());
        assertEquals(List.of(orphan), ctx.select(e.id()).from(e.table()).where(e.parentId().isNull()).fetch(e.id()));
        assertEquals(List.of(child), ctx.select(e.id()).from(e.table()).where(e.parentId().eq(orphan)).fetch(e.id()));
        // setting a parent to null through a record
        R record = ctx.selectFrom(e.table()).where(e.id().eq(child)).fetchSingle();
        record.set(e.parentId(), null);
        record.store();
        assertEquals(List.of(orphan, child), ctx.select(e.id()).from(e.table()).where(e.parentId().isNull())
                .orderBy(e.id()).fetch(e.id()));
    }

    @ParameterizedTest
    @EnumSource(Target.class)
    void handWrittenFieldsUseTheDataTypes(Target target) throws SQLException {
        Events<?> e = target.events();
        Field<SnoId> id = DSL.field(DSL.name("event", "id"), e.snoType());
        Field<String> name = DSL.field(DSL.name("event", "name"), String.class);
        try (Target.Db db = target.open()) {
            List<SnoId> ids = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                ids.add(Sno.nextWithTime(9, Instant.parse("2027-01-01T00:00:00Z").plusSeconds(i)));
            }
            for (SnoId each : ids) {
                db.ctx.insertInto(DSL.table(DSL.name("event")), id, name).values(each, each.toString()).execute();
            }
            assertEquals(ids.subList(1, 4), db.ctx.select(id).from(DSL.table(DSL.name("event")))
                    .where(SnoJooq.within(id, new SnoIdRange(ids.get(1), ids.get(4)))).orderBy(id).fetch(id));
            // read back through the generated table too: the same values
            assertEquals(ids, db.ctx.select(e.id()).from(e.table()).orderBy(e.id()).fetch(e.id()));
            assertEquals(ids.stream().map(SnoId::toString).collect(Collectors.toList()),
                    db.ctx.select(name).from(DSL.table(DSL.name("event"))).orderBy(id).fetch(name));
        }
    }

    /** Equal lists of IDs, or a failure that says where they part rather than printing both. */
    static void sameIds(List<SnoId> expected, List<SnoId> actual, String context) {
        if (expected.equals(actual)) {
            return;
        }
        int i = 0;
        while (i < expected.size() && i < actual.size() && expected.get(i).equals(actual.get(i))) {
            i++;
        }
        List<SnoId> missing = expected.stream().filter(id -> !actual.contains(id)).limit(5).toList();
        List<SnoId> extra = actual.stream().filter(id -> !expected.contains(id)).limit(5).toList();
        fail(context + ": " + expected.size() + " IDs expected, " + actual.size() + " returned; first difference at "
                + i + " (expected " + (i < expected.size() ? expected.get(i) : "none") + ", returned "
                + (i < actual.size() ? actual.get(i) : "none") + "); missing " + missing + ", extra " + extra);
    }

    /** The ID just below id (not ZERO). */
    static SnoId predecessor(SnoId id) {
        return new SnoIdRange(SnoId.ZERO, id).last();
    }

    static byte[] uuidBytes(UUID uuid) {
        byte[] b = new byte[16];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (uuid.getMostSignificantBits() >>> (56 - 8 * i));
            b[8 + i] = (byte) (uuid.getLeastSignificantBits() >>> (56 - 8 * i));
        }
        return b;
    }
}
