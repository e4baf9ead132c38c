package io.github.ffmblas.bindings;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code Blas.sgemm} passes memory confined to the caller, or global, by address, and memory of shared and
 * automatic arenas as segments FFM holds during the call. Every mix of the two must compute the same product,
 * at offsets, against the naive oracle.
 */
class SgemmArenaKindsTest {

    @ParameterizedTest(name = "A {0}, B and C the others")
    @ValueSource(strings = {"confined", "shared", "auto", "global view", "address view"})
    void everyKindOfMemoryGivesTheSameProduct(String kindOfA) {
        int m = 7;
        int n = 33;
        int k = 13;
        int aOffset = 3;
        int bOffset = 5;
        int cOffset = 1;
        Random random = new Random(kindOfA.hashCode());
        float[] a = TestData.matrix(random, Layout.ROW_MAJOR, m, k, aOffset, k);
        float[] b = TestData.matrix(random, Layout.ROW_MAJOR, n, k, bOffset, k);
        float[] c = TestData.matrix(random, Layout.ROW_MAJOR, m, n, cOffset, n);
        NaiveBlas.Expected expected = NaiveBlas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.TRANSPOSE,
                m, n, k, 0.5f, a, aOffset, k, b, bOffset, k, 2f, c, cOffset, n);
        List<String> kinds = List.of("confined", "shared", "auto", "global view", "address view");
        try (Arena confined = Arena.ofConfined(); Arena shared = Arena.ofShared()) {
            Function<String, Function<float[], MemorySegment>> memory = kind -> data -> switch (kind) {
                case "confined" -> TestData.copy(confined, data);
                case "shared" -> TestData.copy(shared, data);
                case "auto" -> TestData.copy(Arena.ofAuto(), data);
                case "global view" -> TestData.copy(confined, data).reinterpret(Arena.global(), null);
                case "address view" -> {
                    MemorySegment s = TestData.copy(confined, data);
                    yield MemorySegment.ofAddress(s.address()).reinterpret(s.byteSize());
                }
                default -> throw new IllegalArgumentException(kind);
            };
            int at = kinds.indexOf(kindOfA);
            MemorySegment sa = memory.apply(kindOfA).apply(a);
            MemorySegment sb = memory.apply(kinds.get((at + 1) % kinds.size())).apply(b);
            MemorySegment sc = memory.apply(kinds.get((at + 2) % kinds.size())).apply(c);
            Blas.sgemm(Layout.ROW_MAJOR, Transpose.NO_TRANSPOSE, Transpose.TRANSPOSE, m, n, k, 0.5f, sa, aOffset, k,
                    sb, bOffset, k, 2f, sc, cOffset, n);
            expected.assertMatches(TestData.read(sc), "A " + kindOfA);
        }
    }
}
