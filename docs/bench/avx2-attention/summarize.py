import json, glob, statistics as st, sys
runs = sorted(glob.glob(sys.argv[1] + '/run*/results.json'))
data = {}
sg = {}
for f in runs:
    for r in json.load(open(f))['results']:
        if r['kind'] == 'attention':
            key = (r['batch'], r['query_len'], r['d_model'], r['heads'], r['threads'])
            data.setdefault(key, {}).setdefault(r['impl'], []).append(r['median_ms'])
        else:
            key = (r.get('m'), r.get('n'), r.get('k'), r['threads'])
            sg.setdefault(key, {}).setdefault(r['impl'], []).append(r['gflops'])
print(f"{len(runs)} runs")
print("| shape | threads | native ms | oneDNN ms | ORT ms | oneDNN / ORT (per-run range) | native / ORT | oneDNN / native | forward GFLOP/s (best backend) |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
rates = {}
for key in sorted(data):
    b, l, d, h, t = key
    v = data[key]
    n = st.median(v['native']); o = st.median(v['native-onednn']); x = st.median(v['onnxruntime'])
    r1 = [a / c for a, c in zip(v['native-onednn'], v['onnxruntime'])]
    r2 = [a / c for a, c in zip(v['native'], v['onnxruntime'])]
    r3 = [a / c for a, c in zip(v['native-onednn'], v['native'])]
    flops = 8.0*b*l*d*d + 4.0*b*l*l*d
    best = min(n, o)
    print(f"| B={b} L={l} d={d} H={h} | {t} | {n:.2f} | {o:.2f} | {x:.2f} | {st.median(r1):.2f} ({min(r1):.2f}-{max(r1):.2f}) | {st.median(r2):.2f} | {st.median(r3):.2f} | {flops/best/1e6:.1f} |")
    rates[key] = flops/best/1e6
for key in sorted(sg, key=str):
    print("sgemm", key, {k: f"{st.median(v):.1f} ({min(v):.1f}-{max(v):.1f})" for k, v in sg[key].items() if None not in v})
# speed-ups
for key in sorted(data):
    if key[4] == 1:
        k2 = key[:4] + (2,)
        for impl in ('native', 'native-onednn', 'onnxruntime'):
            print("speedup", key[:4], impl, f"{st.median(data[key][impl]) / st.median(data[k2][impl]):.2f}")
