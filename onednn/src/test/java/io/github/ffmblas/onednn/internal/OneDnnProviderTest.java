package io.github.ffmblas.onednn.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.nativelib.CpuInfo;
import org.junit.jupiter.api.Test;

/** What {@code ffmblas info} prints for oneDNN: its version and a matmul kernel for this CPU's ISA. */
class OneDnnProviderTest {
    @Test
    void describesTheKernelOneDnnPicksForThisCpu() {
        String description = new OneDnnProvider().describe();
        assertTrue(description.matches("oneDNN \\d+\\.\\d+\\.\\d+, matmul kernel .+"), description);
        String isa = switch (CpuInfo.current().vectorIsa()) {
            case AVX512, AVX512_BF16 -> "avx512";
            case AVX2 -> "avx2";
            case OTHER -> "";
        };
        assertTrue(description.contains(isa), description + " on a CPU with " + CpuInfo.current().vectorIsa());
    }
}
