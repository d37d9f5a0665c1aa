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
# BENCH_C2C_SIZES / BENCH_REAL_SIZES (comma lists, to rerun part of the sweep).
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

{ nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.memory --format=csv 2>&1 || true; } > "$out/gpu.txt"
log "GPU: $(tail -n +2 "$out/gpu.txt" | head -n1)"
# Dawn's adapter info on NVIDIA names only the driver: take the device name from nvidia-smi.
export WEBFFTDX_DEVICE_NAME=${WEBFFTDX_DEVICE_NAME:-$(tail -n +2 "$out/gpu.txt" | head -n1 | cut -d, -f1)}

# 1. cuFFT anchor (PyTorch, CUDA events): writes $out/anchor.json.
anchor=""
if [ -f .device/cufft_anchor.py ] && command -v python3 >/dev/null 2>&1; then
  log "cuFFT anchor: c2c/r2c/c2r over $total elements"
  if OUT="$out" timeout 150 python3 .device/cufft_anchor.py --sizes "$c2c_sizes" --kinds copy,c2c,r2c,c2r \
      --total "$total" > "$out/cufft-anchor.log" 2>&1 && [ -f "$out/anchor.json" ]; then
    anchor="$out/anchor.json"
  else
    log "cuFFT anchor failed (see cufft-anchor.log)"
  fi
else
  log "no .device/cufft_anchor.py or python3: cuFFT anchor skipped"
fi

# 2. webfftdx: the compiled harness (dist/bench/run.js) on Dawn/Vulkan.
if [ ! -f dist/bench/run.js ]; then
  log "dist/bench/run.js is missing: run 'npm run build:bench' before the device call and carry dist/"
elif ! command -v node >/dev/null 2>&1; then
  log "node is not on PATH: begin the device command with 'source .device/setup.sh;'"
else
  log "webfftdx bench"
  timeout 390 node dist/bench/run.js --kinds c2c,r2c,c2r --precision f32 \
    --sizes "$c2c_sizes" --real-sizes "$real_sizes" --total "$total" --repeats "$repeats" \
    --out-dir "$out/results" ${anchor:+--cufft "$anchor"} > "$out/bench.log" 2>&1
  log "webfftdx bench exited with $? (see bench.log)"
fi

# A run cut short by the timeout leaves its checkpointed JSON without a plot: draw it now.
rows=0
for json in "$out"/results/*.json; do
  [ -f "$json" ] || continue
  [ -f "${json%.json}.svg" ] || node dist/bench/run.js --plot-only "$json" >> "$out/bench.log" 2>&1
  rows=$((rows + $(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).rows.length)' "$json" 2>/dev/null || echo 0)))
done

if [ "$rows" -gt 0 ] || [ -n "$anchor" ]; then
  log "$rows webfftdx rows; results in $out: $(cd "$out" && ls results/* anchor.json 2>/dev/null | tr '\n' ' ')"
  exit 0
fi
log "nothing ran"
exit 1
