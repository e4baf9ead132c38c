package io.github.ffmblas.attention.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The workspace's thread team: every item once, failures back on the owner, and a clean stop. */
class TeamTest {

    @ParameterizedTest(name = "threads={0} items={1}")
    @CsvSource({"1,0", "1,7", "2,0", "2,1", "2,2", "2,33", "3,1", "3,130", "4,1000"})
    void runsEveryItemExactlyOnceOnAMemberOfTheTeam(int threads, int items) {
        try (Team team = new Team(threads)) {
            for (int round = 0; round < 20; round++) {
                AtomicIntegerArray runs = new AtomicIntegerArray(Math.max(items, 1));
                AtomicIntegerArray members = new AtomicIntegerArray(threads);
                team.run((item, member) -> {
                    runs.incrementAndGet(item);
                    members.incrementAndGet(member);
                }, items);
                for (int i = 0; i < items; i++) {
                    assertEquals(1, runs.get(i), "item " + i + " in round " + round);
                }
                int total = 0;
                for (int m = 0; m < threads; m++) {
                    total += members.get(m);
                }
                assertEquals(items, total);
            }
        }
    }

    @Test
    void aFailureInAnyItemReachesTheOwnerAndTheTeamKeepsWorking() {
        try (Team team = new Team(2)) {
            for (int bad : new int[] {0, 1, 17, 63}) {
                IllegalStateException e = assertThrows(IllegalStateException.class, () -> team.run((item, member) -> {
                    if (item == bad) {
                        throw new IllegalStateException("item " + bad);
                    }
                }, 64));
                assertEquals("item " + bad, e.getMessage());
            }
            assertThrows(StackOverflowError.class, () -> team.run((item, member) -> {
                throw new StackOverflowError();
            }, 8));
            // A checked exception thrown sneakily is not lost either.
            IllegalStateException wrapped = assertThrows(IllegalStateException.class,
                    () -> team.run((item, member) -> TeamTest.<RuntimeException>sneaky(new java.io.IOException("io")), 4));
            assertEquals("io", wrapped.getCause().getMessage());
            AtomicIntegerArray runs = new AtomicIntegerArray(50);
            team.run((item, member) -> runs.incrementAndGet(item), 50);
            for (int i = 0; i < 50; i++) {
                assertEquals(1, runs.get(i));
            }
        }
    }

    @Test
    void aFailureOnAHelperReachesTheOwner() {
        try (Team team = new Team(2)) {
            // Items are slow, so the helper surely takes some; only the helper's fail.
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> team.run((item, member) -> {
                sleep(2);
                if (member != 0) {
                    throw new IllegalArgumentException("on helper " + member);
                }
            }, 40));
            assertEquals("on helper 1", e.getMessage());
        }
    }

    @Test
    void loopsMayNotNest() {
        try (Team team = new Team(2)) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> team.run((item, member) -> team.run((i, m) -> { }, 2), 2));
            assertTrue(e.getMessage().contains("already running"), e.getMessage());
            AtomicIntegerArray runs = new AtomicIntegerArray(3);
            team.run((item, member) -> runs.incrementAndGet(item), 3); // and the team still works
            assertEquals(1, runs.get(2));
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void itemsReallyRunOnTheHelpersToo() throws Exception {
        try (Team team = new Team(2)) {
            AtomicIntegerArray members = new AtomicIntegerArray(2);
            // Each item waits a little, so the owner cannot finish them all before the helper picks one up.
            team.run((item, member) -> {
                members.incrementAndGet(member);
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, 40);
            assertTrue(members.get(1) > 0, "the helper ran nothing");
        }
    }

    @Test
    void closeStopsTheHelpers() throws Exception {
        Team team = new Team(3);
        team.run((item, member) -> { }, 10);
        Thread helper = team.anyWorker();
        assertTrue(helper.isAlive() && helper.isDaemon());
        team.close();
        helper.join(10_000);
        assertTrue(!helper.isAlive(), "the helper is still running after close()");
    }

    @Test
    void aTeamOfOneHasNoHelpers() {
        try (Team team = new Team(1)) {
            assertEquals(1, team.size());
            assertSame(null, team.anyWorker());
        }
        assertThrows(IllegalArgumentException.class, () -> new Team(0));
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> void sneaky(Throwable e) throws E {
        throw (E) e;
    }
}
