package io.github.ffmblas.onednn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ffmblas.attention.AttentionModel;
import io.github.ffmblas.attention.AttentionOptions;
import io.github.ffmblas.attention.Backend;
import io.github.ffmblas.attention.Loading;
import io.github.ffmblas.attention.PackedGemm;
import io.github.ffmblas.attention.Tensor;
import io.github.ffmblas.attention.Workspace;
import io.github.ffmblas.attention.safetensors.SafeTensorsFile;
import io.github.ffmblas.nativelib.CpuInfo;
import java.lang.foreign.Arena;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link AttentionModel} with this module present: {@link Backend#AUTO} picks by the CPU class, results match PyTorch's,
 * forwards from several threads share the model, and {@code close()} frees oneDNN's copies after the last one.
 */
class OneDnnModelTest {
    private static final Path FIXTURE = Path.of("../attention/src/test/resources/fixtures/pt_seq130.safetensors");
    private static final float TOLERANCE = 1e-4f;

    @ParameterizedTest
    @EnumSource(Loading.class)
    void eachBackendMatchesPyTorch(Loading loading) throws Exception {
        try (SafeTensorsFile file = SafeTensorsFile.open(FIXTURE)) {
            Map<String, String> meta = file.metadata();
            int heads = Integer.parseInt(meta.get("heads"));
            Tensor query = file.tensor("query");
            float[] expected = file.tensor("expected.output").toFloatArray();
            AttentionOptions options = AttentionOptions.DEFAULTS.withCausal(Boolean.parseBoolean(meta.get("causal")));
            for (Backend asked : Backend.values()) {
                try (AttentionModel model = AttentionModel.builder(FIXTURE, heads)
                        .prefix(meta.getOrDefault("prefix", "")).loading(loading).backend(asked).open()) {
                    assertEquals(asked == Backend.AUTO ? autoHere() : asked, model.backend());
                    // Several threads at once, each forward twice (the second on the primitives of the first).
                    ExecutorService pool = Executors.newFixedThreadPool(3);
                    try {
                        List<Future<float[]>> results = new ArrayList<>();
                        for (int t = 0; t < 6; t++) {
                            results.add(pool.submit(() -> {
                                model.forward(query, query, query, options);
                                return model.forward(query, query, query, options).output().toFloatArray();
                            }));
                        }
                        for (Future<float[]> r : results) {
                            float[] got = r.get();
                            for (int i = 0; i < expected.length; i++) {
                                assertEquals(expected[i], got[i], TOLERANCE, asked + " " + loading + ": output " + i);
                            }
                        }
                    } finally {
                        pool.shutdown();
                    }
                    model.close();
                    assertThrows(IllegalStateException.class, () -> model.forward(query, query, query, options));
                }
            }
        }
    }

    /** AUTO's rule (Backend.AUTO): the packed kernel where oneDNN has AVX2 at most and the kernel runs, else oneDNN. */
    private static Backend autoHere() {
        return CpuInfo.current().isaForOneDnn() == CpuInfo.VectorIsa.AVX2 && PackedGemm.unavailable() == null
                ? Backend.PACKED_AVX2 : Backend.ONEDNN;
    }

    @Test
    void autoSaysWhatItPicksAndWhy() {
        String choice = Backend.autoChoice();
        assertTrue(choice.startsWith(autoHere().name() + " (this CPU: " + CpuInfo.current().vectorIsa()), choice);
        assertTrue(choice.contains("docs/performance.md"), choice);
    }

    @Test
    void theModelsWorkspaceTeamAndCallerMemoryWork() throws Exception {
        try (SafeTensorsFile file = SafeTensorsFile.open(FIXTURE);
             AttentionModel model = AttentionModel.builder(FIXTURE, Integer.parseInt(file.metadata().get("heads")))
                     .prefix(file.metadata().getOrDefault("prefix", "")).open();
             Workspace team = Workspace.create(2); Arena arena = Arena.ofConfined()) {
            Tensor query = file.tensor("query");
            Tensor out = Tensor.allocate(arena, query.shape());
            AttentionOptions options = AttentionOptions.DEFAULTS.withCausal(Boolean.parseBoolean(file.metadata().get("causal")))
                    .withNeedWeights(false);
            model.forward(query, query, query, options, team, out, null);
            float[] expected = file.tensor("expected.output").toFloatArray();
            float[] got = out.toFloatArray();
            for (int i = 0; i < expected.length; i++) {
                assertEquals(expected[i], got[i], TOLERANCE, "output " + i);
            }
            assertTrue(model.toString().contains(autoHere().name()), model.toString());
        }
    }
}
