package io.github.ffmblas.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ffmblas's kernels under AddressSanitizer ({@code src/test/c/kernel_bounds.c}): 1,944 products with every
 * operand exactly as long as needed, at the tile and block edges, and 450 heads' K and V packed and multiplied on
 * exact-sized panels, 192 blocks of softmax rows; no byte outside them is touched.
 */
class KernelBoundsTest {
    @Test
    void theKernelsStayInsideEveryOperand(@TempDir Path tmp) throws Exception {
        assumeTrue(CpuInfo.current().vectorIsa() != CpuInfo.VectorIsa.OTHER, "no AVX2 and FMA on this CPU");
        assumeTrue(Files.exists(Path.of("/usr/bin/cc")), "no /usr/bin/cc");
        Path probe = tmp.resolve("probe.c");
        Files.writeString(probe, "int main(void) { return 0; }\n");
        assumeTrue(run(tmp, "/usr/bin/cc", "-fsanitize=address", "-o", tmp.resolve("probe").toString(),
                probe.toString()).exitCode == 0, "this compiler has no AddressSanitizer runtime");
        Path binary = tmp.resolve("bounds");
        Result build = run(tmp, "/usr/bin/cc", "-O1", "-g", "-mavx2", "-mfma", "-ffp-contract=off", "-fsanitize=address",
                "-fno-omit-frame-pointer", "-o", binary.toString(),
                Path.of("src/test/c/kernel_bounds.c").toAbsolutePath().toString(),
                Path.of("src/main/kernels/ffmblas_kernels.c").toAbsolutePath().toString());
        assertEquals(0, build.exitCode, build.output);
        Result bounds = run(tmp, binary.toString());
        assertEquals(0, bounds.exitCode, bounds.output);
        assertTrue(bounds.output.startsWith("ok: 1944 products, every operand exact-sized; 450 heads packed and multiplied;"
                + " 192 softmax blocks"), bounds.output);
    }

    private record Result(int exitCode, String output) {}

    private static Result run(Path dir, String... command) throws Exception {
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + String.join(" ", command));
        return new Result(p.exitValue(), output);
    }
}
