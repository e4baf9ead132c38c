package io.github.ffmblas.attention;

import java.util.Optional;
import java.util.Set;

/** Named tensors, such as an open safetensors file: what weight loading reads from. */
public interface TensorSource {

    Set<String> names();

    /** The tensor called {@code name}, if present. */
    Optional<Tensor> find(String name);
}
