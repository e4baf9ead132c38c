package io.github.ffmblas.bindings;

/** How a matrix is laid out in memory: CBLAS's {@code CBLAS_ORDER}. */
public enum Layout {
    /** Consecutive elements of a row are adjacent; the leading dimension is the distance between rows. */
    ROW_MAJOR(101),
    /** Consecutive elements of a column are adjacent; the leading dimension is the distance between columns. */
    COLUMN_MAJOR(102);

    private final int code;

    Layout(int code) {
        this.code = code;
    }

    /** The CBLAS constant ({@code CblasRowMajor} = 101, {@code CblasColMajor} = 102). */
    public int code() {
        return code;
    }
}
