package io.github.ffmblas.bindings;

import io.github.ffmblas.nativelib.LoadedLibrary;
import java.util.Optional;

/**
 * What this JVM runs on: the loaded OpenBLAS, as it describes itself, and how ffmblas uses it.
 *
 * @param version          e.g. {@code 0.3.31}, parsed from {@code config}
 * @param config           {@code openblas_get_config()}, e.g. {@code OpenBLAS 0.3.31 DYNAMIC_ARCH ... Haswell MAX_THREADS=64}
 * @param coreName         {@code openblas_get_corename()}: the kernel set in use
 * @param threads          {@code openblas_get_num_threads()}
 * @param processors       {@code openblas_get_num_procs()}
 * @param parallelism      {@code openblas_get_parallel()}
 * @param library          where the library was loaded from
 * @param batchPolicy      how {@link Blas#sgemmBatchStrided} uses this library's batch entry point
 * @param coreTypeOverride the {@code OPENBLAS_CORETYPE} environment variable, when it forces a kernel
 */
public record OpenBlasRuntime(String version, String config, String coreName, int threads, int processors,
                              Parallelism parallelism, LoadedLibrary library, BatchPolicy batchPolicy,
                              Optional<String> coreTypeOverride) {}
