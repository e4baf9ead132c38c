package io.github.ffmblas.bindings;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/** A facade method called by reflection as a caller would see it: its own exception, unwrapped. */
final class StaticCall {
    private StaticCall() {}

    /** Invokes static {@code m}; a RuntimeException it throws is rethrown as itself, anything else is a failure. */
    static Object invoke(Method m, Object... arguments) {
        try {
            return m.invoke(null, arguments);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new AssertionError(e.getCause());
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }
}
