#!/usr/bin/env python3
"""Summarises several `ffmblas bench` runs: per row, the median and range over runs of native's time, its
roofline (GFLOP/s over the same run's n=1024 sgemm rate of the same OpenBLAS, the fastest of native, jni and c,
at the same thread count) and each peer's
time divided by native's in the same run.

    python3 docs/bench/summarize.py docs/bench/openblas-own-kernel/runs/*.json

Ratios are taken within a run and only then summarised: single runs on a shared 2-core machine move 10-20%.
"""
import json
import statistics
import sys

SAME_LIBRARY = {"native", "jni", "c"}
PEERS = ["onnxruntime", "java-vector", "java-reference", "native-openblas-threads", "jni", "c"]


def row_key(r):
    if r["kind"] == "sgemm":
        n = r["n"]
        return ("sgemm", r.get("m", n), n, r.get("k", n), r["threads"])
    return ("attention", r["batch"], r["query_len"], r["key_len"], r["d_model"], r["heads"], r["threads"])


def label(key):
    if key[0] == "sgemm":
        _, m, n, k, t = key
        shape = f"n={n}" if m == n == k else f"m={m} n={n} k={k}"
        return f"sgemm {shape} · {t}"
    _, b, lq, lk, d, h, t = key
    return f"attention {b}, {lq}{'' if lq == lk else '/' + str(lk)}, {d}, {h} · {t}"


def spread(values, fmt):
    values = sorted(values)
    if len(values) == 1:
        return fmt(values[0])
    return f"{fmt(statistics.median(values))} ({fmt(values[0])}-{fmt(values[-1])})"


def main(paths):
    if not paths:
        sys.exit(__doc__)
    table = {}
    for path in paths:
        with open(path) as f:
            results = json.load(f)["results"]
        timed = [r for r in results if r.get("median_ms") is not None]
        sgemm = {}
        for r in timed:  # the fastest of the paths into the same OpenBLAS kernel, as the bench's report does
            if r["impl"] in SAME_LIBRARY and row_key(r)[:4] == ("sgemm", 1024, 1024, 1024):
                sgemm[r["threads"]] = max(sgemm.get(r["threads"], 0), r["gflops"])
        rows = {}
        for r in timed:
            rows.setdefault(row_key(r), {})[r["impl"]] = r
        for key, impls in rows.items():
            native = impls.get("native")
            if native is None:
                continue
            cell = table.setdefault(key, {})
            cell.setdefault("native ms", []).append(native["median_ms"])
            if key[0] == "attention" and key[-1] in sgemm:
                cell.setdefault("roofline", []).append(100 * native["gflops"] / sgemm[key[-1]])
            for peer in PEERS:
                if peer in impls:
                    cell.setdefault(peer, []).append(impls[peer]["median_ms"] / native["median_ms"])
    columns = ["native ms", "roofline"] + PEERS
    print(f"{len(paths)} run(s): median (lowest-highest) over runs; peers as their time / native's time")
    print()
    print("| row · threads | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    for key in sorted(table):
        cell = table[key]
        out = []
        for c in columns:
            if c not in cell:
                out.append("-")
            elif c == "roofline":
                out.append(spread(cell[c], lambda v: f"{v:.0f}%"))
            elif c == "native ms":
                out.append(spread(cell[c], lambda v: f"{v:.3g}"))
            else:
                out.append(spread(cell[c], lambda v: f"{v:.2f}"))
        print(f"| {label(key)} | " + " | ".join(out) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
