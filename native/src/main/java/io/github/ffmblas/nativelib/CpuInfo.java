package io.github.ffmblas.nativelib;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The CPU this JVM runs on, as Linux describes it ({@code /proc/cpuinfo}): its model and its widest vector ISA, which
 * decides which kernels OpenBLAS and oneDNN can run, and so what a speed figure means (one from an AVX-512 machine
 * says nothing about an AVX2 one).
 *
 * @param model      e.g. {@code AMD EPYC 9R14 96-Core Processor}, or the architecture where there is no cpuinfo
 * @param vectorIsa  the widest vector instruction set the CPU reports
 * @param processors the processors this JVM may use
 */
public record CpuInfo(String model, VectorIsa vectorIsa, int processors) {
    /** The widest SIMD the CPU reports, by the flags that gate OpenBLAS's and oneDNN's kernels. */
    public enum VectorIsa {
        AVX512_BF16("AVX-512 with BF16"),
        AVX512("AVX-512"),
        AVX2("AVX2 and FMA, no AVX-512"),
        OTHER("no AVX2");

        private final String label;

        VectorIsa(String label) {
            this.label = label;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    /** This machine's. */
    public static CpuInfo current() {
        int processors = Runtime.getRuntime().availableProcessors();
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            String model = lines.stream().filter(l -> l.startsWith("model name")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).strip()).orElse(System.getProperty("os.arch"));
            String flags = lines.stream().filter(l -> l.startsWith("flags")).findFirst()
                    .map(l -> " " + l.substring(l.indexOf(':') + 1).strip().toLowerCase(Locale.ROOT) + " ")
                    .orElse(" ");
            return new CpuInfo(model, isa(flags), processors);
        } catch (IOException | RuntimeException e) {
            return new CpuInfo(System.getProperty("os.arch"), VectorIsa.OTHER, processors); // not Linux
        }
    }

    /** The ISA a cpuinfo flags line (space-padded) reports. */
    static VectorIsa isa(String flags) {
        if (flags.contains(" avx512_bf16 ")) {
            return VectorIsa.AVX512_BF16;
        }
        if (flags.contains(" avx512f ")) {
            return VectorIsa.AVX512;
        }
        return flags.contains(" avx2 ") && flags.contains(" fma ") ? VectorIsa.AVX2 : VectorIsa.OTHER;
    }

    /**
     * The ISA oneDNN may use here: this CPU's, or {@link VectorIsa#AVX2} when {@code ONEDNN_MAX_CPU_ISA} (or its old
     * name {@code DNNL_MAX_CPU_ISA}) caps oneDNN below AVX-512 on an AVX-512 CPU, as a restricted-ISA comparison does.
     */
    public VectorIsa isaForOneDnn() {
        String cap = System.getenv("ONEDNN_MAX_CPU_ISA");
        return cappedForOneDnn(vectorIsa, cap != null ? cap : System.getenv("DNNL_MAX_CPU_ISA"));
    }

    /** {@code isa} under oneDNN's ISA cap {@code cap} (null: none): AVX2 for a cap below AVX-512 on AVX-512 CPUs. */
    public static VectorIsa cappedForOneDnn(VectorIsa isa, String cap) {
        boolean avx512 = isa == VectorIsa.AVX512 || isa == VectorIsa.AVX512_BF16;
        boolean below = cap != null && List.of("SSE41", "AVX", "AVX2", "AVX2_VNNI", "AVX2_VNNI_2")
                .contains(cap.strip().toUpperCase(Locale.ROOT));
        return avx512 && below ? VectorIsa.AVX2 : isa;
    }

    /** e.g. {@code AMD EPYC (AVX2 and FMA, no AVX-512), 2 processors}. */
    public String describe() {
        return model + " (" + vectorIsa + "), " + processors + " processors";
    }
}
