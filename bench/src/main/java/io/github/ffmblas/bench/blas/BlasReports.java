package io.github.ffmblas.bench.blas;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.ffmblas.bench.blas.BlasSuite.PathKind;
import io.github.ffmblas.bench.blas.BlasSuite.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/**
 * The BLAS suite's console tables, results.json and report.md. Each path is read two ways: against {@code ffmblas},
 * and against its raw floor ({@code raw} on native memory, {@code raw-heap} on heap arrays), both per round.
 */
public final class BlasReports {
    private BlasReports() {}

    /**
     * One routine: a line per size, per path the median ns per call and, in brackets, the ratio to ffmblas; then the
     * same lines with each path's ratio to its raw floor.
     */
    public static String consoleTable(List<Row> rows) {
        if (rows.isEmpty()) {
            return "";
        }
        Row first = rows.getFirst();
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "%s (level %d, %s): median ns per call (median per-round ratio to ffmblas)%n", first.routine(),
                first.level(), first.precision()));
        s.append(String.format(Locale.ROOT, "%6s", "n"));
        for (PathKind k : PathKind.values()) {
            s.append(String.format(Locale.ROOT, " %18s", k.label));
        }
        s.append('\n');
        for (int n : sizes(rows)) {
            s.append(String.format(Locale.ROOT, "%6d", n));
            for (PathKind k : PathKind.values()) {
                s.append(String.format(Locale.ROOT, " %18s", cell(find(rows, first.routine(), n, k), k)));
            }
            s.append('\n');
        }
        s.append("  median per-round ratio to the raw floor (raw; heap paths: raw-heap)\n");
        for (int n : sizes(rows)) {
            s.append(String.format(Locale.ROOT, "%6d", n));
            for (PathKind k : PathKind.values()) {
                s.append(String.format(Locale.ROOT, " %18s", floorCell(find(rows, first.routine(), n, k))));
            }
            s.append('\n');
        }
        for (Row r : rows) {
            if (!r.status().equals("ok") && !(r.status().equals("unsupported") && r.path().equals("java"))) {
                s.append("  ").append(r.path()).append(" n=").append(r.n()).append(": ").append(r.status())
                        .append(r.note().isEmpty() ? "" : " (" + r.note() + ")").append('\n');
            }
        }
        return s.toString();
    }

    private static String cell(Row r, PathKind k) {
        if (r == null) {
            return "";
        }
        if (r.medianNs() == null) {
            return r.status();
        }
        String ns = ns(r.medianNs());
        return k == PathKind.FFMBLAS ? ns : ns + " (" + String.format(Locale.ROOT, "%.2f", r.ratioToFfmblas()) + ")";
    }

    /** The median per-round ratio to the raw floor, or why there is none. */
    private static String floorCell(Row r) {
        if (r == null) {
            return "";
        }
        if (r.medianNs() == null) {
            return r.status();
        }
        return r.ratioToFloor() == null ? "-" : String.format(Locale.ROOT, "%.2f", r.ratioToFloor());
    }

    /** The warm-up figures of one routine ({@link WarmupTrace}), or nothing when none were asked for. */
    public static String consoleWarmup(List<WarmupTrace.Figure> figures) {
        if (figures.isEmpty()) {
            return "";
        }
        WarmupTrace.Figure first = figures.getFirst();
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT,
                "%s warm-up at n=%d: a fresh case per path, batches from its first call for %.0f s%n", first.routine(),
                first.n(), WarmupTrace.SECONDS));
        s.append(String.format(Locale.ROOT, "  %-12s %11s %10s %15s %15s %10s %18s%n", "path", "first call", "calls",
                "calls to reach", "calls to steady", "steady", "first-second cost"));
        for (WarmupTrace.Figure f : figures) {
            if (f.steadyNs() == null) {
                s.append(String.format(Locale.ROOT, "  %-12s %s%s%n", f.path(), f.status(),
                        f.note().isEmpty() ? "" : " (" + f.note() + ")"));
                continue;
            }
            s.append(String.format(Locale.ROOT, "  %-12s %11s %10d %15s %15s %10s %18s%n", f.path(),
                    ns(f.firstCallNs()), f.calls(), notInTheSecond(f.callsToReach()),
                    notInTheSecond(f.callsToSteady()), ns(f.steadyNs()),
                    String.format(Locale.ROOT, "%.2f", f.firstSecondCost())));
        }
        return s.toString();
    }

    private static String notInTheSecond(Long calls) {
        return calls == null ? "not in " + (int) WarmupTrace.SECONDS + " s" : calls.toString();
    }

    static String ns(double v) {
        if (v >= 1e6) {
            return String.format(Locale.ROOT, "%.2f ms", v / 1e6);
        }
        if (v >= 1e4) {
            return String.format(Locale.ROOT, "%.1f us", v / 1e3);
        }
        return String.format(Locale.ROOT, "%.1f ns", v);
    }

    private static List<Integer> sizes(List<Row> rows) {
        return new ArrayList<>(new TreeSet<>(rows.stream().map(Row::n).toList()));
    }

    private static Row find(List<Row> rows, String routine, int n, PathKind k) {
        for (Row r : rows) {
            if (r.routine().equals(routine) && r.n() == n && r.path().equals(k.label)) {
                return r;
            }
        }
        return null;
    }

    public static void writeJson(Path file, Map<String, String> environment, List<Integer> sizes, String command,
                                 List<Row> rows, List<WarmupTrace.Figure> warmups) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        root.put("suite", "blas");
        root.put("command", command);
        root.put("threads", 1);
        ObjectNode env = root.putObject("environment");
        environment.forEach(env::put);
        ArrayNode s = root.putArray("sizes");
        sizes.forEach(s::add);
        ArrayNode paths = root.putArray("paths");
        for (PathKind k : PathKind.values()) {
            paths.add(k.label);
        }
        ArrayNode results = root.putArray("results");
        for (Row r : rows) {
            ObjectNode o = results.addObject();
            o.put("routine", r.routine());
            o.put("level", r.level());
            o.put("precision", r.precision());
            o.put("n", r.n());
            o.put("path", r.path());
            o.put("status", r.status());
            o.put("median_ns", r.medianNs());
            o.put("ratio_to_ffmblas", r.ratioToFfmblas());
            o.put("ratio_q1", r.ratioQ1());
            o.put("ratio_q3", r.ratioQ3());
            o.put("floor", r.floor());
            o.put("ratio_to_floor", r.ratioToFloor());
            o.put("floor_ratio_q1", r.floorQ1());
            o.put("floor_ratio_q3", r.floorQ3());
            o.put("rounds", r.rounds());
            o.put("calls_per_batch", r.callsPerBatch());
            o.put("note", r.note());
        }
        ArrayNode w = root.putArray("warmup");
        for (WarmupTrace.Figure f : warmups) {
            ObjectNode o = w.addObject();
            o.put("routine", f.routine());
            o.put("n", f.n());
            o.put("path", f.path());
            o.put("status", f.status());
            o.put("first_call_ns", f.firstCallNs());
            o.put("calls", f.calls());
            o.put("batches", f.batches());
            o.put("steady_ns", f.steadyNs());
            o.put("calls_to_steady", f.callsToSteady());
            o.put("calls_to_reach", f.callsToReach());
            o.put("first_second_cost", f.firstSecondCost());
            o.put("note", f.note());
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        mapper.writeValue(file.toFile(), root);
    }

    public static void writeMarkdown(Path file, Map<String, String> environment, String command, List<Row> rows,
                                     List<WarmupTrace.Figure> warmups) throws IOException {
        StringBuilder s = new StringBuilder("# ffmblas BLAS-routine suite\n\n");
        s.append("`").append(command).append("`\n\n");
        s.append("OpenBLAS on **1 thread** on every path (ffmblas `Blas.setNumThreads(1)`, JavaCPP's copy through"
                + " `JavaCppOpenBlas.setNumThreads(1)`, the C harness `openblas_set_num_threads(1)`). Column-major, unit"
                + " strides, vectors of n, n x n matrices, level 3 n x n x n. Each cell: median ns per call over the"
                + " interleaved rounds; in brackets the median per-round ratio to `ffmblas` (below 1: faster than"
                + " ffmblas on native segments). Below each routine's table, each path's median per-round ratio to"
                + " its raw floor: `raw` (the same cblas symbol through a bare critical downcall, pointers as `long`s,"
                + " on the `ffmblas` path's native memory) for the native paths, `raw-heap` (the same with"
                + " `critical(true)` on the `ffmblas-heap` path's heap segments) for the heap paths.\n\n");
        s.append("| | |\n|---|---|\n");
        environment.forEach((k, v) -> s.append("| ").append(k).append(" | ").append(v.replace("|", "\\|"))
                .append(" |\n"));
        s.append('\n');
        Map<String, List<Row>> byRoutine = new LinkedHashMap<>();
        for (Row r : rows) {
            byRoutine.computeIfAbsent(r.routine(), x -> new ArrayList<>()).add(r);
        }
        List<Integer> sizes = sizes(rows);
        s.append("## ffmblas / jni and ffmblas / c\n\n");
        s.append("Per-round time of ffmblas divided by that of the peer, median over rounds (below 1: ffmblas is"
                + " faster).\n\n| routine | peer |");
        sizes.forEach(n -> s.append(" n=").append(n).append(" |"));
        s.append("\n|---|---|").append("---:|".repeat(sizes.size())).append('\n');
        for (Map.Entry<String, List<Row>> e : byRoutine.entrySet()) {
            for (PathKind peer : List.of(PathKind.JNI, PathKind.C)) {
                s.append("| ").append(e.getKey()).append(" | ").append(peer.label).append(" |");
                for (int n : sizes) {
                    Row r = find(e.getValue(), e.getKey(), n, peer);
                    s.append(' ').append(r == null || r.ratioToFfmblas() == null ? "-"
                            : String.format(Locale.ROOT, "%.2f", 1 / r.ratioToFfmblas())).append(" |");
                }
                s.append('\n');
            }
        }
        s.append('\n');
        s.append("## the raw floor: ffmblas / raw, ffmblas-heap / raw-heap, jni / raw\n\n");
        s.append("Per-round time of the path divided by that of the bare critical downcall on the same memory, median"
                + " over rounds: what the binding adds to the call it makes (1: nothing).\n\n| routine | path |");
        sizes.forEach(n -> s.append(" n=").append(n).append(" |"));
        s.append("\n|---|---|").append("---:|".repeat(sizes.size())).append('\n');
        for (Map.Entry<String, List<Row>> e : byRoutine.entrySet()) {
            for (PathKind path : List.of(PathKind.FFMBLAS, PathKind.HEAP, PathKind.JNI)) {
                s.append("| ").append(e.getKey()).append(" | ").append(path.label).append(" / ")
                        .append(path.floor().label).append(" |");
                for (int n : sizes) {
                    Row r = find(e.getValue(), e.getKey(), n, path);
                    s.append(' ').append(r == null || r.ratioToFloor() == null ? "-"
                            : String.format(Locale.ROOT, "%.2f", r.ratioToFloor())).append(" |");
                }
                s.append('\n');
            }
        }
        s.append('\n');
        for (Map.Entry<String, List<Row>> e : byRoutine.entrySet()) {
            Row first = e.getValue().getFirst();
            s.append("## ").append(e.getKey()).append(" (level ").append(first.level()).append(", ")
                    .append(first.precision()).append(")\n\n| n |");
            for (PathKind k : PathKind.values()) {
                s.append(' ').append(k.label).append(" |");
            }
            s.append("\n|---:|").append("---:|".repeat(PathKind.values().length)).append('\n');
            for (int n : sizes(e.getValue())) {
                s.append("| ").append(n).append(" |");
                for (PathKind k : PathKind.values()) {
                    s.append(' ').append(Objects.toString(cell(find(e.getValue(), e.getKey(), n, k), k), ""))
                            .append(" |");
                }
                s.append('\n');
            }
            s.append("\nRatio to the raw floor (raw; heap paths: raw-heap):\n\n| n |");
            for (PathKind k : PathKind.values()) {
                s.append(' ').append(k.label).append(" / ").append(k.floor().label).append(" |");
            }
            s.append("\n|---:|").append("---:|".repeat(PathKind.values().length)).append('\n');
            for (int n : sizes(e.getValue())) {
                s.append("| ").append(n).append(" |");
                for (PathKind k : PathKind.values()) {
                    s.append(' ').append(floorCell(find(e.getValue(), e.getKey(), n, k))).append(" |");
                }
                s.append('\n');
            }
            // the paths not timed, each reason once with the sizes it held for
            Map<String, List<Integer>> untimed = new LinkedHashMap<>();
            for (Row r : e.getValue()) {
                if (!r.status().equals("ok")) {
                    untimed.computeIfAbsent(r.path() + ": " + r.status()
                            + (r.note().isEmpty() ? "" : " (" + r.note().replace("|", "\\|") + ")"),
                            x -> new ArrayList<>()).add(r.n());
                }
            }
            untimed.forEach((reason, ns) -> s.append("\n- n=").append(ns).append(' ').append(reason));
            s.append("\n\n");
        }
        if (!warmups.isEmpty()) {
            writeWarmup(s, warmups);
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, s.toString());
    }

    private static void writeWarmup(StringBuilder s, List<WarmupTrace.Figure> warmups) {
        s.append("## warm-up\n\n");
        s.append(String.format(Locale.ROOT, "Per routine and path, a fresh case at n=%d and batches timed from its"
                + " very first call for %.0f s (up to %d calls a batch). Steady: the median per call over the last"
                + " quarter of the second. Calls to steady: the calls before the batch time stays within %.0f%% of it"
                + " for the rest of the second (a single batch outside, between two inside, does not count). Calls to"
                + " reach: the calls before two batches in a row are first within that band (where the machine's"
                + " speed drifts, the batch time seldom stays in the band for a second)."
                + " First-second cost: the second's calls' time over the steady-state time of as many calls. Run"
                + " before the routine's timing, so its loops are cold; code shared with the routines before may"
                + " not be.%n%n", warmups.getFirst().n(), WarmupTrace.SECONDS, WarmupTrace.MAX_BATCH,
                WarmupTrace.BAND * 100));
        s.append("| routine | path | first call | calls | calls to reach | calls to steady | steady | first-second cost"
                + " |\n");
        s.append("|---|---|---:|---:|---:|---:|---:|---:|\n");
        for (WarmupTrace.Figure f : warmups) {
            s.append("| ").append(f.routine()).append(" | ").append(f.path()).append(" | ");
            if (f.steadyNs() == null) {
                s.append(f.status()).append(f.note().isEmpty() ? "" : " (" + f.note().replace("|", "\\|") + ")")
                        .append(" | | | | | |\n");
                continue;
            }
            s.append(ns(f.firstCallNs())).append(" | ").append(f.calls()).append(" | ")
                    .append(notInTheSecond(f.callsToReach())).append(" | ")
                    .append(notInTheSecond(f.callsToSteady())).append(" | ")
                    .append(ns(f.steadyNs())).append(" | ")
                    .append(String.format(Locale.ROOT, "%.2f", f.firstSecondCost())).append(" |\n");
        }
        s.append('\n');
    }
}
