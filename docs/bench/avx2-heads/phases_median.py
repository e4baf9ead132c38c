"""PhaseProbe's figures in phases.txt per shape, thread count and backend: of each block's sets, the one with the
shortest forward (another tenant on these shared cores only ever slows a set down), and the median forward.

    python3 docs/bench/avx2-heads/phases_median.py docs/bench/avx2-heads/phases.txt
"""
import re
import statistics as st
import sys

FIELDS = {"forward": r"forward ([\d.]+) ms", "projections": r"projections ([\d.]+) ms, (\d+) GFLOP/s",
          "logits": r"logits ([\d.]+) ms, (\d+) GFLOP/s", "context": r"context ([\d.]+) ms, (\d+) GFLOP/s",
          "rest": r"rest ([\d.]+) ms"}
blocks = {}
key = None
for line in open(sys.argv[1]):
    if line.startswith("== "):
        key = tuple(line[3:].split())
    elif key and line.startswith("sgemm"):
        values = blocks.setdefault(key, {})
        for name, pattern in FIELDS.items():
            m = re.search(pattern, line)
            values.setdefault(name, []).append(tuple(float(g) for g in m.groups()))
        key = None
print("| shape · threads | backend | forward ms (median of sets) | projections ms, GFLOP/s | logits | context | rest |")
print("|---|---|---:|---:|---:|---:|---:|")
for k, v in blocks.items():
    b, l, d, h, _, t, backend = k
    best = min(range(len(v["forward"])), key=lambda i: v["forward"][i][0])
    cell = lambda name: ", ".join(f"{x:g}" for x in v[name][best])
    print(f"| B={b} L={l} d={d} · {t} | {backend} | {cell('forward')} ({st.median(x[0] for x in v['forward']):g})"
          f" | {cell('projections')} | {cell('logits')} | {cell('context')} | {cell('rest')} |")
