package io.github.ffmblas.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The roofline summary: native attention over the same run's OpenBLAS n=1024 sgemm rate, per thread count. */
class ReportsTest {

    @Test
    void rooflineDividesByTheSameThreadCountsFastestSameLibrarySgemmRate() {
        AttentionProblem shape = new AttentionProblem(1, 512, 512, 768, 12);
        List<Result> results = List.of(
                Result.of(new SgemmProblem(1024), "native", 1).timed(10, 11, 200, 5),
                Result.of(new SgemmProblem(1024), "jni", 1).timed(10, 11, 210, 5),
                Result.of(new SgemmProblem(1024), "c", 1).timed(10, 11, 250, 5),
                Result.of(new SgemmProblem(1024), "native", 2).timed(5, 6, 400, 5),
                Result.of(new SgemmProblem(1024), "c", 2).timed(5, 6, 390, 5),
                // Other kernels and other sizes are not OpenBLAS's n=1024 rate.
                Result.of(new SgemmProblem(1024), "onnxruntime", 1).timed(10, 11, 999, 5),
                Result.of(new SgemmProblem(1024), "java-vector", 2).timed(10, 11, 999, 5),
                Result.of(new SgemmProblem(256), "native", 1).timed(1, 1, 999, 5),
                Result.of(shape, "native", 1).timed(20, 21, 170, 5),
                Result.of(shape, "onnxruntime", 1).timed(20, 21, 999, 5),
                Result.of(shape, "native", 2).timed(12, 13, 300, 5),
                Result.of(shape, "native-onednn", 2).timed(11, 12, 360, 5));
        String table = Reports.rooflineTable(results);
        assertTrue(table.contains("| B=1 Lq=512 Lk=512 d=768 H=12 | native | 1 | 170.0 | 250.0 | 68% |"), table);
        assertTrue(table.contains("| B=1 Lq=512 Lk=512 d=768 H=12 | native | 2 | 300.0 | 400.0 | 75% |"), table);
        assertTrue(table.contains("| B=1 Lq=512 Lk=512 d=768 H=12 | native-onednn | 2 | 360.0 | 400.0 | 90% |"), table);
        assertEquals(3, table.lines().filter(l -> l.startsWith("| B=")).count(), table);
    }

    @Test
    void noRooflineWithoutAnN1024Sgemm() {
        AttentionProblem shape = new AttentionProblem(1, 8, 8, 16, 2);
        assertEquals("", Reports.rooflineTable(List.of(Result.of(shape, "native", 1).timed(1, 1, 10, 5),
                Result.of(new SgemmProblem(256), "native", 1).timed(1, 1, 100, 5),
                Result.of(new SgemmProblem(128, 1024, 1024), "native", 1).timed(1, 1, 100, 5),
                Result.of(new SgemmProblem(1024, 1024, 768), "native", 1).timed(1, 1, 100, 5))));
    }

    @Test
    void headingsNameTheWholeShape() {
        assertEquals("sgemm n=1024, 1 thread",
                Reports.heading(List.of(Result.of(new SgemmProblem(1024), "native", 1))));
        assertEquals("sgemm m=128 n=2304 k=768, 2 threads",
                Reports.heading(List.of(Result.of(new SgemmProblem(128, 2304, 768), "native", 2))));
        assertEquals("attention B=8 Lq=128 Lk=64 d=512 H=8, 1 thread",
                Reports.heading(List.of(Result.of(new AttentionProblem(8, 128, 64, 512, 8), "native", 1))));
    }
}
