package io.github.ffmblas.netlib;

import dev.ludovic.netlib.blas.BLAS;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import org.netlib.util.doubleW;
import org.netlib.util.floatW;

/** netlib's implementations as test oracles, and what the tests need to call a BLAS method reflectively. */
final class Netlib {
    private Netlib() {}

    /**
     * netlib's f2j translation of reference BLAS, through its checks in AbstractBLAS. {@code F2jBLAS} is
     * package-private in netlib 3.2.0, so its getInstance() is reached reflectively.
     */
    static final BLAS F2J = instance("dev.ludovic.netlib.blas.F2jBLAS");

    static BLAS instance(String className) {
        try {
            Method m = Class.forName(className).getDeclaredMethod("getInstance");
            m.setAccessible(true);
            return (BLAS) m.invoke(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(className + " not reachable", e);
        }
    }

    /** The interface's methods, getInstance() aside, in a stable order. */
    static List<Method> interfaceMethods() {
        return Arrays.stream(BLAS.class.getMethods())
                .filter(m -> !java.lang.reflect.Modifier.isStatic(m.getModifiers()))
                .sorted((a, b) -> signature(a).compareTo(signature(b)))
                .toList();
    }

    static String signature(Method m) {
        StringBuilder sb = new StringBuilder(m.getName()).append('(');
        Class<?>[] types = m.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            sb.append(i == 0 ? "" : ",").append(types[i].getSimpleName());
        }
        return sb.append(')').toString();
    }

    /**
     * Whether parameter i of m, an overload with offsets, is an array offset: every array of such an overload is
     * followed by its offset (in the overload without offsets an int after an array is a leading dimension).
     */
    static boolean isOffset(Method m, int i) {
        Class<?>[] t = m.getParameterTypes();
        return i > 0 && t[i] == int.class && t[i - 1].isArray();
    }

    /** The overload of m with offsets: the longer of its two overloads (m itself for ?rotg, which has one). */
    static Method withOffsets(Method m) {
        Method longest = m;
        for (Method o : BLAS.class.getMethods()) {
            if (o.getName().equals(m.getName()) && o.getParameterCount() > longest.getParameterCount()) {
                longest = o;
            }
        }
        return longest;
    }

    /** The arguments of the offset-free overload, from those of the offset one (whose offsets must be 0). */
    static Object[] dropOffsets(Method withOffsets, Object[] args) {
        Object[] out = new Object[args.length];
        int k = 0;
        for (int i = 0; i < args.length; i++) {
            if (isOffset(withOffsets, i)) {
                if ((int) args[i] != 0) {
                    throw new IllegalArgumentException("offset " + args[i] + " at " + i);
                }
            } else {
                out[k++] = args[i];
            }
        }
        return Arrays.copyOf(out, k);
    }

    /** What a call did: its return value or its exception. */
    record Outcome(Object value, Throwable thrown) {}

    static Outcome call(BLAS blas, Method m, Object[] args) {
        try {
            return new Outcome(m.invoke(blas, args), null);
        } catch (InvocationTargetException e) {
            return new Outcome(null, e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A deep copy of call arguments: arrays and holders are copied, so two implementations run on equal data. */
    static Object[] copy(Object[] args) {
        Object[] out = args.clone();
        for (int i = 0; i < out.length; i++) {
            out[i] = switch (out[i]) {
                case double[] d -> d.clone();
                case float[] f -> f.clone();
                case doubleW w -> new doubleW(w.val);
                case floatW w -> new floatW(w.val);
                case null, default -> out[i];
            };
        }
        return out;
    }
}
