#!/usr/bin/env bash
# The benchmark run on the GPU machine: cuFFT (through PyTorch) and webfftdx in the same call, so
# their ratios compare like with like. Everything lands in $OUT (the folder the device call returns).
#
# Prepare on the development machine (project root):
#   npm ci && npm run build:bench          # compiled JS in dist/ (the GPU machine has no npm/tsx)
#   bash ../shared/device/prepare.sh       # .device/: Node.js, Dawn, Vulkan loader, cufft_anchor.py
# Run there (carry .device and dist):
#   source .device/setup.sh; bash scripts/device-bench.sh
# Optional environment: BENCH_TOTAL (elements per case, default 2^26), BENCH_REPEATS (default 20),
# BENCH_C2C_SIZES / BENCH_REAL_SIZES (comma lists, to rerun part of the sweep), BENCH_PROCESSES (processes
# per case, default 3: the fastest counts), BENCH_SECONDS (time budget, default 390).
#
# Sweep (the issue's): C2C f32 at powers of two 2..32768, at 100 400 1000 2187 3125 6561 10000 and
# the primes 1009 4093; R2C and C2R at 256 4096 16384 (sizes the engine does not support are listed
# as unsupported in the result). Exits non-zero only if neither cuFFT nor webfftdx produced results.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

out=${OUT:-$PWD/device-bench-out}
mkdir -p "$out/results"
total=${BENCH_TOTAL:-67108864}
repeats=${BENCH_REPEATS:-20}
pow2=2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768
c2c_sizes=${BENCH_C2C_SIZES:-$pow2,100,400,1000,2187,3125,6561,10000,1009,4093}
real_sizes=${BENCH_REAL_SIZES:-256,4096,16384}

log() { echo "device-bench: $*" | tee -a "$out/device-bench.log"; }

gpu=$(command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.memory --format=csv,noheader 2>/dev/null | head -n1)
log "GPU: $gpu"
# Dawn's adapter info on NVIDIA names only the driver: take the device name from nvidia-smi.
[ -n "$gpu" ] && export WEBFFTDX_DEVICE_NAME=${WEBFFTDX_DEVICE_NAME:-$(echo "$gpu" | cut -d, -f1)}

# 1. cuFFT anchor (PyTorch, CUDA events), run BENCH_PROCESSES times like every webfftdx case; the
# merge keeps each case's fastest run and writes it to $out/anchor.json.
anchors=()
anchor_dir=$(mktemp -d)
if [ -f .device/cufft_anchor.py ] && command -v python3 >/dev/null 2>&1; then
  # Real kinds over 2 x total real points, as the harness (bench/harness.ts pointsFor): every case
  # reads the bytes of `total` complex values, the copy's. merge-cufft matches kind, n and batch.
  anchor_run() { # label sizes kinds total
    mkdir -p "$anchor_dir/$1"
    if OUT="$anchor_dir/$1" timeout 150 python3 .device/cufft_anchor.py --sizes "$2" --kinds "$3" --total "$4" \
        >> "$out/device-bench.log" 2>&1 && [ -f "$anchor_dir/$1/anchor.json" ]; then
      anchors+=(--cufft "$anchor_dir/$1/anchor.json")
    else
      log "cuFFT anchor ($1) failed (see above)"
    fi
  }
  for i in $(seq 1 "${BENCH_PROCESSES:-3}"); do
    log "cuFFT anchor ($i): c2c over $total points, r2c/c2r over $((2 * total))"
    anchor_run "c2c-$i" "$c2c_sizes" copy,c2c "$total"
    anchor_run "real-$i" "$real_sizes" r2c,c2r "$((2 * total))"
  done
else
  log "no .device/cufft_anchor.py or python3: cuFFT anchor skipped"
fi
anchor=${anchors[*]:+yes}

# 2. webfftdx: the compiled harness (dist/bench/run.js) on Dawn/Vulkan, one process per case: in a
# single long sweep, cases after the largest sizes were seen to run 3-5x slower than alone.
rows=0
if [ ! -f dist/bench/run.js ]; then
  log "dist/bench/run.js is missing: run 'npm run build:bench' before the device call and carry dist/"
elif ! command -v node >/dev/null 2>&1; then
  log "node is not on PATH: begin the device command with 'source .device/setup.sh;'"
else
  # Per-case results stay outside $OUT: only a few files come back from the device call.
  parts=$(mktemp -d)
  real_kinds=${BENCH_REAL_KINDS:-r2c,c2r,r2c_folded,c2r_folded}
  log "webfftdx bench (one process per case; toggles ${BENCH_TOGGLES:-fast})"
  deadline=$((SECONDS + ${BENCH_SECONDS:-390}))
  # Each case in BENCH_PROCESSES fresh processes (default 3): about one process in five reads 3-12 %
  # low at random (bench/NOTES.md run 13); merge-results keeps each case's fastest process.
  run_case() { # kind n
    for i in $(seq 1 "${BENCH_PROCESSES:-3}"); do
      [ $SECONDS -lt $deadline ] || { log "time budget spent: skipping $1 $2 ($i)"; return; }
      timeout 120 node dist/bench/run.js --kinds "$1" --sizes "$2" --real-sizes "$2" --precision f32 --total "$total" \
        --repeats "$repeats" --toggles "${BENCH_TOGGLES:-fast}" --out "$parts/$1-$2-$i.json" >> "$out/bench.log" 2>&1 \
        || log "case $1 $2 ($i) exited with $?"
    done
  }
  for n in ${c2c_sizes//,/ }; do run_case c2c "$n"; done
  for k in ${real_kinds//,/ }; do for n in ${real_sizes//,/ }; do run_case "$k" "$n"; done; done
  name=$(echo "${WEBFFTDX_DEVICE_NAME:-$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).device)' "$(ls "$parts"/*.json | head -n1)")}" | tr 'A-Z' 'a-z' | tr -cs 'a-z0-9' '-' | sed 's/^-//; s/-$//')
  result="$out/results/$(date -u +%F)-$name.json"
  node dist/bench/merge-results.js --out "$result" "${anchors[@]}" ${anchor:+--cufft-out "$out/anchor.json"} \
    --command "scripts/device-bench.sh (node dist/bench/run.js per case, best of ${BENCH_PROCESSES:-3} processes, --total $total --repeats $repeats --toggles ${BENCH_TOGGLES:-fast})" \
    "$parts"/*.json >> "$out/bench.log" 2>&1
  log "merge exited with $? (see bench.log)"
  [ -f "$result" ] && rows=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).rows.length)' "$result" 2>/dev/null || echo 0)
fi

if [ "$rows" -gt 0 ] || [ -n "$anchor" ]; then
  log "$rows webfftdx rows; results in $out: $(cd "$out" && ls results/* anchor.json 2>/dev/null | tr '\n' ' ')"
  exit 0
fi
log "nothing ran"
exit 1
