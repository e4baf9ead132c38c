package io.github.ffmblas.bench.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The load test's tables (console and Markdown) and load.json. */
public final class LoadReport {
    private LoadReport() {}

    public static String heading(LoadRunner.Group group) {
        return "load: attention " + group.shape() + ", " + group.clients() + " client thread"
                + (group.clients() == 1 ? "" : "s");
    }

    /** One group as a fixed-width table. */
    public static String consoleTable(LoadRunner.Group group) {
        StringBuilder sb = new StringBuilder(heading(group)).append('\n');
        sb.append("  ").append(group.stalls().describe()).append('\n');
        sb.append(String.format(Locale.ROOT, "  %-24s %6s %9s %9s %8s %8s %8s %8s %7s %6s %6s  %s%n", "impl", "load",
                "offered/s", "done/s", "p50 ms", "p99 ms", "p99.9 ms", "max ms", "p99/p50", "GCs", "late", ""));
        for (LoadRunner.Row r : group.rows()) {
            sb.append(String.format(Locale.ROOT, "  %-24s %6s %9s %9.0f %8s %8s %8s %8s %7s %6d %6s  %s%n", r.impl(),
                    level(r), r.saturation() ? "-" : String.format(Locale.ROOT, "%.0f", r.offeredPerSecond()),
                    r.achievedPerSecond(), ms(r.p50Ms()), ms(r.p99Ms()), ms(r.p999Ms()), ms(r.maxMs()), ratio(r),
                    r.gcCount(), r.saturation() ? "-" : String.format(Locale.ROOT, "%.0fus", r.lateP50Us()), r.note()));
        }
        return sb.toString();
    }

    /** One group in Markdown. */
    public static String markdownTable(LoadRunner.Group group) {
        StringBuilder sb = new StringBuilder("**" + heading(group) + "**\n\n");
        sb.append(group.stalls().describe()).append(".\n\n");
        sb.append("| impl | load | offered /s | done /s | p50 ms | p99 ms | p99.9 ms | max ms | p99/p50 | GCs |"
                + " wake-up late (p50) | note |\n");
        sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (LoadRunner.Row r : group.rows()) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %.0f | %s | %s | %s | %s | %s | %d | %s | %s |%n",
                    r.impl(), level(r), r.saturation() ? "-" : String.format(Locale.ROOT, "%.0f", r.offeredPerSecond()),
                    r.achievedPerSecond(), ms(r.p50Ms()), ms(r.p99Ms()), ms(r.p999Ms()), ms(r.maxMs()), ratio(r),
                    r.gcCount(), r.saturation() ? "-" : String.format(Locale.ROOT, "%.0f µs", r.lateP50Us()),
                    r.note()));
        }
        return sb.toString();
    }

    public static void writeMarkdown(Path file, Map<String, String> environment, List<LoadRunner.Group> groups,
                                     String command) throws IOException {
        StringBuilder sb = new StringBuilder("# ffmblas load test\n\nCommand: `" + command + "`\n\n");
        sb.append("| environment | |\n|---|---|\n");
        environment.forEach((k, v) -> sb.append("| ").append(k).append(" | ").append(v.replace("|", "/")).append(" |\n"));
        sb.append("""

                "load" is the offered rate as a fraction of the first implementation's saturation throughput at the same
                client count ("sat": the closed-loop run that measured it; its p50 is the mean response time under full
                load). Requests are due at fixed, evenly spaced times per client (open loop); response times run from
                when a request was due, so waiting behind a slow request counts. "wake-up late" is how late a client
                thread woke for its requests, the harness's own share of every response time. GCs: collections during
                the run. Above each table, the machine's own stalls: threads that only read the clock, measured just
                before the table's first service; no library's p99 can stay below stalls that hit 1% of the time.

                """);
        for (LoadRunner.Group group : groups) {
            sb.append(markdownTable(group)).append('\n');
        }
        Files.writeString(file, sb.toString());
    }

    public static void writeJson(Path file, Map<String, String> environment, List<LoadRunner.Group> groups)
            throws IOException {
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = mapper.createObjectNode();
        ObjectNode env = root.putObject("environment");
        environment.forEach(env::put);
        ArrayNode stalls = root.putArray("machine_stalls");
        for (LoadRunner.Group g : groups) {
            ObjectNode o = stalls.addObject();
            o.put("shape", g.shape());
            o.put("clients", g.clients());
            o.put("threads", g.stalls().threads());
            o.put("seconds", g.stalls().seconds());
            o.put("lost_fraction", g.stalls().lostFraction());
            o.put("stalls_over_1ms", g.stalls().over1ms());
            o.put("max_ms", g.stalls().maxMs());
        }
        ArrayNode results = root.putArray("results");
        for (LoadRunner.Row r : groups.stream().flatMap(g -> g.rows().stream()).toList()) {
            ObjectNode o = results.addObject();
            o.put("shape", r.shape());
            o.put("impl", r.impl());
            o.put("clients", r.clients());
            if (r.saturation()) {
                o.put("level", "saturation");
                o.put("mean_ms", r.p50Ms());
            } else {
                o.put("level", r.level());
                o.put("offered_per_s", r.offeredPerSecond());
                o.put("p50_ms", r.p50Ms());
                o.put("p99_ms", r.p99Ms());
                o.put("p999_ms", r.p999Ms());
                o.put("max_ms", r.maxMs());
                o.put("wakeup_late_p50_us", r.lateP50Us());
            }
            o.put("achieved_per_s", r.achievedPerSecond());
            o.put("requests", r.requests());
            o.put("gc_count", r.gcCount());
            o.put("gc_ms", r.gcMillis());
            o.put("note", r.note());
        }
        mapper.writeValue(file.toFile(), root);
    }

    private static String level(LoadRunner.Row r) {
        return r.saturation() ? "sat" : String.format(Locale.ROOT, "%.0f%%", 100 * r.level());
    }

    private static String ratio(LoadRunner.Row r) {
        return r.saturation() ? "-" : String.format(Locale.ROOT, "%.2f", r.tailRatio());
    }

    private static String ms(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return String.format(Locale.ROOT, v >= 10 ? "%.1f" : v >= 1 ? "%.2f" : "%.3f", v);
    }
}
