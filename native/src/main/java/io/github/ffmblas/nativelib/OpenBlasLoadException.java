package io.github.ffmblas.nativelib;

import java.util.List;

/**
 * OpenBLAS could not be loaded. The message lists every place tried, what went wrong at each, and the
 * settings that choose another library.
 */
public final class OpenBlasLoadException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    OpenBlasLoadException(String summary, List<String> attempts, Throwable cause) {
        super(format(summary, attempts), cause);
    }

    private static String format(String summary, List<String> attempts) {
        StringBuilder sb = new StringBuilder(summary);
        if (!attempts.isEmpty()) {
            sb.append("\nTried:");
            for (String attempt : attempts) {
                sb.append("\n  - ").append(attempt);
            }
        }
        sb.append("\nTo choose a library: -D").append(OpenBlasLibrary.PATH_PROPERTY).append("=/path/to/libopenblas.so.0")
                .append(" (or env ").append(OpenBlasLibrary.PATH_ENV).append("),")
                .append(" -D").append(OpenBlasLibrary.MODE_PROPERTY).append("=bundled|system,")
                .append(" -D").append(OpenBlasLibrary.CACHE_PROPERTY).append("=DIR (or env ")
                .append(OpenBlasLibrary.CACHE_ENV).append(") for the extraction cache;")
                .append(" or install Debian's libopenblas0.");
        return sb.toString();
    }
}
