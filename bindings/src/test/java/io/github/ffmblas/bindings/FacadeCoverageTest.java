package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ffmblas.bindings.cblas.cblas_h;
import io.github.ffmblas.generator.BlasRoutines;
import io.github.ffmblas.generator.Routine;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every function of cblas.h, as jextract bound it (cblas_h) and as the header declares it, is either in the facade
 * or excluded below with its reason. A function added to the header and neither bound nor excluded fails here, and
 * so does a stale exclusion. The count of bound routines per precision must be the coverage table's in
 * docs/bindings.md, and the total the README's.
 */
class FacadeCoverageTest {
    private static final String HEADER = "org/bytedeco/openblas/linux-x86_64/include/cblas.h";
    private static final Path README = Path.of("../README.md"); // surefire runs in the module dir
    private static final Path BINDINGS_DOC = Path.of("../docs/bindings.md");

    private static final String BF16 = "bfloat16 / half-precision routine: not exported by the bundled 0.3.31 build"
            + " (x86_64 without BUILD_BFLOAT16 / BUILD_HFLOAT16), and Java has no such element type";
    private static final String GROUP_BATCH = "pointer-array group API (arrays of flags, sizes and matrix pointers):"
            + " the facade offers ?gemmBatchStrided, whose items it can check";
    private static final String SUB = "the facade's value-returning method calls this out-parameter variant, so no"
            + " struct is returned by value across FFM";

    /** Functions with no facade method of their own name, and why. */
    static final Map<String, String> EXCLUDED = Map.ofEntries(
            Map.entry("cblas_sgemm_batch", GROUP_BATCH),
            Map.entry("cblas_dgemm_batch", GROUP_BATCH),
            Map.entry("cblas_cgemm_batch", GROUP_BATCH),
            Map.entry("cblas_zgemm_batch", GROUP_BATCH),
            Map.entry("cblas_cdotu_sub", SUB + " (cdotu)"),
            Map.entry("cblas_cdotc_sub", SUB + " (cdotc)"),
            Map.entry("cblas_zdotu_sub", SUB + " (zdotu)"),
            Map.entry("cblas_zdotc_sub", SUB + " (zdotc)"),
            Map.entry("cblas_sbdot", BF16),
            Map.entry("cblas_sbstobf16", BF16),
            Map.entry("cblas_sbdtobf16", BF16),
            Map.entry("cblas_sbf16tos", BF16),
            Map.entry("cblas_dbf16tod", BF16),
            Map.entry("cblas_sbgemv", BF16),
            Map.entry("cblas_sbgemm", BF16),
            Map.entry("cblas_sbgemm_batch", BF16),
            Map.entry("cblas_sbgemm_batch_strided", BF16),
            Map.entry("cblas_shgemm", BF16),
            Map.entry("cblas_bgemm", BF16),
            Map.entry("cblas_bgemv", BF16),
            Map.entry("cblas_xerbla", "OpenBLAS's error reporter (variadic): the facade checks every argument before"
                    + " a call, so OpenBLAS never has an error to report"),
            Map.entry("goto_set_num_threads", "GotoBLAS-era alias of openblas_set_num_threads (Blas.setNumThreads)"),
            Map.entry("openblas_set_num_threads_local", "per-thread thread count: OpenBLAS keeps one pool per"
                    + " process, and a setting that follows Java threads across the pool is not offered"),
            Map.entry("openblas_set_threads_callback_function", "replaces OpenBLAS's thread pool with a C callback:"
                    + " an upcall into Java on every parallel region is not offered"),
            Map.entry("openblas_setaffinity", "CPU affinity of OpenBLAS's threads (cpu_set_t): not offered"),
            Map.entry("openblas_getaffinity", "CPU affinity of OpenBLAS's threads (cpu_set_t): not offered"));

    /** openblas_* functions the facade offers under Java names. */
    static final Map<String, String> RENAMED = Map.of(
            "openblas_set_num_threads", "setNumThreads",
            "openblas_get_num_threads", "numThreads",
            "openblas_get_config", "runtime",
            "openblas_get_corename", "runtime",
            "openblas_get_num_procs", "runtime",
            "openblas_get_parallel", "runtime");

