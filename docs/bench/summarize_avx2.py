"""Medians over runs of `ffmblas bench` with native, native-onednn, native-packed and onnxruntime (the runs in
run*/results.json under the directory given): each backend's time, its time over ONNX Runtime's in the same run
(median and range over runs), the forward's share of the same run's n=1024 sgemm rate, and two-thread speed-ups.

    python3 docs/bench/summarize_avx2.py docs/bench/avx2-heads
"""
import glob
import json
import statistics as st
import sys

BACKENDS = ["native", "native-onednn", "native-packed"]
runs = sorted(glob.glob(sys.argv[1] + "/run*/results.json"))
times = {}  # (b, l, d, h, threads) -> impl -> [ms per run]
rates = {}  # (b, l, d, h, threads) -> impl -> [GFLOP/s per run]
sgemm = {}  # threads -> impl -> [GFLOP/s per run] at n = 1024
for f in runs:
    for r in json.load(open(f))["results"]:
        if r.get("median_ms") is None:
            continue
        if r["kind"] == "attention":
            key = (r["batch"], r["query_len"], r["d_model"], r["heads"], r["threads"])
            times.setdefault(key, {}).setdefault(r["impl"], []).append(r["median_ms"])
            rates.setdefault(key, {}).setdefault(r["impl"], []).append(r["gflops"])
        elif r.get("m") == r.get("n") == r.get("k") == 1024:
            sgemm.setdefault(r["threads"], {}).setdefault(r["impl"], []).append(r["gflops"])


def spread(values):
    return f"{st.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


print(f"{len(runs)} runs; ratios taken within each run, then the median (range) over runs")
print()
print("| shape | threads | OpenBLAS ms | oneDNN ms | packed ms | ORT ms | packed / ORT | oneDNN / ORT | packed / OpenBLAS |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
for key in sorted(times):
    b, l, d, h, t = key
    v = times[key]
    ratio = lambda x, y: [p / q for p, q in zip(v[x], v[y])]
    print(f"| B={b} L={l} d={d} H={h} | {t} | " + " | ".join(f"{st.median(v[i]):.2f}" for i in BACKENDS + ["onnxruntime"])
          + f" | {spread(ratio('native-packed', 'onnxruntime'))} | {spread(ratio('native-onednn', 'onnxruntime'))}"
          + f" | {spread(ratio('native-packed', 'native'))} |")
print()
for t in sorted(sgemm):
    print(f"sgemm n=1024, {t} thread(s), GFLOP/s:", {i: spread(v) for i, v in sgemm[t].items()})
print()
print("| shape | threads | forward GFLOP/s (packed) | of the run's n=1024 sgemm: OpenBLAS's | the faster of OpenBLAS's and ORT's |")
print("|---|---:|---:|---:|---:|")
for key in sorted(rates):
    t = key[4]
    share, own = [], []
    for i, g in enumerate(rates[key]["native-packed"]):
        best = max(v[i] for impl, v in sgemm.get(t, {}).items() if impl in ("native", "onnxruntime") and len(v) > i)
        share.append(100 * g / best)
        own.append(100 * g / sgemm[t]["native"][i])
    print(f"| B={key[0]} L={key[1]} d={key[2]} H={key[3]} | {t} | {st.median(rates[key]['native-packed']):.1f} | "
          f"{st.median(own):.0f}% ({min(own):.0f}-{max(own):.0f}%) | {st.median(share):.0f}% ({min(share):.0f}-{max(share):.0f}%) |")
print()
for key in sorted(times):
    if key[4] == 1 and key[:4] + (2,) in times:
        two = times[key[:4] + (2,)]
        print("two-thread speed-up", key[:4], {i: f"{st.median([a / c for a, c in zip(times[key][i], two[i])]):.2f}"
                                             for i in BACKENDS + ["onnxruntime"]})
