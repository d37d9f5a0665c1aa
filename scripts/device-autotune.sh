#!/usr/bin/env bash
# The autotuner on the GPU machine, in two phases (timings drift inside one long process, so neither
# phase times much in one): screening times every candidate of one (Limits profile, FFT length) per
# process; the finals time each length's TUNE_FINALISTS best candidates again, one process each, and
# the tuning table is made from the finals alone. Writes $OUT/tuning-table.ts, $OUT/autotune.json
# (finals), $OUT/autotune-screening.json, $OUT/finalists.txt and $OUT/autotune.log. Begin the
# device command with `source .device/setup.sh;` and carry .device and dist (npm run build:bench).
# Optional environment: TUNE_PROFILES (default core,mid,large), TUNE_SIZES (default: the autotuner's
# list per profile), TUNE_CHUNK (screening candidates per process, default 4), TUNE_PHASE (screen,
# final or both; default both), TUNE_SCREENING (a screening JSON for TUNE_PHASE=final; default this run's), TUNE_FINALISTS (default 3), TUNE_FINAL_PROCESSES
# (processes per finalist, default 2; the fastest counts), TUNE_SECONDS (time
# budget per phase, default 280), TUNE_TOTAL / TUNE_REPEATS (screening), TUNE_FINAL_TOTAL /
# TUNE_FINAL_REPEATS (finals; default 2^26 elements, as the benchmark, and 10 repeats),
# TUNE_INSTALL=1 (also write the table into dist/descriptors/tuning-table.js for a bench in the same call),
# TUNE_KIND (an engine kind instead of C2C: r2c-normal, r2c-folded, c2r-normal, c2r-folded or bluestein;
# TUNE_SIZES are then engine lengths, and the winners land in $OUT/kind-winners.txt as lines for
# descriptors/kind-tuning-table.ts instead of a tuning-table.ts).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${OUT:-$PWD/device-autotune-out}
# Dawn names only the driver on NVIDIA: record the device name from nvidia-smi.
command -v nvidia-smi >/dev/null && export WEBFFTDX_DEVICE_NAME=${WEBFFTDX_DEVICE_NAME:-$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1)}
mkdir -p "$out"
phase=${TUNE_PHASE:-both}
budget=${TUNE_SECONDS:-280}
pow2="4,8,16,32,64,128,256,512,1024,2048,4096,8192"
sizes=${TUNE_SIZES:-$pow2,12,24,48,96,100,400,625,729,1000,2187,3125,6561,10000}
screening=${TUNE_SCREENING:-$out/autotune-screening.json}
kind=(${TUNE_KIND:+--kind "$TUNE_KIND"})

if [ "$phase" != final ]; then
  parts=$(mktemp -d)
  deadline=$((SECONDS + budget))
  chunk=${TUNE_CHUNK:-4}
  # One process per chunk of candidates: from some case on a process times several times slow
  # (bench/NOTES.md run 22), so no process screens more than TUNE_CHUNK of them.
  while read -r p n count; do
    for ((from = 0; from < count; from += chunk)); do
      [ $SECONDS -lt $deadline ] || { echo "screening: time budget spent at $p $n ($from)" >> "$out/autotune.log"; break 2; }
      timeout 60 node dist/bench/autotune.js "${kind[@]}" --profiles "$p" --sizes "$n" --range "$from:$((from + chunk))" ${TUNE_TOTAL:+--total $TUNE_TOTAL} ${TUNE_REPEATS:+--repeats $TUNE_REPEATS} \
        --out-json "$parts/$p-$n-$from.json" >> "$out/autotune.log" 2>&1 || echo "autotune $p $n $from exited with $?" >> "$out/autotune.log"
    done
  done < <(node dist/bench/autotune.js "${kind[@]}" --profiles "${TUNE_PROFILES:-core,mid,large}" --sizes "$sizes" --count)
  node dist/bench/autotune.js --merge "$parts"/*.json --out-json "$screening" >> "$out/autotune.log" 2>&1
  echo "screening merge exited with $?" >> "$out/autotune.log"
fi

if [ "$phase" != screen ]; then
  node dist/bench/autotune.js --merge "$screening" --finalists "${TUNE_FINALISTS:-3}" > "$out/finalists.txt" 2>> "$out/autotune.log"
  final=$(mktemp -d)
  deadline=$((SECONDS + budget))
  # Each finalist in TUNE_FINAL_PROCESSES processes (default 2); the merge keeps the fastest, since
  # about one process in five reads 3-12 % low at random (bench/NOTES.md runs 12-13).
  while read -r p n spec; do
    for i in $(seq 1 "${TUNE_FINAL_PROCESSES:-2}"); do
      [ $SECONDS -lt $deadline ] || { echo "finals: time budget spent at $p $n $spec ($i)" >> "$out/autotune.log"; break 2; }
      timeout 60 node dist/bench/autotune.js "${kind[@]}" --profiles "$p" --sizes "$n" --only "$spec" --total "${TUNE_FINAL_TOTAL:-67108864}" \
        --repeats "${TUNE_FINAL_REPEATS:-10}" --out-json "$final/$p-$n-${spec//:/_}-$i.json" >> "$out/autotune.log" 2>&1 \
        || echo "final $p $n $spec ($i) exited with $?" >> "$out/autotune.log"
    done
  done < "$out/finalists.txt"
  if [ -n "${TUNE_KIND:-}" ]; then
    node dist/bench/autotune.js --merge "$final"/*.json --out-json "$out/autotune.json" > "$out/kind-winners.txt" 2>> "$out/autotune.log"
  else
    node dist/bench/autotune.js --merge "$final"/*.json --out-table "$out/tuning-table.ts" --out-json "$out/autotune.json" \
      ${TUNE_INSTALL:+--out-table-js dist/descriptors/tuning-table.js} >> "$out/autotune.log" 2>&1
  fi
  echo "finals merge exited with $?" >> "$out/autotune.log"
fi
