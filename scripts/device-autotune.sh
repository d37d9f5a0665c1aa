#!/usr/bin/env bash
# The autotuner on the GPU machine: every (Limits profile, FFT length) in a fresh process (timings
# degrade inside one long process), then one merged tuning table. Writes $OUT/tuning-table.ts,
# $OUT/autotune.json and $OUT/autotune.log. Begin the device command with `source .device/setup.sh;`
# and carry .device and dist (npm run build:bench).
# Optional environment: TUNE_PROFILES (default core,mid,large), TUNE_SIZES (default: the autotuner's
# list per profile), TUNE_SECONDS (time budget, default 300), TUNE_INSTALL=1 (also write the table into
# dist/descriptors/tuning-table.js, so a bench in the same call uses it).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=${OUT:-$PWD/device-autotune-out}
# Dawn names only the driver on NVIDIA: record the device name from nvidia-smi.
command -v nvidia-smi >/dev/null && export WEBFFTDX_DEVICE_NAME=${WEBFFTDX_DEVICE_NAME:-$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n1)}
mkdir -p "$out"
parts=$(mktemp -d)
deadline=$((SECONDS + ${TUNE_SECONDS:-300}))
pow2="4,8,16,32,64,128,256,512,1024,2048,4096,8192"
sizes=${TUNE_SIZES:-$pow2,12,24,48,96,100,400,1000,2187,3125,6561,10000}
for p in $(echo "${TUNE_PROFILES:-core,mid,large}" | tr ',' ' '); do
  for n in $(echo "$sizes" | tr ',' ' '); do
    [ $SECONDS -lt $deadline ] || { echo "time budget spent at $p $n" >> "$out/autotune.log"; break 2; }
    timeout 60 node dist/bench/autotune.js --profiles "$p" --sizes "$n" ${TUNE_TOTAL:+--total $TUNE_TOTAL} ${TUNE_REPEATS:+--repeats $TUNE_REPEATS} --out-json "$parts/$p-$n.json" >> "$out/autotune.log" 2>&1 \
      || echo "autotune $p $n exited with $?" >> "$out/autotune.log"
  done
done
node dist/bench/autotune.js --merge "$parts"/*.json --out-table "$out/tuning-table.ts" --out-json "$out/autotune.json" ${TUNE_INSTALL:+--out-table-js dist/descriptors/tuning-table.js} >> "$out/autotune.log" 2>&1
echo "merge exited with $?" >> "$out/autotune.log"
