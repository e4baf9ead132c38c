/** The README's example as a module of its own: a user's program on the module path. */
module io.github.ffmblas.example {
    requires io.github.ffmblas.attention;
}
