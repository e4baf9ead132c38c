package io.github.ffmblas.netlib.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.lang.foreign.MemorySegment;
import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

/** The per-thread segment cache hands out a segment over exactly the array asked for, and keeps no array alive. */
class HeapSegmentsTest {

    @Test
    void eachArrayGetsItsOwnSegmentAndTheSameOneNextTime() {
        double[][] arrays = new double[10][];
        for (int i = 0; i < arrays.length; i++) {
            arrays[i] = new double[i + 1];
        }
        for (int round = 0; round < 3; round++) {
            for (double[] a : arrays) { // ten arrays through eight entries: misses and hits both
                MemorySegment s = HeapSegments.of(a);
                assertSame(a, s.heapBase().orElseThrow());
                assertEquals(a.length * 8L, s.byteSize());
            }
        }
        double[] a = arrays[5];
        assertSame(HeapSegments.of(a), HeapSegments.of(a));
        float[] f = new float[3];
        assertSame(f, HeapSegments.of(f).heapBase().orElseThrow());
        assertEquals(12, HeapSegments.of(f).byteSize());
    }

    @Test
    void aCachedSegmentDoesNotKeepItsArrayAlive() throws InterruptedException {
        double[] array = new double[1 << 20];
        HeapSegments.of(array);
        WeakReference<double[]> ref = new WeakReference<>(array);
        array = null;
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(null, ref.get(), "the cache kept an 8 MB array alive");
    }
}
