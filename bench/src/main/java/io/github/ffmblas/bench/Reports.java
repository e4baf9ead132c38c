package io.github.ffmblas.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/** Tables for the console and report.md, results.json, and the chart. */
public final class Reports {
    /** The implementations whose sgemm is OpenBLAS's own kernel, reached by FFM, JNI or C. */
    static final Set<String> SAME_LIBRARY = Set.of("native", "jni", "c");
    /** ffmblas's own forward, one row per backend, in the roofline table. */
    static final Set<String> NATIVE_BACKENDS = Set.of("native", "native-onednn", "native-packed");

    private Reports() {}

    /** The heading of one (problem, threads) group. */
    public static String heading(List<Result> group) {
        Result first = group.getFirst();
        return first.shape() + ", " + first.threads() + " thread" + (first.threads() == 1 ? "" : "s");
    }

    /** A fixed-width table of one group, as printed while the benchmark runs. */
    public static String consoleTable(List<Result> group) {
        StringBuilder sb = new StringBuilder(heading(group)).append('\n');
        sb.append(String.format("  %-23s %10s %10s %9s %11s %13s  %s%n", "impl", "median ms", "p90 ms", "GFLOP/s",
                "vs native", "max abs diff", ""));
        Double base = nativeMedian(group);
        for (Result r : group) {
            sb.append(String.format(Locale.ROOT, "  %-23s %10s %10s %9s %11s %13s  %s%n", r.impl(), ms(r.medianMs()),
                    ms(r.p90Ms()), num(r.gflops(), "%.1f"), ratio(r, base), diff(r.maxAbsDiff()),
                    r.note() == null ? "" : r.note()));
        }
        return sb.toString();
    }

