/** {@link io.github.ffmblas.javagemm.VectorGemm}: a pure-Java SGEMM behind attention's {@code Gemm} seam. */
module io.github.ffmblas.javagemm {
    requires transitive io.github.ffmblas.attention;
    requires jdk.incubator.vector;

    exports io.github.ffmblas.javagemm;
}
