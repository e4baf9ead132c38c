"""Medians over runs of `ffmblas bench` with some of native, native-onednn, native-packed and onnxruntime (the runs
in run*/results.json under the directory given): each backend's time, its time over ONNX Runtime's in the same run
(median and range over runs), the default backend's forward as a share of the same run's n=1024 sgemm rates, and
two-thread speed-ups. The default backend is what Backend.AUTO takes on the machine: native-packed on AVX2 CPUs
without AVX-512, native-onednn on AVX-512 ones.

    python3 docs/bench/summarize_backends.py docs/bench/avx2-turns                 # default: native-packed
    python3 docs/bench/summarize_backends.py docs/bench/avx512-zen4 native-onednn
"""
import glob
import json
import statistics as st
import sys

NAMES = {"native": "OpenBLAS", "native-onednn": "oneDNN", "native-packed": "packed", "onnxruntime": "ORT"}
directory = sys.argv[1]
default = sys.argv[2] if len(sys.argv) > 2 else "native-packed"
runs = sorted(glob.glob(directory + "/run*/results.json"))
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
impls = [i for i in NAMES if any(i in v for v in times.values())]
backends = [i for i in impls if i != "onnxruntime"]


def spread(values):
    return f"{st.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def ratio(v, x, y):
    return [p / q for p, q in zip(v[x], v[y])]


def own_sgemm(t):  # the default backend's own n=1024 rate where the run has it (oneDNN's: one thread), else OpenBLAS's
    return default if default in sgemm.get(t, {}) else "native"


print(f"{len(runs)} runs; ratios taken within each run, then the median (range) over runs; default: {NAMES[default]}")
print()
print("| shape | threads | " + " | ".join(NAMES[i] + " ms" for i in impls) + " | "
      + " | ".join(NAMES[i] + " / ORT" for i in backends) + " |")
print("|---|---:|" + "---:|" * (len(impls) + len(backends)))
for key in sorted(times):
    b, l, d, h, t = key
    v = times[key]
    print(f"| B={b} L={l} d={d} H={h} | {t} | " + " | ".join(f"{st.median(v[i]):.2f}" for i in impls) + " | "
          + " | ".join(spread(ratio(v, i, "onnxruntime")) for i in backends) + " |")
print()
for t in sorted(sgemm):
    print(f"sgemm n=1024, {t} thread(s), GFLOP/s:", {i: spread(v) for i, v in sgemm[t].items()})
print()
print(f"| shape | threads | forward GFLOP/s ({NAMES[default]}) | of the run's n=1024 sgemm: the backend's own"
      " (else OpenBLAS's) | the fastest of all |")
print("|---|---:|---:|---:|---:|")
for key in sorted(rates):
    t = key[4]
    share, own = [], []
    for i, g in enumerate(rates[key][default]):
        best = max(v[i] for v in sgemm.get(t, {}).values() if len(v) > i)
        share.append(100 * g / best)
        own.append(100 * g / sgemm[t][own_sgemm(t)][i])
    print(f"| B={key[0]} L={key[1]} d={key[2]} H={key[3]} | {t} | {st.median(rates[key][default]):.1f} | "
          f"{NAMES[own_sgemm(t)]}: {st.median(own):.0f}% ({min(own):.0f}-{max(own):.0f}%) | {st.median(share):.0f}% ({min(share):.0f}-{max(share):.0f}%) |")
print()
for key in sorted(times):
    if key[4] == 1 and key[:4] + (2,) in times:
        two = times[key[:4] + (2,)]
        print("two-thread speed-up", key[:4], {NAMES[i]: f"{st.median([a / c for a, c in zip(times[key][i], two[i])]):.2f}"
                                             for i in impls})
