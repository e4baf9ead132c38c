package io.github.ffmblas.bindings;

/** What {@code ?lamch} returns: LAPACK's {@code CMACH}. */
public enum MachineParameter {
    /** Relative machine precision, eps ('E'). */
    EPSILON('E'),
    /** Safe minimum: 1 / sfmin does not overflow ('S'). */
    SAFE_MINIMUM('S'),
    /** The base of the machine ('B'). */
    BASE('B'),
    /** eps * base ('P'). */
    PRECISION('P'),
    /** Digits in the mantissa ('N'). */
    MANTISSA_DIGITS('N'),
    /** 1 when rounding occurs in addition, else 0 ('R'). */
    ROUNDING('R'),
    /** Minimum exponent before gradual underflow ('M'). */
    MIN_EXPONENT('M'),
    /** Underflow threshold, base^(emin - 1) ('U'). */
    UNDERFLOW('U'),
    /** Largest exponent before overflow ('L'). */
    MAX_EXPONENT('L'),
    /** Overflow threshold, (base^emax) * (1 - eps) ('O'). */
    OVERFLOW('O');

    private final char letter;

    MachineParameter(char letter) {
        this.letter = letter;
    }

    byte letter() {
        return (byte) letter;
    }
}
