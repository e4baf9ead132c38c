package io.github.ffmblas.spark;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ludovic.netlib.blas.NativeBLAS;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the README says of MLlib's own BLAS: {@code -Ddev.ludovic.netlib.blas.nativeLibPath} pointed at the OpenBLAS
 * ffmblas loaded makes netlib's JNIBLAS (what MLlib calls for level 2-3) run on that same library, mapped once in the
 * process, so one OpenBLAS thread setting governs both.
 */
class MllibBlasTest {
    @Test
    void netlibJniBlasRunsOnTheOpenBlasFfmblasLoaded() throws IOException {
        Blas.numThreads(); // loads OpenBLAS through ffmblas
        Path library = OpenBlasLibrary.loadedLibrary().orElseThrow().path();
        System.setProperty("dev.ludovic.netlib.blas.nativeLibPath", library.toString());
        dev.ludovic.netlib.blas.BLAS blas = NativeBLAS.getInstance();
        assertEquals("dev.ludovic.netlib.blas.JNIBLAS", blas.getClass().getName());
        double[] a = {1, 2, 3, 4}; // column-major 2x2: [[1, 3], [2, 4]]
        double[] c = new double[4];
        blas.dgemm("N", "N", 2, 2, 2, 1.0, a, 2, a, 2, 0.0, c, 2);
        assertArrayEquals(new double[] {7, 10, 15, 22}, c);
        List<String> mapped = Files.readAllLines(Path.of("/proc/self/maps")).stream()
                .filter(line -> line.contains("libopenblas")).map(line -> line.substring(line.lastIndexOf(' ') + 1))
                .distinct().toList();
        assertEquals(List.of(library.toRealPath().toString()), mapped, "one OpenBLAS in the process");
    }
}
