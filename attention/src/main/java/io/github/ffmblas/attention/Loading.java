package io.github.ffmblas.attention;

/** Where an {@link AttentionModel} keeps its weights. */
public enum Loading {
    /**
     * The weights file stays memory-mapped while the model is open, and weights in PyTorch's layout are used in
     * place: nothing is copied, and the operating system shares the pages between processes that map the same file.
     * The file must not be truncated or rewritten in place while the model is open (replace it by renaming a new
     * one over it): the mapping would fault or show the new bytes.
     */
    MAPPED,
    /**
     * The weights are copied into native memory the model owns, and the file is closed before {@code open}
     * returns: the model then no longer depends on the file, which may be replaced, rewritten or deleted.
     */
    COPIED
}
