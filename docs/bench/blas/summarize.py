#!/usr/bin/env python3
"""Summarises one or more `ffmblas bench --blas` runs (results.json) into the tables of README.md.

    python3 docs/bench/blas/summarize.py docs/bench/blas/run-1/results.json [more runs...]

Ratios are per-round ratios (path time / ffmblas time in the same round), median over rounds, as the suite reports
them; with several runs, the median over runs. "ffmblas/peer" is 1 / ratio_to_ffmblas of the peer: below 1 ffmblas
is faster.
"""
import json
import statistics
import sys

PATHS = ["ffmblas", "ffmblas-heap", "raw", "raw-heap", "jni", "java", "c"]
NOISE = 1.02  # "no slower" allowing the ~2% a shared 2-core machine moves between rounds


def load(files):
    rows = {}
    routines, sizes = [], []
    for f in files:
        data = json.load(open(f))
        for r in data["results"]:
            if r["routine"] not in routines:
                routines.append(r["routine"])
            if r["n"] not in sizes:
                sizes.append(r["n"])
            rows.setdefault((r["routine"], r["n"], r["path"]), []).append(r)
    return rows, routines, sorted(sizes)


def ratio(rows, routine, n, path):
    """Median over runs of path/ffmblas, None when never timed."""
    vals = [r["ratio_to_ffmblas"] for r in rows.get((routine, n, path), []) if r["ratio_to_ffmblas"] is not None]
    return statistics.median(vals) if vals else None


def floor(rows, routine, n, path):
    """Median over runs of path / its floor (raw; raw-heap for heap paths), None when never timed."""
    vals = [r.get("ratio_to_floor") for r in rows.get((routine, n, path), []) if r.get("ratio_to_floor") is not None]
    return statistics.median(vals) if vals else None


def ns(rows, routine, n, path):
    vals = [r["median_ns"] for r in rows.get((routine, n, path), []) if r["median_ns"] is not None]
    return statistics.median(vals) if vals else None


def inv(x):
    return None if x is None else 1 / x


def fmt(x, digits=2):
    return "-" if x is None else f"{x:.{digits}f}"


def from_n(rows, routine, sizes, path, limit):
    """Smallest n from which ffmblas/path <= limit at that n and every larger one; None if never."""
    found = None
    for n in reversed(sizes):
        v = inv(ratio(rows, routine, n, path))
        if v is None or v > limit:
            break
        found = n
    return found


def main(files):
    rows, routines, sizes = load(files)
    print(f"runs: {len(files)}; sizes {sizes}\n")
    print("### ffmblas / raw and ffmblas-heap / raw-heap (the bare critical downcall; per-round ratio, median)\n")
    print("| routine | " + " | ".join(f"n={n}" for n in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    for r in routines:
        print(f"| {r} | " + " | ".join(f"{fmt(floor(rows, r, n, 'ffmblas'))} / {fmt(floor(rows, r, n, 'ffmblas-heap'))}"
                                       for n in sizes) + " |")
    print("\n### ffmblas-heap / jni\n")
    print("| routine | " + " | ".join(f"n={n}" for n in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    for r in routines:
        cells = []
        for n in sizes:
            h, j = ratio(rows, r, n, "ffmblas-heap"), ratio(rows, r, n, "jni")
            cells.append(fmt(None if h is None or j is None else h / j))
        print(f"| {r} | " + " | ".join(cells) + " |")
    print()
    print("### ffmblas / jni (per-round ratio, median; below 1: ffmblas faster)\n")
    print("| routine | " + " | ".join(f"n={n}" for n in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    for r in routines:
        print(f"| {r} | " + " | ".join(fmt(inv(ratio(rows, r, n, 'jni'))) for n in sizes) + " |")
    print("\n### ffmblas / c\n")
    print("| routine | " + " | ".join(f"n={n}" for n in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    for r in routines:
        print(f"| {r} | " + " | ".join(fmt(inv(ratio(rows, r, n, 'c'))) for n in sizes) + " |")
    print("\n### per routine\n")
    print("| routine | ffmblas <= jni from n (strict / within 2%) | ffmblas <= 1.05 x c from n | java faster than"
          " ffmblas at n | java faster than jni and c at n | heap / segments (min-max over n) |")
    print("|---|---|---|---|---|---|")
    for r in routines:
        strict = from_n(rows, r, sizes, "jni", 1.0)
        loose = from_n(rows, r, sizes, "jni", NOISE)
        c5 = from_n(rows, r, sizes, "c", 1.05)
        java_beats_ffm = [n for n in sizes if (ratio(rows, r, n, "java") or 9) < 1]
        java_beats_all = [n for n in sizes if ns(rows, r, n, "java") is not None
                          and ns(rows, r, n, "java") < min(x for x in (ns(rows, r, n, "jni"), ns(rows, r, n, "c"),
                                                                       ns(rows, r, n, "ffmblas")) if x is not None)]
        heap = [ratio(rows, r, n, "ffmblas-heap") for n in sizes if ratio(rows, r, n, "ffmblas-heap") is not None]
        print(f"| {r} | {strict or 'never'} / {loose or 'never'} | {c5 or 'never'} | "
              f"{','.join(map(str, java_beats_ffm)) or '-'} | {','.join(map(str, java_beats_all)) or '-'} | "
              f"{fmt(min(heap)) if heap else '-'}-{fmt(max(heap)) if heap else '-'} |")
    print("\n### median ns per call of ffmblas, jni, c (n = smallest and largest)\n")
    for r in routines:
        parts = []
        for n in (sizes[0], sizes[-1]):
            parts.append(f"n={n}: " + ", ".join(f"{p} {fmt(ns(rows, r, n, p), 1)}" for p in PATHS))
        print(f"- {r}: " + "; ".join(parts))
    bad = [x for v in rows.values() for x in v if x["status"] not in ("ok",)
           and not (x["path"] == "java" and x["routine"] == "zgemm")]
    print("\nuntimed rows (other than zgemm/java):", len(bad))
    for x in bad:
        print("  ", x["routine"], x["n"], x["path"], x["status"], x["note"])


if __name__ == "__main__":
    main(sys.argv[1:])
