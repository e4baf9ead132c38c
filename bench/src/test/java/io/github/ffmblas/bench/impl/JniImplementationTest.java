package io.github.ffmblas.bench.impl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.bench.AttentionProblem;
import io.github.ffmblas.bench.Candidate;
import io.github.ffmblas.bench.SgemmProblem;
import io.github.ffmblas.bench.Workload;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The jni peer computes what native does, through JavaCPP's own copy of the same OpenBLAS build. */
class JniImplementationTest {
    private static final int DEFAULT_FFM_THREADS = Blas.numThreads();

    @AfterAll
    static void restoreThreads() {
        Blas.setNumThreads(DEFAULT_FFM_THREADS);
    }

    @ParameterizedTest(name = "m={0} n={1} k={2} threads={3}")
    @CsvSource({"1,1,1,1", "7,7,7,1", "64,64,64,1", "130,130,130,1", "1,1,1,2", "7,7,7,2", "64,64,64,2", "130,130,130,2",
            "7,33,130,1", "130,7,33,2", "33,130,1,1"})
    void sgemmEqualsNative(int m, int n, int k, int threads) throws Exception {
        JniImplementation jni = new JniImplementation();
        try (Workload w = SgemmCheck.workload(m, n, k)) {
            assertTrue(jni.unsupported(w.problem(), threads).isEmpty(), () -> jni.unsupported(w.problem(), threads).get());
            float[] expected = SgemmCheck.nativeResult(w, threads);
            float[] actual;
            try (Candidate c = jni.prepare(w, threads)) {
                assertEquals(threads, JavaCppOpenBlas.numThreads(), "JavaCPP's thread count");
                c.run();
                actual = c.result();
            }
            SgemmCheck.assertSameProduct(w, expected, actual, "jni " + w.problem().label() + " threads=" + threads);
        }
    }

    @Test
    void javaCppCallsItsOwnCopyOfTheSameBuild() throws Exception {
        JavaCppOpenBlas.load();
        Path ffmblas = OpenBlasLibrary.load().path();
        Path javacpp = JavaCppOpenBlas.libraryPath();
        assertNotEquals(ffmblas.toRealPath(), javacpp.toRealPath(), "JavaCPP loads a file of its own");
        assertEquals(-1L, Files.mismatch(ffmblas, javacpp), "the two files are byte for byte the same");
        assertEquals(Blas.runtime().config(), JavaCppOpenBlas.config(), "openblas_get_config() of both copies");
        assertTrue(JavaCppOpenBlas.config().startsWith("OpenBLAS 0.3.31 "), JavaCppOpenBlas.config());
    }

    @Test
    void ffmBindingsStayOnFfmblasLibraryOnceJavaCppIsLoaded() {
        JavaCppOpenBlas.load();
        assertTrue(JavaCppOpenBlas.ffmBindingsUseFfmblasLibrary());
    }

    @Test
    void eachCopyKeepsItsOwnThreadCount() {
        try {
            Blas.setNumThreads(2);
            JavaCppOpenBlas.setNumThreads(1);
            assertEquals(1, JavaCppOpenBlas.numThreads());
            assertEquals(2, Blas.numThreads(), "setting JavaCPP's copy leaves ffmblas's alone");
            JavaCppOpenBlas.setNumThreads(2);
            Blas.setNumThreads(1);
            assertEquals(2, JavaCppOpenBlas.numThreads());
            assertEquals(1, Blas.numThreads(), "setting ffmblas's copy leaves JavaCPP's alone");
        } finally {
            Blas.setNumThreads(DEFAULT_FFM_THREADS);
        }
    }

    @Test
    void jniGetNumThreadsCallReadsJavaCppsCopy() {
        JavaCppOpenBlas.setNumThreads(2);
        assertEquals(2, JavaCppOpenBlas.getNumThreadsCall().call(0));
        JavaCppOpenBlas.setNumThreads(1);
        assertEquals(1, JavaCppOpenBlas.getNumThreadsCall().call(0));
    }

    @Test
    void pointerWrapsTheSegmentByAddress() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment s = arena.allocate(40, 64);
            SegmentFloatPointer p = new SegmentFloatPointer(s);
            assertEquals(s.address(), p.address());
            assertEquals(10, p.capacity());
            assertEquals(10, p.limit());
            assertEquals(0, p.position());
            p.put(3, 2.5f);
            assertEquals(2.5f, s.getAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT, 3), "writes land in the segment");
            assertThrows(IllegalArgumentException.class, () -> new SegmentFloatPointer(MemorySegment.ofArray(new float[4])));
        }
    }

    @Test
    void attentionIsUnsupported() {
        JniImplementation jni = new JniImplementation();
        assertTrue(jni.unsupported(new AttentionProblem(1, 8, 8, 16, 2), 1).isPresent());
        assertTrue(jni.unsupported(new SgemmProblem(4), 1).isEmpty());
        assertEquals("jni", jni.name());
    }
}
