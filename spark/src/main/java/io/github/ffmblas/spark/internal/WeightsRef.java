package io.github.ffmblas.spark.internal;

import java.io.Serializable;
import java.nio.file.Path;
import org.apache.spark.SparkFiles;

/**
 * The weights a stage names, as an executor finds them: a path every node can read ({@code sharedPath}), or the name
 * of a file the driver added to the Spark context ({@code addedFileName}, fetched to each executor by Spark).
 * Exactly one of the two is non-null.
 */
public record WeightsRef(String sharedPath, String addedFileName, String prefix, int heads) implements Serializable {

    /** The file on this JVM's machine. */
    Path localFile() {
        return sharedPath != null ? Path.of(sharedPath) : Path.of(SparkFiles.get(addedFileName));
    }

    /** What a model is cached under in this JVM: the local file (absolute), the prefix, the heads. */
    ModelKey key() {
        return new ModelKey(localFile().toAbsolutePath().normalize(), prefix, heads);
    }

    record ModelKey(Path file, String prefix, int heads) {
    }
}
