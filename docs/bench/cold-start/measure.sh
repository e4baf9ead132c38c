#!/usr/bin/env bash
# Cold start of `./ffmblas attention` on the shipped example: wall time from the shell's fork of the launcher to
# its exit (JVM start, loading OpenBLAS, reading the files, one forward pass, writing the result), N runs of each
# command given, alternated so that both see the same machine. Prints every run and the medians.
#   docs/bench/cold-start/measure.sh N 'command A' 'command B' ...
# The attention arguments are appended to each command.
set -euo pipefail
n=$1; shift
args="attention --weights examples/mha.weights.safetensors --inputs examples/mha.inputs.safetensors \
--output /tmp/ffmblas-cold-start.safetensors --heads 8 --prefix encoder.layers.0.self_attn. --causal"
declare -A times
for ((i = 1; i <= n; i++)); do
  for cmd in "$@"; do
    start=$(date +%s%N)
    $cmd $args >/dev/null 2>&1
    end=$(date +%s%N)
    ms=$(( (end - start) / 1000000 ))
    times["$cmd"]+="$ms "
    echo "run $i: $ms ms  $cmd"
  done
done
for cmd in "$@"; do
  median=$(echo ${times["$cmd"]} | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}')
  echo "median of $n: $median ms  $cmd  (runs: ${times["$cmd"]})"
done
