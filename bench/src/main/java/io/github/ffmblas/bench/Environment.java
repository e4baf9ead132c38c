package io.github.ffmblas.bench;

import io.github.ffmblas.bindings.Blas;
import io.github.ffmblas.bindings.OpenBlasRuntime;
import io.github.ffmblas.nativelib.CpuInfo;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

/** What a benchmark ran on, printed first and stored with the results. */
public record Environment(Map<String, String> values) {

    public static Environment capture(Iterable<Implementation> implementations) {
        OpenBlasRuntime rt = Blas.runtime();
        Map<String, String> v = new LinkedHashMap<>();
        v.put("date", ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        v.put("cpu", cpuModel());
        v.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        v.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        v.put("jdk", Runtime.version() + " (" + System.getProperty("java.vendor") + ")");
        v.put("openblas_version", rt.version());
        v.put("openblas_config", rt.config());
        v.put("openblas_core", rt.coreName());
        v.put("openblas_coretype_env", System.getenv().getOrDefault("OPENBLAS_CORETYPE", "(unset: OpenBLAS picks the kernel)"));
        v.put("openblas_l2_size_env", System.getenv().getOrDefault("OPENBLAS_L2_SIZE", "(unset)"));
        v.put("onednn_max_cpu_isa_env", System.getenv().getOrDefault("ONEDNN_MAX_CPU_ISA", "(unset)"));
        v.put("backend_auto", io.github.ffmblas.attention.Backend.autoChoice());
        v.put("openblas_library", rt.library().source().label() + " " + rt.library().path());
        v.put("batched_sgemm", rt.batchPolicy().description());
        v.put("softmax", io.github.ffmblas.attention.MultiHeadAttention.softmaxImplementation());
        for (Implementation impl : implementations) {
            String details = impl.details();
            if (!details.isEmpty()) {
                v.put("impl_" + impl.name(), details);
            }
        }
        return new Environment(v);
    }

    private static String cpuModel() {
        CpuInfo cpu = CpuInfo.current();
        return cpu.model() + " (" + cpu.vectorIsa() + ")";
    }
}
