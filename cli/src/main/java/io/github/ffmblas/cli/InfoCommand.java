package io.github.ffmblas.cli;

import io.github.ffmblas.attention.Backend;
import io.github.ffmblas.attention.PackedGemm;
import io.github.ffmblas.attention.spi.GemmProvider;
import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.OpenBlasRuntime;
import io.github.ffmblas.nativelib.CpuInfo;
import io.github.ffmblas.nativelib.KernelLibrary;
import io.github.ffmblas.nativelib.LoadedLibrary;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code ffmblas info}: what this JVM runs on and which OpenBLAS it loaded, from where. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = "The JDK, the OpenBLAS loaded (version, config, kernel, threads) and where it came from.")
final class InfoCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        OpenBlasLibrary.load();
        OpenBlasRuntime rt = Blas.runtime();
        LoadedLibrary lib = rt.library();
        out.println("ffmblas " + Main.version());
        out.println("JDK:            " + Runtime.version() + " (" + System.getProperty("java.vendor") + ") at "
                + System.getProperty("java.home"));
        out.println("native access:  " + (OpenBlasLibrary.isNativeAccessEnabled() ? "enabled"
                : "NOT enabled: pass " + OpenBlasLibrary.NATIVE_ACCESS_FLAG));
        out.println("CPU:            " + CpuInfo.current().describe());
        out.println("OpenBLAS:       " + rt.version());
        out.println("config:         " + rt.config());
        out.println("core:           " + rt.coreName() + " (OpenBLAS's kernel set for this CPU)");
        rt.coreTypeOverride().ifPresent(core -> out.println("                OPENBLAS_CORETYPE=" + core
                + " forces this kernel; unset it to let OpenBLAS pick the best one for this CPU"));
        out.println("threads:        " + rt.threads() + " (" + rt.processors() + " processors, "
                + rt.parallelism().name().toLowerCase(Locale.ROOT) + ")");
        out.println("library:        " + lib.source().label()
                + lib.artifactVersion().map(v -> " org.bytedeco:openblas:" + v).orElse("") + " at " + lib.path());
        out.println("                " + lib.detail());
        out.println("batched sgemm:  " + rt.batchPolicy().description());
        out.println("softmax:        " + io.github.ffmblas.attention.MultiHeadAttention.softmaxImplementation());
        out.println("packed_avx2:    " + (PackedGemm.unavailable() == null ? "ffmblas's AVX2/FMA kernel "
                + KernelLibrary.FILE + " (the projections, weights packed once; the heads, each one's K and V"
                + " packed once a forward)"
                : "does not run here: " + PackedGemm.unavailable()));
        for (GemmProvider provider : ServiceLoader.load(GemmProvider.class)) {
            String description;
            try {
                description = provider.describe();
            } catch (RuntimeException | LinkageError e) {
                description = "does not run here: " + e.getMessage();
            }
            out.println(String.format("%-16s", provider.backend().name().toLowerCase(Locale.ROOT) + ":")
                    + description);
        }
        out.println("Backend.AUTO:   " + Backend.autoChoice());
        return 0;
    }
}
