package io.github.ffmblas.bench;

import io.github.ffmblas.bench.impl.CHarnessImplementation;
import io.github.ffmblas.bench.impl.JavaReferenceImplementation;
import io.github.ffmblas.bench.impl.JavaVectorImplementation;
import io.github.ffmblas.bench.impl.JniImplementation;
import io.github.ffmblas.bench.impl.NativeImplementation;
import io.github.ffmblas.bench.impl.NativeOneDnnImplementation;
import io.github.ffmblas.bench.impl.NativePackedImplementation;
import io.github.ffmblas.bench.impl.NativeOpenBlasThreadsImplementation;
import io.github.ffmblas.bench.impl.OnnxRuntimeImplementation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every implementation the benchmark knows, native first. */
public final class Implementations {
    private Implementations() {}

    public static Map<String, Implementation> all() {
        Map<String, Implementation> all = new LinkedHashMap<>();
        for (Implementation impl : List.<Implementation>of(new NativeImplementation(), new NativeOneDnnImplementation(),
                new NativePackedImplementation(),
                new NativeOpenBlasThreadsImplementation(), new JavaReferenceImplementation(),
                new JavaVectorImplementation(), new JniImplementation(), new OnnxRuntimeImplementation(),
                new CHarnessImplementation())) {
            all.put(impl.name(), impl);
        }
        return all;
    }

    /** The named implementations, native first (added when missing: it is the reference). */
    public static List<Implementation> select(List<String> names) {
        Map<String, Implementation> all = all();
        List<Implementation> chosen = new ArrayList<>();
        chosen.add(all.get("native"));
        for (String name : names) {
            Implementation impl = all.get(name);
            if (impl == null) {
                throw new IllegalArgumentException("unknown implementation '" + name + "'; known: " + String.join(", ", all.keySet()));
            }
            if (!chosen.contains(impl)) {
                chosen.add(impl);
            }
        }
        return chosen;
    }
}
