package io.github.ffmblas.netlib;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.ludovic.netlib.blas.BLAS;
import java.lang.reflect.Method;
import java.util.List;
import org.junit.jupiter.api.Test;

/** FfmBLAS implements every method of netlib's BLAS itself: none inherited, none a stub. */
class FfmBLASInterfaceTest {

    @Test
    void everyMethodIsDeclaredByFfmBLAS() throws NoSuchMethodException {
        List<Method> methods = Netlib.interfaceMethods();
        assertEquals(137, methods.size(), "netlib 3.2.0's BLAS has 137 instance methods");
        for (Method m : methods) {
            Method impl = FfmBLAS.class.getMethod(m.getName(), m.getParameterTypes());
            assertSame(FfmBLAS.class, impl.getDeclaringClass(), Netlib.signature(m) + " is inherited");
            assertFalse(impl.isDefault(), Netlib.signature(m));
        }
    }

    /** Each method, called on valid arguments, runs: no UnsupportedOperationException or other stub. */
    @Test
    void noMethodIsAStub() {
        for (Method m : Netlib.interfaceMethods()) {
            if (m.getName().equals("lsame")) {
                assertEquals(true, FfmBLAS.getInstance().lsame("N", "n"));
                continue;
            }
            Method withOffsets = Netlib.withOffsets(m);
            boolean dropped = !withOffsets.equals(m);
            Object[] args = Cases.of(m.getName(), 1, dropped).get(1);
            Netlib.Outcome outcome = Netlib.call(FfmBLAS.getInstance(), m,
                    dropped ? Netlib.dropOffsets(withOffsets, args) : args);
            assertEquals(null, outcome.thrown(), () -> Netlib.signature(m) + " threw " + outcome.thrown());
        }
    }

    @Test
    void oneSharedInstance() {
        assertNotNull(FfmBLAS.getInstance());
        assertSame(FfmBLAS.getInstance(), FfmBLAS.getInstance());
        BLAS blas = FfmBLAS.getInstance(); // the one-line switch compiles against netlib's interface
        assertEquals(14.0, blas.ddot(3, new double[] {1, 2, 3}, 1, new double[] {1, 2, 3}, 1));
    }
}
