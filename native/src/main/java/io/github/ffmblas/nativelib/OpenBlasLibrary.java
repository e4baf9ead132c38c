package io.github.ffmblas.nativelib;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Finds and loads the OpenBLAS shared library, once per JVM, before any binding is used.
 *
 * <p>Resolution order:
 * <ol>
 *   <li>an explicit file: {@code -Dffmblas.openblas.path=...} or the environment variable
 *       {@code FFMBLAS_OPENBLAS_PATH};</li>
 *   <li>the library bundled in the {@code org.bytedeco:openblas} platform jar on the class path, extracted into
 *       a per-user cache ({@code -Dffmblas.cache.dir} / {@code FFMBLAS_CACHE_DIR}, default
 *       {@code $XDG_CACHE_HOME/ffmblas} or {@code ~/.cache/ffmblas}; a temporary directory when that cannot be
 *       written);</li>
 *   <li>the system's {@code libopenblas.so.0}.</li>
 * </ol>
 * {@code -Dffmblas.openblas=bundled|system} forces one of the last two.
 *
 * <p>The library is loaded with {@link System#load}, so {@link SymbolLookup#loaderLookup()} in the bindings
 * (generated without {@code -l}) finds its symbols: this class and the bindings must share a class loader.
 */
public final class OpenBlasLibrary {
    public static final String PATH_PROPERTY = "ffmblas.openblas.path";
    public static final String PATH_ENV = "FFMBLAS_OPENBLAS_PATH";
    public static final String MODE_PROPERTY = "ffmblas.openblas";
    public static final String CACHE_PROPERTY = "ffmblas.cache.dir";
    public static final String CACHE_ENV = "FFMBLAS_CACHE_DIR";
    public static final String NATIVE_ACCESS_FLAG = "--enable-native-access=ALL-UNNAMED";

    /** What every OpenBLAS we can use exports; a library missing any of them is refused by name. */
    static final List<String> REQUIRED_SYMBOLS = List.of(
            "cblas_sgemm", "cblas_sgemv", "cblas_saxpy", "cblas_sdot", "cblas_sscal",
            "openblas_get_config", "openblas_get_corename", "openblas_get_num_threads",
            "openblas_set_num_threads", "openblas_get_parallel");

    /** Directories searched for the system library, after LD_LIBRARY_PATH and java.library.path. */
    private static final List<String> SYSTEM_DIRS = List.of(
            "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib",
            "/usr/local/lib", "/opt/OpenBLAS/lib");

    private static volatile LoadedLibrary loaded;

    private OpenBlasLibrary() {}

    /**
     * Loads OpenBLAS if this JVM has not yet, and says what was loaded. Safe to call from many threads; the
     * work happens once.
     *
     * @throws OpenBlasLoadException when no usable library is found; the message lists every place tried
     */
    public static LoadedLibrary load() {
        LoadedLibrary result = loaded;
        if (result == null) {
            synchronized (OpenBlasLibrary.class) {
                result = loaded;
                if (result == null) {
                    result = resolveAndLoad(Settings.fromEnvironment());
                    loaded = result;
                }
            }
        }
        return result;
    }

    /** The library loaded so far, or empty if {@link #load()} has not succeeded yet. */
    public static Optional<LoadedLibrary> loadedLibrary() {
        return Optional.ofNullable(loaded);
    }

    /** True when this code may call restricted FFM methods without warnings ({@value #NATIVE_ACCESS_FLAG}). */
    public static boolean isNativeAccessEnabled() {
        return OpenBlasLibrary.class.getModule().isNativeAccessEnabled();
    }

    /** The choices that steer resolution, read once from system properties and the environment. */
    record Settings(Optional<Path> explicitPath, String explicitOrigin, Mode mode, Path cacheRoot) {
        static Settings fromEnvironment() {
            String property = System.getProperty(PATH_PROPERTY);
            String env = System.getenv(PATH_ENV);
            Optional<Path> explicit = Optional.empty();
            String origin = "";
            if (property != null && !property.isBlank()) {
                explicit = Optional.of(Path.of(property.strip()));
                origin = "-D" + PATH_PROPERTY;
            } else if (env != null && !env.isBlank()) {
                explicit = Optional.of(Path.of(env.strip()));
                origin = PATH_ENV;
            }
            return new Settings(explicit, origin, Mode.parse(System.getProperty(MODE_PROPERTY)), defaultCacheRoot());
        }
    }

    enum Mode {
        AUTO, BUNDLED, SYSTEM;

        static Mode parse(String value) {
            if (value == null || value.isBlank()) {
                return AUTO;
            }
            return switch (value.strip().toLowerCase(Locale.ROOT)) {
                case "auto" -> AUTO;
                case "bundled" -> BUNDLED;
                case "system" -> SYSTEM;
                default -> throw new OpenBlasLoadException("-D" + MODE_PROPERTY + "=" + value
                        + " is not one of bundled, system, auto.", List.of(), null);
            };
        }
    }

    static Path defaultCacheRoot() {
        String configured = System.getProperty(CACHE_PROPERTY);
        if (configured == null || configured.isBlank()) {
            configured = System.getenv(CACHE_ENV);
        }
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured.strip());
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("ffmblas");
    }

    static LoadedLibrary resolveAndLoad(Settings settings) {
        List<String> attempts = new ArrayList<>();
        if (settings.explicitPath().isPresent()) {
            if (settings.mode() != Mode.AUTO) {
                throw new OpenBlasLoadException("Conflicting settings: " + settings.explicitOrigin() + " names a file and -D"
                        + MODE_PROPERTY + "=" + settings.mode().name().toLowerCase(Locale.ROOT)
                        + " asks for another library; set only one.", attempts, null);
            }
            Path path = settings.explicitPath().get();
            String detail = "named by " + settings.explicitOrigin();
            Optional<LoadedLibrary> result = tryLoad(path, LibrarySource.EXPLICIT, Optional.empty(), detail, attempts);
            return result.orElseThrow(() -> new OpenBlasLoadException(
                    "Could not load the OpenBLAS library " + detail + ".", attempts, null));
        }
        if (settings.mode() != Mode.SYSTEM) {
            Optional<LoadedLibrary> bundled = tryBundled(settings.cacheRoot(), attempts);
            if (bundled.isPresent()) {
                return bundled.get();
            }
        }
        if (settings.mode() != Mode.BUNDLED) {
            for (Path candidate : systemCandidates()) {
                if (!Files.exists(candidate)) {
                    attempts.add("system: " + candidate + " does not exist");
                    continue;
                }
                Optional<LoadedLibrary> system = tryLoad(candidate, LibrarySource.SYSTEM, Optional.empty(),
                        "found in " + candidate.getParent(), attempts);
                if (system.isPresent()) {
                    return system.get();
                }
            }
        }
        throw new OpenBlasLoadException("No usable OpenBLAS library was found (mode "
                + settings.mode().name().toLowerCase(Locale.ROOT) + ").", attempts, null);
    }

    private static Optional<LoadedLibrary> tryBundled(Path cacheRoot, List<String> attempts) {
        Optional<String> platform = BundledLibrary.currentPlatform();
        if (platform.isEmpty()) {
            attempts.add("bundled: no bundled build for " + System.getProperty("os.name") + "/"
                    + System.getProperty("os.arch"));
            return Optional.empty();
        }
        BundledLibrary bundle;
        try {
            Optional<BundledLibrary> found = BundledLibrary.find(OpenBlasLibrary.class.getClassLoader(), platform.get());
            if (found.isEmpty()) {
                attempts.add("bundled: org/bytedeco/openblas/" + platform.get() + "/" + BundledLibrary.MAIN_LIBRARY
                        + " is not on the class path (add org.bytedeco:openblas:jar:" + platform.get() + ")");
                return Optional.empty();
            }
            bundle = found.get();
        } catch (IOException e) {
            attempts.add("bundled: could not read the jar: " + e);
            return Optional.empty();
        }
        Optional<String> version = Optional.of(bundle.version());
        Path library;
        String detail;
        try {
            library = bundle.extractInto(cacheRoot);
            detail = "org.bytedeco:openblas:" + bundle.version() + " (" + bundle.platform() + "), cached in "
                    + library.getParent();
        } catch (IOException | SecurityException cacheProblem) {
            attempts.add("bundled: cache directory " + cacheRoot + " is not usable (" + cacheProblem
                    + "); falling back to a temporary directory");
            try {
                library = bundle.extractIntoTemporaryDirectory();
                detail = "org.bytedeco:openblas:" + bundle.version() + " (" + bundle.platform()
                        + "), extracted to a temporary directory because " + cacheRoot + " is not writable";
            } catch (IOException e) {
                attempts.add("bundled: could not extract to a temporary directory either: " + e);
                return Optional.empty();
            }
        }
        return tryLoad(library, LibrarySource.BUNDLED, version, detail, attempts);
    }

    private static Set<Path> systemCandidates() {
        Set<Path> candidates = new LinkedHashSet<>();
        for (String list : new String[] {System.getenv("LD_LIBRARY_PATH"), System.getProperty("java.library.path")}) {
            if (list != null) {
                for (String dir : list.split(java.io.File.pathSeparator)) {
                    if (!dir.isBlank()) {
                        candidates.add(Path.of(dir, BundledLibrary.MAIN_LIBRARY));
                    }
                }
            }
        }
        for (String dir : SYSTEM_DIRS) {
            candidates.add(Path.of(dir, BundledLibrary.MAIN_LIBRARY));
        }
        return candidates;
    }

    private static Optional<LoadedLibrary> tryLoad(Path path, LibrarySource source, Optional<String> version,
                                                   String detail, List<String> attempts) {
        String where = source.label() + ": " + path;
        if (!Files.isRegularFile(path)) {
            attempts.add(where + " does not exist or is not a file");
            return Optional.empty();
        }
        Path absolute = path.toAbsolutePath().normalize();
        try {
            System.load(absolute.toString());
        } catch (IllegalCallerException e) {
            throw new OpenBlasLoadException("Native access is denied to ffmblas: start the JVM with "
                    + NATIVE_ACCESS_FLAG + " (or add 'Enable-Native-Access: ALL-UNNAMED' to the jar's manifest).",
                    attempts, e);
        } catch (UnsatisfiedLinkError e) {
            attempts.add(where + " could not be loaded: " + e.getMessage());
            return Optional.empty();
        }
        List<String> missing;
        try (Arena arena = Arena.ofConfined()) {
            // The file itself, not loaderLookup(): that also sees any library this class loader loaded before.
            missing = missingSymbols(SymbolLookup.libraryLookup(absolute, arena));
        } catch (IllegalArgumentException e) {
            attempts.add(where + " loaded, but its symbols could not be looked up: " + e.getMessage());
            return Optional.empty();
        }
        if (!missing.isEmpty()) {
            attempts.add(where + " loaded, but is not a usable OpenBLAS: missing " + String.join(", ", missing));
            return Optional.empty();
        }
        return Optional.of(new LoadedLibrary(absolute, source, version, detail));
    }

    /** Symbols the bindings need that {@code lookup} does not find. */
    static List<String> missingSymbols(SymbolLookup lookup) {
        List<String> missing = new ArrayList<>();
        for (String symbol : REQUIRED_SYMBOLS) {
            if (lookup.find(symbol).isEmpty()) {
                missing.add(symbol);
            }
        }
        return missing;
    }
}
