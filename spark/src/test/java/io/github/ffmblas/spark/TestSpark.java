package io.github.ffmblas.spark;

import org.apache.spark.sql.SparkSession;

/**
 * The one SparkSession of this test JVM (Surefire runs every test class in one fork): local[2], no UI, two shuffle
 * partitions, Kryo (which needs the module flags of the Surefire argLine). Starting one takes 10-15 s on 2 cores,
 * so no class stops it; the JVM's exit does.
 */
public final class TestSpark {
    private TestSpark() {
    }

    private static final class Holder {
        static final SparkSession SESSION = SparkSession.builder()
                .master("local[2]")
                .appName("ffmblas-spark-tests")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "2")
                .config("spark.serializer", "org.apache.spark.serializer.KryoSerializer")
                .getOrCreate();
    }

    public static SparkSession session() {
        return Holder.SESSION;
    }
}