    private static Set<String> functions;
    private static Set<String> facade;

    @BeforeAll
    static void collect() throws IOException {
        functions = new TreeSet<>(generatedFunctions());
        functions.addAll(headerFunctions());
        facade = Arrays.stream(Blas.class.getMethods())
                .filter(m -> Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() == Blas.class)
                .map(Method::getName)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** cblas_h's functions: a {@code name$descriptor()} method each, or an invoker class for a variadic one. */
    private static Set<String> generatedFunctions() {
        Set<String> names = Arrays.stream(cblas_h.class.getMethods())
                .filter(m -> Modifier.isStatic(m.getModifiers()) && m.getName().endsWith("$descriptor"))
                .map(m -> m.getName().substring(0, m.getName().length() - "$descriptor".length()))
                .collect(Collectors.toCollection(TreeSet::new));
        Arrays.stream(cblas_h.class.getClasses())
                .filter(c -> Arrays.stream(c.getMethods()).anyMatch(m -> m.getName().equals("makeInvoker")))
                .forEach(c -> names.add(c.getSimpleName()));
        return names;
    }

    /** Every function the bundled cblas.h declares, whether or not jextract was told to bind it. */
    private static Set<String> headerFunctions() throws IOException {
        try (InputStream in = FacadeCoverageTest.class.getClassLoader().getResourceAsStream(HEADER)) {
            assertNotNull(in, HEADER + " is not on the class path");
            String header = new String(in.readAllBytes(), StandardCharsets.US_ASCII);
            return CblasHeaderDescriptorTest.parsePrototypes(header).keySet();
        }
    }

    /** The facade method for a cblas_ routine: the name without its prefix, snake_case in camelCase. */
    static String facadeName(String function) {
        String[] parts = function.substring("cblas_".length()).split("_");
        StringBuilder name = new StringBuilder(parts[0]);
        for (int i = 1; i < parts.length; i++) {
            name.append(Character.toUpperCase(parts[i].charAt(0))).append(parts[i].substring(1));
        }
        return name.toString();
    }

    /**
     * The precision of a routine's arrays: its first letter, except sc/dz reductions of complex vectors
     * (scasum -> c), index routines (icamax -> c) and dsdot, whose vectors are float.
     */
    static char precision(String routine) {
        if (routine.equals("dsdot")) {
            return 's';
        }
        if (routine.matches("(sc|dz)(asum|nrm2|sum|amax|amin)")) {
            return routine.charAt(0) == 's' ? 'c' : 'z';
        }
        if (routine.matches("i[sdcz].*")) {
            return routine.charAt(1);
        }
        return routine.charAt(0);
    }

    /** The cblas_ functions the facade has a method for, by facade name. */
    private static Map<String, String> boundRoutines() {
        Map<String, String> bound = new TreeMap<>();
        for (String f : functions) {
            if (f.startsWith("cblas_") && !EXCLUDED.containsKey(f) && facade.contains(facadeName(f))) {
                bound.put(facadeName(f), f);
            }
        }
        return bound;
    }

    @Test
    void everyHeaderFunctionIsInTheFacadeOrExcludedWithAReason() {
        assertTrue(functions.size() >= 200 && functions.contains("cblas_sgemm"), functions.toString());
        List<String> missing = functions.stream()
                .filter(f -> !EXCLUDED.containsKey(f))
                .filter(f -> !(f.startsWith("cblas_") ? facade.contains(facadeName(f))
                        : RENAMED.containsKey(f) && facade.contains(RENAMED.get(f))))
                .toList();
        assertEquals(List.of(), missing, "functions of cblas.h neither in Blas nor in FacadeCoverageTest.EXCLUDED");
    }

    @Test
    void exclusionsAreCurrentAndNotAlsoBound() {
        for (Map.Entry<String, String> e : EXCLUDED.entrySet()) {
            assertTrue(functions.contains(e.getKey()), e.getKey() + " is excluded but cblas.h has no such function");
            assertFalse(e.getValue().isBlank(), e.getKey() + " is excluded without a reason");
            if (e.getKey().startsWith("cblas_")) {
                assertFalse(facade.contains(facadeName(e.getKey())),
                        e.getKey() + " is bound as Blas." + facadeName(e.getKey()) + " and excluded too");
            }
        }
        for (String f : RENAMED.keySet()) {
            assertTrue(functions.contains(f), f + " is mapped but cblas.h has no such function");
        }
    }

    @Test
    void everyFacadeRoutineIsAHeaderFunction() {
        // Facade methods that are not a routine: the library's own controls and the batch route's report.
        Set<String> own = new TreeSet<>(RENAMED.values());
        own.add("batchRoute");
        Set<String> routines = boundRoutines().keySet();
        List<String> stray = facade.stream().filter(m -> !routines.contains(m) && !own.contains(m)).toList();
        assertEquals(List.of(), stray, "Blas methods matching no function of cblas.h");
    }

    @Test
    void theRoutineTableDeclaresEveryBoundRoutineAndItsPrecision() {
        Map<String, Character> table = new TreeMap<>();
        for (Routine r : BlasRoutines.ALL) {
            assertEquals(null, table.put(r.name(), r.precision()), r.name() + " is declared twice in BlasRoutines");
            assertEquals(boundRoutines().get(r.name()), r.symbol().replace("_sub", ""), r.name() + ": the table's"
                    + " symbol and the cblas.h function the facade binds");
        }
        assertEquals(boundRoutines().keySet(), table.keySet(), "the routines of the table against those of Blas");
        for (var e : table.entrySet()) {
            assertEquals(precision(e.getKey()), (char) e.getValue(), e.getKey() + ": the precision of its arrays");
        }
    }

    @Test
    void boundRoutineCountsAgreeWithReadme() throws IOException {
        Map<Character, Integer> counts = new TreeMap<>();
        for (String routine : boundRoutines().keySet()) {
            counts.merge(precision(routine), 1, Integer::sum);
        }
        int total = boundRoutines().size();
        System.out.println("FacadeCoverageTest: " + total + " cblas routines in Blas, by precision " + counts
                + "; " + EXCLUDED.size() + " functions excluded");

        // docs/bindings.md: "| level 1: ... | 14 | 12 | 12 | 12 |" rows, then "198 routines, plus ...".
        String readme = Files.readString(BINDINGS_DOC);
        Pattern row = Pattern.compile("(?m)^\\| (?:level [123]|OpenBLAS extensions)[^\\n]*?"
                + "\\| (\\d+) \\| (\\d+) \\| (\\d+) \\| (\\d+) \\|\\s*$");
        Matcher m = row.matcher(readme);
        int[] columns = new int[4];
        int rows = 0;
        while (m.find()) {
            rows++;
            for (int i = 0; i < 4; i++) {
                columns[i] += Integer.parseInt(m.group(i + 1));
            }
        }
        assertEquals(4, rows, "docs/bindings.md's coverage table: levels 1-3 and the extensions");
        Map<Character, Integer> readmeCounts = new TreeMap<>(Map.of(
                's', columns[0], 'd', columns[1], 'c', columns[2], 'z', columns[3]));
        assertEquals(readmeCounts, counts, "routines per precision: docs/bindings.md's table (expected) against Blas");
        Matcher sentence = Pattern.compile("(\\d+) routines, plus").matcher(readme);
        if (!sentence.find()) {
            fail("docs/bindings.md no longer says how many routines the facade has");
        }
        assertEquals(Integer.parseInt(sentence.group(1)), total, "docs/bindings.md's routine count against Blas");
        Matcher intro = Pattern.compile("OpenBLAS extensions; (\\d+) routines\\)").matcher(Files.readString(README));
        if (!intro.find()) {
            fail("README no longer says how many routines the facade has");
        }
        assertEquals(Integer.parseInt(intro.group(1)), total, "README's routine count against Blas");
    }
}
