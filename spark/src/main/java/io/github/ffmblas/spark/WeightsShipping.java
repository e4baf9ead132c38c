package io.github.ffmblas.spark;

/** How the weights file reaches the executors of an {@link AttentionTransformer}. */
public enum WeightsShipping {
    /**
     * The path names the same file on the driver and on every executor (a shared or network file system, or a file
     * baked into the executors' image). Nothing is copied.
     */
    SHARED_PATH,
    /**
     * The driver calls {@code SparkContext.addFile(path)} when the stage runs (any URI Spark fetches: a local path,
     * {@code hdfs://}, {@code s3a://}, {@code http://}), and each executor opens its fetched copy,
     * {@code SparkFiles.get(name)}. Spark refuses to ship two different files of the same name.
     */
    ADD_FILE
}
