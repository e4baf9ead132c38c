package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.ffmblas.bindings.cblas.cblas_h;
import io.github.ffmblas.nativelib.OpenBlasLibrary;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.AddressLayout;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * jextract's output (cblas_h) against the cblas.h it claims to describe, the one shipped in
 * the bundled org.bytedeco:openblas jar: every function descriptor, every constant, and the list of what is
 * bound (bindings/jextract/includes.txt). A regenerated or edited cblas_h that drifts from the header fails here.
 */
class CblasHeaderDescriptorTest {
    private static final String INCLUDE = "org/bytedeco/openblas/linux-x86_64/include/";
    private static final Path INCLUDES_TXT = Path.of("jextract/includes.txt"); // surefire runs in the module dir

    private static String header;
    private static String config;
    private static Map<String, Prototype> prototypes;

    /**
     * A C function declaration: its return type and parameter types as written (names dropped). Only bound
     * functions are mapped to carriers: the header declares many types cblas_h never meets.
     */
    record Prototype(String name, String returnType, List<String> parameterTypes, String declaration) {
        Optional<Carrier> returns() {
            return returnType.equals("void") ? Optional.empty() : Optional.of(carrier(returnType, declaration));
        }

        List<Carrier> parameters() {
            return parameterTypes.stream().map(t -> carrier(t, declaration)).toList();
        }
    }

    /** The FFM layouts a C type of this header maps to on LP64 Linux. */
    enum Carrier {
        INT(int.class, 4), LONG(long.class, 8), SHORT(short.class, 2), FLOAT(float.class, 4),
        DOUBLE(double.class, 8), ADDRESS(MemorySegment.class, 8),
        /** openblas_complex_float and _double under FORCE_OPENBLAS_COMPLEX_STRUCT: {real, imag}. */
        COMPLEX_FLOAT(float.class, 8), COMPLEX_DOUBLE(double.class, 16);

        final Class<?> carrier;
        final long size;

        Carrier(Class<?> carrier, long size) {
            this.carrier = carrier;
            this.size = size;
        }

        void assertMatches(MemoryLayout layout, String where) {
            if (this == COMPLEX_FLOAT || this == COMPLEX_DOUBLE) {
                StructLayout struct = assertInstanceOf(StructLayout.class, layout, where);
                assertEquals(size, struct.byteSize(), where + ": size");
                assertEquals(2, struct.memberLayouts().size(), where + ": members");
                for (MemoryLayout member : struct.memberLayouts()) {
                    assertEquals(carrier, assertInstanceOf(ValueLayout.class, member, where).carrier(), where);
                }
                return;
            }
            ValueLayout value = assertInstanceOf(ValueLayout.class, layout, where);
            assertEquals(carrier, value.carrier(), where + ": carrier");
            assertEquals(size, value.byteSize(), where + ": size");
            if (this == ADDRESS) {
                assertInstanceOf(AddressLayout.class, layout, where);
            }
        }
    }

