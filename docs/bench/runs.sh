#!/usr/bin/env bash
# Repeated `./ffmblas bench` runs into one directory, each between two readings of both cores' FMA floor
# (native/src/test/c/fma_peak.c) so a run taken while the cores were shared shows in runs.log.
#
#   docs/bench/runs.sh DIR RUNS [bench options...]
#   docs/bench/runs.sh docs/bench/avx512-zen4 6 --impls native,native-onednn,native-packed,onnxruntime \
#       --sgemm 1024 --threads 1,2
#
# OpenBLAS chooses its own kernel (OPENBLAS_CORETYPE is removed) unless FFMBLAS_RUNS_CORETYPE names one: the
# restricted-ISA comparison sets it with ONEDNN_MAX_CPU_ISA.
set -euo pipefail
dir=$1 runs=$2
shift 2
cd "$(dirname "$0")/../.."
mkdir -p "$dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
peak=$tmp/fma_peak
cc -O2 -march=native -o "$peak" native/src/test/c/fma_peak.c
width=256
grep -qw avx512f /proc/cpuinfo && width="256 512"
floor() {
  local out=""
  for w in $width; do
    out+=" $w-bit:"
    for c in $(seq 0 $(($(nproc) - 1))); do out+=" $(taskset -c $c "$peak" $w)"; done
  done
  echo "$out"
}
env_line="OPENBLAS_CORETYPE=${FFMBLAS_RUNS_CORETYPE:-(unset)} ONEDNN_MAX_CPU_ISA=${ONEDNN_MAX_CPU_ISA:-(unset)}"
echo "$(date -u +%FT%TZ) $env_line; ./ffmblas bench $*" >> "$dir/runs.log"
for i in $(seq 1 "$runs"); do
  before=$(floor)
  if [ -n "${FFMBLAS_RUNS_CORETYPE:-}" ]; then
    OPENBLAS_CORETYPE=$FFMBLAS_RUNS_CORETYPE ./ffmblas bench "$@" --out "$dir/run$i" > "$dir/run$i.log" 2>&1
  else
    env -u OPENBLAS_CORETYPE ./ffmblas bench "$@" --out "$dir/run$i" > "$dir/run$i.log" 2>&1
  fi
  rm -f "$dir/run$i/chart.png" "$dir/run$i.log"   # the console's log stays only when a run fails (set -e)
  echo "run $i done $(date -u +%T); FMA GFLOP/s per core before:$before  after:$(floor)" >> "$dir/runs.log"
done
