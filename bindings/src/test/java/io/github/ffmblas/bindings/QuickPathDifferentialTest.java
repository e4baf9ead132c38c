package io.github.ffmblas.bindings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.ffmblas.generator.BlasRoutines;
import io.github.ffmblas.generator.Routine;
import io.github.ffmblas.generator.Routine.Param;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The quick path of every generated routine never decides differently from the general path: each routine of the
 * table is called with random arguments, valid and not (sizes, flags, increments, leading dimensions, offsets, every
 * kind of segment, short, read-only, closed, another thread's, aliased), once through {@link Blas} and once through
 * {@link CheckedCalls} on the same operands, restored in between. Both must throw the same exception with the same
 * message, or both return the same value and leave every operand byte-identical. And the quick path must really take
 * the plain calls: a good share of the accepted calls never reach {@link Call} ({@link Call#begunOnThisThread}).
 */
class QuickPathDifferentialTest {
    private static final int TRIALS = 300;
    private static final int[] DIMS = {0, 1, 1, 2, 3, 7, 7, 12};
    private static final int[] INCS = {1, 1, 1, -1, 2, -3, 0, Integer.MIN_VALUE};

    /** How one operand's segment is made; both worlds make it alike. */
    enum Kind { CONFINED, GLOBAL, SHARED, AUTO, HEAP, WRONG_HEAP, READ_ONLY, READ_ONLY_HEAP, CLOSED, OTHER_THREAD, NULL }

    private static final Kind[] KINDS = Kind.values();

    /** One trial's choices for one operand. */
    record Plan(Kind kind, long elements, long slice, int aliasOf) {}

    @Test
    void quickPathDecidesAsTheGeneralPath() throws Exception {
        Map<String, int[]> accepted = new TreeMap<>(); // routine -> {quick, general, refused}
        int routines = 0;
        for (Routine r : BlasRoutines.ALL) {
            if (!r.quick()) {
                continue;
            }
            routines++;
            Method facade = method(Blas.class, r.name());
            Method general = method(CheckedCalls.class, r.name());
            Random random = new Random(r.name().hashCode());
            int[] counts = accepted.computeIfAbsent(r.name(), k -> new int[3]);
            for (int t = 0; t < TRIALS; t++) {
                long seed = random.nextLong();
                Trial trial = new Trial(r, seed);
                try {
                    // One set of segments, restored between the calls: the same addresses give OpenBLAS's kernels the
                    // same alignment, so the two results must agree to the last bit.
                    List<byte[]> pristine = trial.contents();
                    Outcome a = trial.invoke(facade);
                    boolean tookQuickPath = a.quick();
                    List<byte[]> afterQuick = trial.contents();
                    trial.restore(pristine);
                    Outcome b = trial.invoke(general);
                    List<byte[]> afterGeneral = trial.contents();
                    String where = r.name() + " trial " + t + " " + trial.describe();
                    assertEquals(b.thrown(), a.thrown(), where + ": the exceptions differ");
                    assertEquals(b.value(), a.value(), where + ": the results differ");
                    for (int i = 0; i < afterQuick.size(); i++) {
                        assertTrue(Arrays.equals(afterQuick.get(i), afterGeneral.get(i)),
                                where + ": operand " + i + " differs after the call");
                    }
                    if (a.thrown() == null) {
                        counts[tookQuickPath ? 0 : 1]++;
                    } else {
                        counts[2]++;
                        assertTrue(a.general(), where + ": refused outside the general checks: " + a.thrown());
                        assertTrue(sameContents(pristine, afterQuick), where + ": refused, yet an operand changed");
                    }
                } finally {
                    trial.close();
                }
            }
        }
        int quickTotal = accepted.values().stream().mapToInt(c -> c[0]).sum();
        int acceptedTotal = accepted.values().stream().mapToInt(c -> c[0] + c[1]).sum();
        System.out.printf("QuickPathDifferentialTest: %d routines, %d trials each: %d accepted (%d by the quick path),"
                + " %d refused%n", routines, TRIALS, acceptedTotal, quickTotal,
                accepted.values().stream().mapToInt(c -> c[2]).sum());
        for (var e : accepted.entrySet()) {
            if (e.getValue()[0] == 0) {
                fail(e.getKey() + ": the quick path took none of its " + (e.getValue()[0] + e.getValue()[1])
                        + " accepted calls");
            }
        }
    }

    private static Method method(Class<?> type, String name) {
        return Arrays.stream(type.getDeclaredMethods()).filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError(type.getSimpleName() + " has no " + name));
    }

    private static boolean sameContents(List<byte[]> a, List<byte[]> b) {
        for (int i = 0; i < a.size(); i++) {
            if (!Arrays.equals(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    /** What a call did: its exception (class and message) or its value; whether it stayed clear of {@link Call}. */
    record Outcome(String thrown, Object value, boolean quick, boolean general) {}

    /** One call's arguments, made from a seed, with the segments it made (to compare and to free). */
    static final class Trial implements AutoCloseable {
        final Routine routine;
        final long seed;
        final List<Object> arguments = new ArrayList<>();
        final List<MemorySegment> segments = new ArrayList<>();
        final List<Plan> plans = new ArrayList<>();
        private final Arena confined = Arena.ofConfined();
        /** Made only when a trial needs it: closing a shared arena costs a handshake with every thread. */
        private Arena shared;
        private final Arena closed = Arena.ofConfined();

        Trial(Routine routine, long seed) {
            this.routine = routine;
            this.seed = seed;
            Random random = new Random(seed);
            boolean single = routine.precision() == 's' || routine.precision() == 'c';
            boolean complex = routine.precision() == 'c' || routine.precision() == 'z';
            for (Param p : routine.params()) {
                switch (p) {
                    case Param.Flag f -> arguments.add(random.nextInt(40) == 0 ? null : flag(f.type(), random));
                    case Param.Dim d -> arguments.add(random.nextInt(60) == 0 ? -1 : DIMS[random.nextInt(DIMS.length)]);
                    case Param.Scalar s when s.output() -> { } // LAPACK writes it: no argument
                    case Param.Scalar s -> arguments.add(scalar(s.type(), random));
                    case Param.Operand o -> {
                        MemorySegment segment = segment(random, single, complex && !o.shape().equals("real"));
                        arguments.add(segment);
                        arguments.add(random.nextInt(8) == 0 ? (long) random.nextInt(4) - 1 : 0L);
                        for (String attached : o.attached()) {
                            arguments.add(attached.startsWith("inc") ? INCS[random.nextInt(INCS.length)]
                                    : random.nextInt(10) == 0 ? random.nextInt(3) : 1 + random.nextInt(13));
                        }
                    }
                }
            }
            closed.close();
        }

        private static Object flag(String type, Random random) {
            Object[] values = switch (type) {
                case "Layout" -> Layout.values();
                case "Transpose" -> Transpose.values();
                case "Uplo" -> Uplo.values();
                case "Diag" -> Diag.values();
                default -> Side.values();
            };
            return values[random.nextInt(values.length)];
        }

        private static Object scalar(String type, Random random) {
            float re = (float) (random.nextGaussian());
            float im = (float) (random.nextGaussian());
            return switch (type) {
                case "float" -> re;
                case "double" -> (double) re;
                case "int" -> 1 + random.nextInt(13);
                case "ComplexFloat" -> random.nextInt(40) == 0 ? null : new ComplexFloat(re, im);
                case "ComplexDouble" -> random.nextInt(40) == 0 ? null : new ComplexDouble(re, im);
                case "SvdJob" -> pick(random, SvdJob.values());
                case "EigenJob" -> pick(random, EigenJob.values());
                case "EigenRange" -> pick(random, EigenRange.values());
                case "MachineParameter" -> pick(random, MachineParameter.values());
                default -> throw new IllegalArgumentException(type);
            };
        }

        private static Object pick(Random random, Object[] values) {
            return random.nextInt(40) == 0 ? null : values[random.nextInt(values.length)];
        }

        /** A segment of some kind and length (in floats or doubles), filled from the seed; or an earlier one. */
        private MemorySegment segment(Random random, boolean single, boolean complex) {
            if (!segments.isEmpty() && random.nextInt(6) == 0) {
                int of = random.nextInt(segments.size());
                MemorySegment earlier = segments.get(of);
                plans.add(new Plan(plans.get(of).kind(), -1, 0, of));
                segments.add(earlier);
                return earlier;
            }
            Kind kind = random.nextInt(3) > 0 ? (random.nextBoolean() ? Kind.CONFINED : Kind.HEAP)
                    : KINDS[random.nextInt(KINDS.length)];
            long elements = (long) random.nextInt(complex ? 400 : 200);
            int bytes = single ? 4 : 8;
            long slice = random.nextInt(10) == 0 ? 1 + random.nextInt(bytes) : 0; // misaligned or element-aligned
            MemorySegment s = switch (kind) {
                case CONFINED -> confined.allocate(elements * bytes + 16, 16);
                case GLOBAL -> Arena.global().allocate(elements * bytes + 16, 16);
                case SHARED, OTHER_THREAD -> shared().allocate(elements * bytes + 16, 16);
                case AUTO -> Arena.ofAuto().allocate(elements * bytes + 16, 16);
                case HEAP, READ_ONLY_HEAP -> single ? MemorySegment.ofArray(new float[(int) elements + 4])
                        : MemorySegment.ofArray(new double[(int) elements + 2]);
                case WRONG_HEAP -> single ? MemorySegment.ofArray(new double[(int) elements + 2])
                        : MemorySegment.ofArray(new float[(int) elements * 2 + 4]);
                case READ_ONLY -> confined.allocate(elements * bytes + 16, 16);
                case CLOSED -> closed.allocate(elements * bytes + 16, 16);
                case NULL -> null;
            };
            if (s != null) {
                for (long i = 0; i + 4 <= s.byteSize(); i += 4) {
                    s.set(ValueLayout.JAVA_FLOAT_UNALIGNED, i, (float) random.nextGaussian());
                }
                s = s.asSlice(slice, elements * bytes);
                if (kind == Kind.READ_ONLY || kind == Kind.READ_ONLY_HEAP) {
                    s = s.asReadOnly();
                }
            }
            plans.add(new Plan(kind, elements, slice, -1));
            segments.add(s);
            return s;
        }

        /** Each segment's bytes, or null for one that cannot be read (null, closed). */
        List<byte[]> contents() {
            List<byte[]> bytes = new ArrayList<>();
            for (MemorySegment s : segments) {
                bytes.add(s == null || !s.scope().isAlive() ? null : s.toArray(ValueLayout.JAVA_BYTE));
            }
            return bytes;
        }

        void restore(List<byte[]> bytes) {
            for (int i = 0; i < segments.size(); i++) {
                MemorySegment s = segments.get(i);
                if (bytes.get(i) != null && !s.isReadOnly()) {
                    MemorySegment.copy(bytes.get(i), 0, s, ValueLayout.JAVA_BYTE, 0, bytes.get(i).length);
                }
            }
        }

        /** Calls the method, on another thread when an operand is another thread's to use. */
        Outcome invoke(Method m) throws InterruptedException {
            boolean elsewhere = plans.stream().anyMatch(p -> p.kind() == Kind.OTHER_THREAD);
            Outcome[] result = new Outcome[1];
            Runnable call = () -> result[0] = call(m);
            if (elsewhere) {
                // The shared arena's segments are accessible anywhere: a confined one of this thread is not.
                Thread t = new Thread(call, "another thread");
                t.start();
                t.join();
            } else {
                call.run();
            }
            return result[0];
        }

        private Outcome call(Method m) {
            long before = Call.begunOnThisThread();
            try {
                Object value = m.invoke(null, arguments.toArray());
                return new Outcome(null, value, Call.begunOnThisThread() == before, false);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                boolean general = Arrays.stream(cause.getStackTrace())
                        .anyMatch(f -> f.getClassName().equals(CheckedCalls.class.getName()));
                String message = String.valueOf(cause.getMessage()).replaceAll("0x[0-9a-f]+", "0x..."); // two worlds
                return new Outcome(cause.getClass().getName() + ": " + message, null,
                        Call.begunOnThisThread() == before, general);
            } catch (IllegalAccessException | IllegalArgumentException e) {
                throw new AssertionError(routine.name() + ": " + e, e);
            }
        }

        String describe() {
            List<String> scalars = arguments.stream().filter(a -> !(a instanceof MemorySegment))
                    .map(Objects::toString).toList();
            return "arguments other than segments " + scalars + ", segments " + plans;
        }

        private Arena shared() {
            if (shared == null) {
                shared = Arena.ofShared();
            }
            return shared;
        }

        @Override
        public void close() {
            confined.close();
            if (shared != null) {
                shared.close();
            }
        }
    }
}