    @BeforeAll
    static void readHeaders() throws IOException {
        OpenBlasLibrary.load(); // cblas_h resolves each symbol when its descriptor holder is first used
        header = resource("cblas.h");
        config = resource("openblas_config.h");
        prototypes = parsePrototypes(header);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = CblasHeaderDescriptorTest.class.getClassLoader().getResourceAsStream(INCLUDE + name)) {
            assertNotNull(in, INCLUDE + name + " is not on the class path");
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        }
    }

    // ---- a small parser for this header's declarations ---------------------------------------------------------

    static String stripComments(String text) {
        return text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\n]*", " ");
    }

    private static final Pattern FUNCTION = Pattern.compile("^(.+?)\\b(\\w+)\\s*\\((.*)\\)$");

    /**
     * Every function declared in the header, by name. Statements end at ';', '{' or '}' (so extern "C" blocks
     * and enum bodies split off), may span lines, and preprocessor lines are dropped. Typedefs are skipped.
     */
    static Map<String, Prototype> parsePrototypes(String text) {
        String code = Arrays.stream(stripComments(text).split("\n"))
                .filter(line -> !line.strip().startsWith("#"))
                .collect(Collectors.joining(" "));
        Map<String, Prototype> found = new HashMap<>();
        for (String raw : code.split("[;{}]")) {
            String statement = raw.replaceAll("\\s+", " ").strip();
            if (statement.startsWith("typedef") || statement.contains("(*")) {
                continue;
            }
            Matcher m = FUNCTION.matcher(statement);
            if (!m.matches()) {
                continue;
            }
            String name = m.group(2);
            Prototype prototype = new Prototype(name, m.group(1).strip(), parameterTypes(m.group(3)), statement);
            Prototype previous = found.put(name, prototype);
            if (previous != null && (!previous.returnType().equals(prototype.returnType())
                    || !previous.parameterTypes().equals(prototype.parameterTypes()))) {
                fail("two different declarations of " + name + ":\n" + previous.declaration() + "\n" + statement);
            }
        }
        return found;
    }

    private static List<String> parameterTypes(String list) {
        String trimmed = list.strip();
        if (trimmed.isEmpty() || trimmed.equals("void")) {
            return List.of();
        }
        return Arrays.stream(trimmed.split(",")).map(CblasHeaderDescriptorTest::withoutName).toList();
    }

    /**
     * A parameter's type without its name: {@code OPENBLAS_CONST blasint incx} -> {@code OPENBLAS_CONST blasint},
     * {@code float *x} -> {@code float *}. Every parameter in this header is named.
     */
    private static String withoutName(String parameter) {
        Matcher m = Pattern.compile("^(.*?)\\s*\\b\\w+$").matcher(parameter.strip());
        return m.matches() ? m.group(1) : parameter.strip();
    }

    /** The carrier of a C type as it appears in this header. */
    static Carrier carrier(String cType, String statement) {
        String t = cType.replace("OPENBLAS_CONST", " ").replaceAll("\\bconst\\b", " ").replaceAll("\\s+", " ").strip();
        if (t.contains("*") || t.endsWith("_callback")) {
            return Carrier.ADDRESS; // char* openblas_get_config(void), float *x, ...
        }
        return switch (t) {
            // blasint is int unless OPENBLAS_USE64BITINT (checked in blasintIsA32BitInt); enums are int.
            case "int", "blasint" -> Carrier.INT;
            case String e when e.matches("(enum )?CBLAS_(ORDER|LAYOUT|TRANSPOSE|UPLO|DIAG|SIDE)") -> Carrier.INT;
            case "CBLAS_INDEX", "size_t" -> Carrier.LONG; // size_t on LP64
            case "bfloat16", "hfloat16" -> Carrier.SHORT; // uint16_t bit patterns
            case "openblas_complex_float" -> Carrier.COMPLEX_FLOAT;
            case "openblas_complex_double" -> Carrier.COMPLEX_DOUBLE;
            case "float" -> Carrier.FLOAT;
            case "double" -> Carrier.DOUBLE;
            default -> throw new AssertionError("no mapping for C type '" + t + "' in: " + statement);
        };
    }

    @Test
    void parserReadsMultiLinePrototypesAndIgnoresComments() {
        Map<String, Prototype> parsed = parsePrototypes("""
                /* void decoy(int x); */
                #define X 1
                char* get_name(void);
                // float decoy2(float f);
                void two_lines(OPENBLAS_CONST enum CBLAS_ORDER order,
                               OPENBLAS_CONST float  *a, const blasint lda);
                typedef void (*callback)(int a, void *b);
                """);
        assertEquals(Set.of("get_name", "two_lines"), parsed.keySet());
        assertEquals(Optional.of(Carrier.ADDRESS), parsed.get("get_name").returns());
        assertEquals(List.of(), parsed.get("get_name").parameters());
        assertEquals(Optional.empty(), parsed.get("two_lines").returns());
        assertEquals(List.of(Carrier.INT, Carrier.ADDRESS, Carrier.INT), parsed.get("two_lines").parameters());
    }

    // ---- what cblas_h binds -------------------------------------------------------------------------------------

    /** Functions bound by cblas_h: those with a public static {@code name$descriptor()} method. */
    static Stream<String> boundFunctions() {
        return Arrays.stream(cblas_h.class.getMethods())
                .filter(m -> Modifier.isStatic(m.getModifiers()) && m.getName().endsWith("$descriptor"))
                .map(m -> m.getName().substring(0, m.getName().length() - "$descriptor".length()))
                .sorted();
    }

    @ParameterizedTest
    @MethodSource("boundFunctions")
    void descriptorMatchesTheHeaderPrototype(String function) throws ReflectiveOperationException {
        Prototype prototype = prototypes.get(function);
        assertNotNull(prototype, function + " is bound but not declared in cblas.h");
        assumeTrue(SymbolLookup.loaderLookup().find(function).isPresent(),
                "the loaded library does not export " + function);
        FunctionDescriptor descriptor = (FunctionDescriptor) cblas_h.class.getMethod(function + "$descriptor")
                .invoke(null);

        String where = function + " (" + prototype.declaration() + ")";
        assertEquals(prototype.parameters().size(), descriptor.argumentLayouts().size(), where + ": argument count");
        for (int i = 0; i < prototype.parameters().size(); i++) {
            prototype.parameters().get(i).assertMatches(descriptor.argumentLayouts().get(i), where + ": argument " + i);
        }
        assertEquals(prototype.returns().isPresent(), descriptor.returnLayout().isPresent(), where + ": returns");
        prototype.returns().ifPresent(r -> r.assertMatches(descriptor.returnLayout().orElseThrow(), where + ": return"));
    }

    @Test
    void boundFunctionsAreExactlyTheIncludedOnes() throws IOException {
        Set<String> bound = boundFunctions().collect(Collectors.toCollection(TreeSet::new));
        // jextract makes a variadic function (cblas_xerbla) an invoker class, not a $descriptor method.
        Set<String> included = includes("--include-function").stream()
                .filter(f -> !prototypes.get(f).declaration().contains("..."))
                .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(included, bound);
        assertTrue(bound.contains("cblas_sgemm") && bound.size() >= 12, bound.toString());
    }

    @Test
    void constantGettersEqualTheHeaderValues() throws IOException {
        Map<String, Long> headerValues = headerConstants();
        Map<String, Integer> getters = constantGetters();
        assertEquals(includes("--include-constant"), getters.keySet());
        for (Map.Entry<String, Integer> getter : getters.entrySet()) {
            Long value = headerValues.get(getter.getKey());
            assertNotNull(value, getter.getKey() + " is bound but cblas.h defines no such constant");
            assertEquals(value.longValue(), getter.getValue().longValue(), getter.getKey());
        }
    }

    @Test
    void facadeEnumsUseTheHeaderCodes() {
        assertEquals(cblas_h.CblasRowMajor(), Layout.ROW_MAJOR.code());
        assertEquals(cblas_h.CblasColMajor(), Layout.COLUMN_MAJOR.code());
        assertEquals(cblas_h.CblasNoTrans(), Transpose.NO_TRANSPOSE.code());
        assertEquals(cblas_h.CblasTrans(), Transpose.TRANSPOSE.code());
        Map<String, Long> headerValues = headerConstants();
        assertEquals(headerValues.get("CblasRowMajor"), (long) Layout.ROW_MAJOR.code());
        assertEquals(headerValues.get("CblasTrans"), (long) Transpose.TRANSPOSE.code());
        assertEquals(Parallelism.SEQUENTIAL, Parallelism.fromCode(cblas_h.OPENBLAS_SEQUENTIAL()));
        assertEquals(Parallelism.PTHREADS, Parallelism.fromCode(cblas_h.OPENBLAS_THREAD()));
        assertEquals(Parallelism.OPENMP, Parallelism.fromCode(cblas_h.OPENBLAS_OPENMP()));
    }

    /** cblas_h binds blasint as a 32-bit int; that holds only for a build without 64-bit integers. */
    @Test
    void blasintIsA32BitInt() {
        String code = stripComments(config);
        assertFalse(Pattern.compile("#\\s*define\\s+\\w*(USE64BITINT|INTERFACE64)\\b").matcher(code).find(),
                "openblas_config.h enables 64-bit BLAS integers");
        assertTrue(code.contains("typedef int blasint;"), "openblas_config.h lacks 'typedef int blasint;'");
        assertEquals(ValueLayout.JAVA_INT, cblas_h.blasint);
        assertTrue(includesLines().contains("--include-typedef blasint"));
    }

    /** Enum constants ({@code CblasRowMajor=101}) and integer {@code #define}s of cblas.h, by name. */
    private static Map<String, Long> headerConstants() {
        Map<String, Long> values = new TreeMap<>();
        String code = stripComments(header);
        Matcher enums = Pattern.compile("enum\\s+\\w+\\s*\\{([^}]*)}").matcher(code);
        while (enums.find()) {
            for (String item : enums.group(1).split(",")) {
                String[] nameValue = item.split("=");
                if (nameValue.length == 2 && nameValue[1].strip().matches("-?\\d+")) {
                    values.put(nameValue[0].strip(), Long.decode(nameValue[1].strip()));
                }
            }
        }
        Matcher defines = Pattern.compile("(?m)^\\s*#\\s*define\\s+(\\w+)\\s+(-?\\d+)\\s*$").matcher(code);
        while (defines.find()) {
            values.put(defines.group(1), Long.decode(defines.group(2)));
        }
        return values;
    }

    /** cblas_h's constant getters: public static no-argument int methods that are not bound functions. */
    private static Map<String, Integer> constantGetters() {
        Set<String> functions = boundFunctions().collect(Collectors.toSet());
        Map<String, Integer> getters = new TreeMap<>();
        for (Method m : cblas_h.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == 0 && m.getReturnType() == int.class
                    && !m.getName().contains("$") && !functions.contains(m.getName())) {
                try {
                    getters.put(m.getName(), (Integer) m.invoke(null));
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(m.getName(), e);
                }
            }
        }
        return getters;
    }

    private static List<String> includesLines() {
        try {
            return Files.readAllLines(INCLUDES_TXT).stream().map(String::strip).toList();
        } catch (IOException e) {
            throw new AssertionError("cannot read " + INCLUDES_TXT.toAbsolutePath(), e);
        }
    }

    /** The names after {@code option} in includes.txt. */
    private static Set<String> includes(String option) throws IOException {
        return includesLines().stream().filter(l -> l.startsWith(option + " "))
                .map(l -> l.substring(option.length()).strip()).collect(Collectors.toCollection(TreeSet::new));
    }
}