    /** The same table in Markdown. */
    public static String markdownTable(List<Result> group) {
        StringBuilder sb = new StringBuilder("**" + heading(group) + "**\n\n");
        sb.append("| impl | median ms | p90 ms | GFLOP/s | time vs native | max abs diff | note |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---|\n");
        Double base = nativeMedian(group);
        for (Result r : group) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |%n", r.impl(), ms(r.medianMs()),
                    ms(r.p90Ms()), num(r.gflops(), "%.1f"), ratio(r, base), diff(r.maxAbsDiff()),
                    r.note() == null ? "" : r.note().replace("|", "/")));
        }
        return sb.toString();
    }

    private static Double nativeMedian(List<Result> group) {
        return group.stream().filter(r -> r.impl().equals("native") && r.isTimed()).map(Result::medianMs)
                .findFirst().orElse(null);
    }

    /** How many times longer than native it took: 1.00x is native's time, 3.0x is three times slower. */
    private static String ratio(Result r, Double nativeMedian) {
        if (!r.isTimed() || nativeMedian == null) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2fx", r.medianMs() / nativeMedian);
    }

    private static String ms(Double v) {
        if (v == null) {
            return "-";
        }
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 1
                ? String.format(Locale.ROOT, "%.2f", v) : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String num(Double v, String format) {
        return v == null ? "-" : String.format(Locale.ROOT, format, v);
    }

    private static String diff(Double v) {
        return v == null ? "-" : v == 0 ? "0" : String.format(Locale.ROOT, "%.1e", v);
    }

    /**
     * Native attention's rate as a share of this run's n=1024 sgemm rate of the same OpenBLAS at the same thread
     * count: the attention's roofline, as the performance issue defines it. The library's rate is the fastest of
     * the paths that call that very kernel ({@link #SAME_LIBRARY}): they differ by nanoseconds per call, so a
     * slower reading of one is the machine's noise, and dividing by it would flatter the forward. Empty when the
     * run has no timed n=1024 sgemm.
     */
    public static String rooflineTable(List<Result> results) {
        Map<Integer, Double> sgemmRate = new TreeMap<>();
        for (Result r : results) {
            if (r.isSquareSgemm(1024) && SAME_LIBRARY.contains(r.impl()) && r.isTimed()) {
                sgemmRate.merge(r.threads(), r.gflops(), Math::max);
            }
        }
        StringBuilder sb = new StringBuilder();
        for (Result r : results) {
            Double rate = sgemmRate.get(r.threads());
            if (r.kind().equals("attention") && NATIVE_BACKENDS.contains(r.impl()) && r.isTimed() && rate != null) {
                sb.append(String.format(Locale.ROOT, "| B=%d Lq=%d Lk=%d d=%d H=%d | %s | %d | %.1f | %.1f | %.0f%% |%n",
                        r.batch(), r.queryLength(), r.keyLength(), r.dModel(), r.heads(), r.impl(), r.threads(),
                        r.gflops(), rate, 100 * r.gflops() / rate));
            }
        }
        return sb.isEmpty() ? "" : "**Roofline**: ffmblas's attention GFLOP/s (each backend) over the fastest sgemm"
                + " n=1024 GFLOP/s of the same OpenBLAS (native, jni or c), same run and thread count\n\n"
                + "| attention | backend | threads | attention GFLOP/s | sgemm GFLOP/s | roofline |\n"
                + "|---|---|---:|---:|---:|---:|\n" + sb;
    }

    /** results.json: {"environment": {...}, "results": [{"kind", "impl", "batch", ...}, ...]}. */
    public static void writeJson(Path file, Environment environment, List<Result> results) throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        ObjectNode env = root.putObject("environment");
        environment.values().forEach(env::put);
        ArrayNode rows = root.putArray("results");
        for (Result r : results) {
            ObjectNode o = rows.addObject();
            o.put("kind", r.kind());
            o.put("impl", r.impl());
            o.put("batch", r.batch());
            o.put("query_len", r.queryLength());
            o.put("key_len", r.keyLength());
            o.put("d_model", r.dModel());
            o.put("heads", r.heads());
            o.put("m", r.m());
            o.put("n", r.n());
            o.put("k", r.k());
            o.put("threads", r.threads());
            o.put("median_ms", r.medianMs());
            o.put("p90_ms", r.p90Ms());
            o.put("gflops", r.gflops());
            o.put("max_abs_diff", r.maxAbsDiff() == null || r.maxAbsDiff().isNaN() || r.maxAbsDiff().isInfinite()
                    ? null : r.maxAbsDiff());
            o.put("runs", r.runs());
            o.put("note", r.note());
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        mapper.writeValue(file.toFile(), root);
    }

    /** report.md: the environment, every table, the chart. */
    public static void writeMarkdown(Path file, Environment environment, List<List<Result>> groups, String chartName,
                                     String command) throws IOException {
        StringBuilder sb = new StringBuilder("# ffmblas benchmark\n\n");
        sb.append("Command: `").append(command).append("`\n\n");
        sb.append("| environment | |\n|---|---|\n");
        for (Map.Entry<String, String> e : environment.values().entrySet()) {
            sb.append("| ").append(e.getKey()).append(" | ").append(e.getValue().replace("|", "/")).append(" |\n");
        }
        sb.append("\n\"time vs native\" is an implementation's median divided by native's at the same shape and thread "
                + "count (above 1.00x: slower than native). GFLOP/s from the exact FLOP count of the operation. "
                + "Every result was checked against native's before it was timed. The implementations of one shape"
                + " and thread count were timed in turns (interleaved rounds, the order rotating), so a change in this"
                + " machine's speed reaches all of them alike.\n\n");
        for (List<Result> group : groups) {
            sb.append(markdownTable(group)).append('\n');
        }
        String roofline = rooflineTable(groups.stream().flatMap(List::stream).toList());
        if (!roofline.isEmpty()) {
            sb.append(roofline).append('\n');
        }
        if (chartName != null) {
            sb.append("![GFLOP/s per shape and implementation](").append(chartName).append(")\n");
        }
        Files.writeString(file, sb.toString());
    }

    /** A bar chart of GFLOP/s: one group of bars per (shape, threads), one bar per implementation. */
    public static void writeChart(Path file, List<Result> results, String title) throws IOException {
        System.setProperty("java.awt.headless", "true");
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (Result r : results) {
            if (r.isTimed()) {
                String shape = r.kind().equals("sgemm") ? r.shape()
                        : "B" + r.batch() + " L" + r.queryLength() + (r.keyLength().equals(r.queryLength()) ? "" : "/" + r.keyLength())
                                + " d" + r.dModel() + " H" + r.heads();
                data.addValue(r.gflops(), r.impl(), shape + " · " + r.threads() + "t");
            }
        }
        JFreeChart chart = ChartFactory.createBarChart(title, null, "GFLOP/s (higher is better)", data,
                PlotOrientation.VERTICAL, true, false, false);
        chart.setBackgroundPaint(Color.WHITE);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.getDomainAxis().setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        BarRenderer renderer = (BarRenderer) plot.getRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.02);
        int columns = Math.max(1, data.getColumnCount());
        ChartUtils.saveChartAsPNG(file.toFile(), chart, Math.max(900, 110 * columns), 640);
    }
}
