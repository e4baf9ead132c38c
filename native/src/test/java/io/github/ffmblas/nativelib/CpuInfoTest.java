package io.github.ffmblas.nativelib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.nativelib.CpuInfo.VectorIsa;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The ISA read from cpuinfo flags lines, and this machine's against its own flags. */
class CpuInfoTest {
    @Test
    void flagsGiveTheWidestIsa() {
        assertEquals(VectorIsa.AVX512_BF16, CpuInfo.isa(" sse2 avx2 fma avx512f avx512_bf16 "));
        assertEquals(VectorIsa.AVX512, CpuInfo.isa(" sse2 avx2 fma avx512f avx512bw "));
        assertEquals(VectorIsa.AVX2, CpuInfo.isa(" sse2 avx avx2 fma bmi2 "));
        assertEquals(VectorIsa.OTHER, CpuInfo.isa(" sse2 avx avx2 ")); // AVX2 without FMA: no OpenBLAS Haswell kernel
        assertEquals(VectorIsa.OTHER, CpuInfo.isa(" sse2 sse4_2 "));
        assertEquals(VectorIsa.OTHER, CpuInfo.isa(" avx512 ")); // a prefix is no flag
    }

    @Test
    void aOneDnnCapBelowAvx512MakesAnAvx512CpuAnAvx2OneForOneDnn() {
        for (String cap : new String[] {"AVX2", "avx2", " AVX2_VNNI ", "AVX", "SSE41"}) {
            assertEquals(VectorIsa.AVX2, CpuInfo.cappedForOneDnn(VectorIsa.AVX512_BF16, cap), cap);
            assertEquals(VectorIsa.AVX2, CpuInfo.cappedForOneDnn(VectorIsa.AVX512, cap), cap);
            assertEquals(VectorIsa.AVX2, CpuInfo.cappedForOneDnn(VectorIsa.AVX2, cap), cap);
        }
        for (String cap : new String[] {null, "", "ALL", "DEFAULT", "AVX512_CORE", "AVX512_CORE_BF16", "AVX10_1_512"}) {
            assertEquals(VectorIsa.AVX512_BF16, CpuInfo.cappedForOneDnn(VectorIsa.AVX512_BF16, cap), cap);
        }
        assertEquals(VectorIsa.OTHER, CpuInfo.cappedForOneDnn(VectorIsa.OTHER, "AVX2")); // a cap adds nothing
    }

    @Test
    void thisMachinesIsaIsItsFlags() throws Exception {
        CpuInfo cpu = CpuInfo.current();
        assertFalse(cpu.model().isBlank());
        assertTrue(cpu.processors() >= 1);
        Path info = Path.of("/proc/cpuinfo");
        if (Files.isReadable(info)) {
            String flags = Files.readAllLines(info).stream().filter(l -> l.startsWith("flags")).findFirst()
                    .orElseThrow();
            assertEquals(flags.contains(" avx512f"), cpu.vectorIsa().name().startsWith("AVX512"), flags);
        }
        assertTrue(cpu.describe().contains(cpu.vectorIsa().toString()));
    }
}
