#!/usr/bin/env bash
# The benchmark run on the GPU machine: cuFFT (through PyTorch), VkFFT (CUDA backend) and webfftdx
# in the same call, so that their ratios compare like with like. Everything lands in $OUT (the
# folder the device call returns).
#
# Prepare on the development machine (project root):
#   npm ci && npm run build:bench          # compiled JS in dist/ (the GPU machine has no npm/tsx)
#   bash ../shared/device/prepare.sh       # .device/: Node.js, Dawn, Vulkan loader, both anchors
# Run there (carry .device and dist):
#   source .device/setup.sh; bash scripts/device-bench.sh
# Optional environment: BENCH_TOTAL (elements per case, default 2^26), BENCH_REPEATS (default 20),
# BENCH_C2C_SIZES / BENCH_REAL_SIZES (comma lists, to rerun part of the sweep), BENCH_REAL_KINDS,
# BENCH_PROCESSES (processes per case and runs per anchor, default 3: the fastest counts),
# BENCH_FFT2_SIZES / BENCH_CONV_SIZES (default empty: 2D FFT cases `fft2` on both anchors, and
# convolution cases `conv` / `c2c_conv` on cuFFT, with webfftdx's cases of the same kinds),
# BENCH_TUNING (table, the default, or measure: createBatchedFFT's `tuning`, run.js --tuning),
# BENCH_PLACEMENT (out-of-place, the default, or in-place: run.js --placement; the VkFFT anchor runs in place;
# in place runs no real kinds unless BENCH_REAL_KINDS names them).
# Time: the device tool stops a command after 600 s, `source .device/setup.sh` included, so the
# script keeps to BENCH_BUDGET seconds in all (default 570): webfftdx gets BENCH_SECONDS (default
# 390, less if the budget's end comes first), the merge the last 20, the anchors BENCH_ANCHOR_SECONDS
# (default: the rest, 160; the VkFFT build runs in the background meanwhile). Whatever does not fit is
# skipped and logged; rounds go over every case before the next round, so a cut costs cases a
# process, not whole cases. device-bench.log stamps every line with the seconds spent.
#
# Sweep (the issue's): C2C f32 at powers of two 2..32768, at 100 400 1000 2187 3125 6561 10000 and
# the primes 1009 4093; R2C and C2R (normal and folded) at 256 4096 16384 (sizes the engine does not
# support are listed as unsupported in the result). Exits non-zero only if nothing produced results.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

out=${OUT:-$PWD/device-bench-out}
mkdir -p "$out/results"
total=${BENCH_TOTAL:-67108864}
repeats=${BENCH_REPEATS:-20}
processes=${BENCH_PROCESSES:-3}
pow2=2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,16384,32768
c2c_sizes=${BENCH_C2C_SIZES:-$pow2,100,400,1000,2187,3125,6561,10000,1009,4093}
real_sizes=${BENCH_REAL_SIZES:-256,4096,16384}
placement=${BENCH_PLACEMENT:-out-of-place}
# Real kinds change size between input and output, so in place runs C2C only unless BENCH_REAL_KINDS names some.
[ "$placement" = in-place ] && default_real_kinds= || default_real_kinds=r2c,c2r,r2c_folded,c2r_folded
real_kinds=${BENCH_REAL_KINDS-$default_real_kinds}
fft2_sizes=${BENCH_FFT2_SIZES:-}
conv_sizes=${BENCH_CONV_SIZES:-}
budget=${BENCH_BUDGET:-570}
merge_reserve=20
bench_seconds=${BENCH_SECONDS:-390}
anchor_seconds=${BENCH_ANCHOR_SECONDS:-$((budget - merge_reserve - bench_seconds))}

log() { echo "device-bench [${SECONDS}s]: $*" | tee -a "$out/device-bench.log"; }

gpu=$(command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.memory --format=csv,noheader 2>/dev/null | head -n1)
log "GPU: $gpu"
# Dawn's adapter info on NVIDIA names only the driver: take the device name from nvidia-smi.
[ -n "$gpu" ] && export WEBFFTDX_DEVICE_NAME=${WEBFFTDX_DEVICE_NAME:-$(echo "$gpu" | cut -d, -f1)}

# Points per case of a kind, from the harness itself (bench/harness.ts pointsFor) where the build is
# here: real kinds take 2 x total real points, so that every case reads the bytes of `total` complex
# values. The anchors run over the same points, as the merge compares only equal kind, n and batch.
points_for() { # kind
  local p
  p=$(node -e 'import(process.cwd() + "/dist/bench/harness.js").then((m) => console.log(m.pointsFor(process.argv[1], Number(process.argv[2]))))' \
    "$1" "$total" 2>/dev/null) && [ -n "$p" ] && { echo "$p"; return; }
  case $1 in r2c* | c2r*) echo $((2 * total)) ;; *) echo "$total" ;; esac
}

# 1. Anchors, each run BENCH_PROCESSES times like every webfftdx case; the merge keeps each case's
# fastest run and writes the best-of to $out/anchor.json (cuFFT) and $out/vkfft.json (VkFFT).
# Runs, one line each: library, label, kinds (cuFFT's --kinds; VkFFT takes one), sizes, points.
plan=(
  "cufft c2c copy,c2c $c2c_sizes $(points_for c2c)"
  "cufft real r2c,c2r $real_sizes $(points_for r2c)"
  "vkfft c2c c2c $c2c_sizes $(points_for c2c)"
  "vkfft r2c r2c $real_sizes $(points_for r2c)"
)
if [ -n "$fft2_sizes" ]; then
  plan+=("cufft fft2 fft2 $fft2_sizes $(points_for fft2)" "vkfft fft2 fft2 $fft2_sizes $(points_for fft2)")
fi
if [ -n "$conv_sizes" ]; then # VkFFT's anchor has no convolution
  plan+=("cufft conv conv $conv_sizes $(points_for conv)" "cufft c2c_conv c2c_conv $conv_sizes $(points_for c2c_conv)")
fi

anchor_dir=$(mktemp -d)
anchor_end=$((SECONDS + anchor_seconds))
[ $anchor_end -le $((budget - merge_reserve)) ] || anchor_end=$((budget - merge_reserve))
cufft_args=()
vkfft_args=()

have_python=
if [ ! -f .device/cufft_anchor.py ]; then log "no .device/cufft_anchor.py: cuFFT anchor skipped"
elif ! command -v python3 >/dev/null 2>&1; then log "no python3: cuFFT anchor skipped"
else have_python=yes; fi

# VkFFT: built here with nvcc (about 30 s, on the CPU, in the background while the first cuFFT runs
# take the GPU), kernels then compiled by NVRTC inside every run.
vk_src=.device/vkfft_anchor.cu
vk_bin=.device/vkfft_anchor
vk_state=absent # absent | building | ready
vk_pid=
nvcc_bin=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
if [ ! -f "$vk_src" ] || [ ! -d .device/vkfft/vkFFT ]; then
  log "no $vk_src or .device/vkfft (../shared/device/prepare.sh copies them): VkFFT anchor skipped"
elif [ -x "$vk_bin" ] && [ "$vk_bin" -nt "$vk_src" ]; then
  vk_state=ready
  log "VkFFT anchor already built"
elif [ -z "$nvcc_bin" ]; then
  log "no nvcc on PATH or in /usr/local/cuda/bin: VkFFT anchor skipped"
else
  log "building the VkFFT anchor with $nvcc_bin (background)"
  timeout 240 "$nvcc_bin" -O3 -std=c++17 -DVKFFT_BACKEND=1 -I .device/vkfft/vkFFT "$vk_src" -o "$vk_bin" -lcuda -lnvrtc \
    > "$out/vkfft-build.log" 2>&1 &
  vk_pid=$!
  vk_state=building
fi

vkfft_ready() { # waits for the build, as long as anchor time is left; true when the binary is there
  if [ "$vk_state" = building ]; then
    while kill -0 "$vk_pid" 2>/dev/null && [ $SECONDS -lt $((anchor_end - 10)) ]; do sleep 1; done
    kill -0 "$vk_pid" 2>/dev/null && return 1 # still building: no anchor time left to run it
    wait "$vk_pid"
    local rc=$?
    if [ $rc -eq 0 ] && [ -x "$vk_bin" ]; then
      vk_state=ready
      log "VkFFT anchor built"
    else
      vk_state=absent
      log "VkFFT anchor build failed ($rc, see vkfft-build.log): VkFFT anchor skipped"
    fi
  fi
  [ "$vk_state" = ready ]
}

anchor_run() { # library label kinds sizes points round
  local lib=$1 label=$2 kinds=$3 sizes=$4 points=$5 round=$6
  local dir="$anchor_dir/$lib-$label-$round" limit file rc
  [ "$lib" = cufft ] || vkfft_ready || [ "$vk_state" = building ] || return
  limit=$((anchor_end - SECONDS))
  [ $limit -le 150 ] || limit=150
  if [ $limit -lt 10 ] || { [ "$lib" = vkfft ] && [ "$vk_state" = building ]; }; then
    log "anchor time (BENCH_ANCHOR_SECONDS) spent: skipping $lib $label ($round)"
    return
  fi
  mkdir -p "$dir"
  echo "== $lib $label ($round): $kinds over $points points, sizes $sizes" >> "$out/anchors.log"
  if [ "$lib" = cufft ]; then
    file=$dir/anchor.json
    OUT=$dir timeout "$limit" python3 .device/cufft_anchor.py --sizes "$sizes" --kinds "$kinds" --total "$points" >> "$out/anchors.log" 2>&1
  else
    # VKB_CODE (set at all) makes the anchor print its kernels instead of timing them.
    file=$dir/vkfft.json
    OUT=$dir timeout "$limit" env -u VKB_CODE "$vk_bin" "$kinds" "$points" "$sizes" >> "$out/anchors.log" 2>&1
  fi
  rc=$?
  if [ $rc -eq 0 ] && [ -f "$file" ]; then
    if [ "$lib" = cufft ]; then cufft_args+=(--cufft "$file"); else vkfft_args+=(--vkfft "$file"); fi
    log "$lib $label ($round) done"
  else
    log "$lib $label ($round) failed with $rc (see anchors.log)"
  fi
}

for round in $(seq 1 "$processes"); do
  for entry in "${plan[@]}"; do
    read -r lib label kinds sizes points <<< "$entry"
    if [ "$lib" = cufft ] && [ -z "$have_python" ]; then continue; fi
    if [ "$lib" = vkfft ] && [ "$vk_state" = absent ]; then continue; fi
    anchor_run "$lib" "$label" "$kinds" "$sizes" "$points" "$round"
  done
done
if [ "$vk_state" = building ]; then # no VkFFT run waited for it: the build is of no use now
  kill "$vk_pid" 2>/dev/null
  wait "$vk_pid" 2>/dev/null
  log "VkFFT build stopped: no anchor time left for it"
fi
log "anchors: $((${#cufft_args[@]} / 2)) cuFFT and $((${#vkfft_args[@]} / 2)) VkFFT runs"
anchor=${cufft_args[*]:+yes}${vkfft_args[*]:+yes}

# 2. webfftdx: the compiled harness (dist/bench/run.js) on Dawn/Vulkan, one process per case: in a
# single long sweep, cases after the largest sizes were seen to run 3-5x slower than alone.
rows=0
merged=
if [ ! -f dist/bench/run.js ]; then
  log "dist/bench/run.js is missing: run 'npm run build:bench' before the device call and carry dist/"
elif ! command -v node >/dev/null 2>&1; then
  log "node is not on PATH: begin the device command with 'source .device/setup.sh;'"
else
  # Per-case results stay outside $OUT: only a few files come back from the device call.
  parts=$(mktemp -d)
  hard_end=$((budget - merge_reserve)) # every process has ended by then
  deadline=$((SECONDS + bench_seconds))
  if [ $deadline -gt $hard_end ]; then
    log "BENCH_SECONDS cut to $((hard_end - SECONDS)) s by BENCH_BUDGET"
    deadline=$hard_end
  fi
  cases=()
  for n in ${c2c_sizes//,/ }; do cases+=("c2c $n"); done
  for k in ${real_kinds//,/ }; do for n in ${real_sizes//,/ }; do cases+=("$k $n"); done; done
  for n in ${fft2_sizes//,/ }; do cases+=("fft2 $n"); done
  for n in ${conv_sizes//,/ }; do cases+=("conv $n" "c2c_conv $n"); done
  log "webfftdx bench: ${#cases[@]} cases x $processes processes (toggles ${BENCH_TOGGLES:-fast}), until ${deadline}s"
  skipped=0
  # Each case in BENCH_PROCESSES fresh processes: about one process in five reads 3-12 % low at
  # random (bench/NOTES.md run 13); merge-results keeps each case's fastest process.
  for round in $(seq 1 "$processes"); do
    for c in "${cases[@]}"; do
      read -r kind n <<< "$c"
      limit=$((hard_end - SECONDS))
      [ $limit -le 120 ] || limit=120
      if [ $SECONDS -ge $deadline ] || [ $limit -lt 5 ]; then
        [ $skipped -gt 0 ] || log "time budget spent: skipping from $kind $n ($round) on"
        skipped=$((skipped + 1))
        continue
      fi
      timeout "$limit" node dist/bench/run.js --kinds "$kind" --sizes "$n" --real-sizes "$n" --precision f32 --total "$total" \
        --repeats "$repeats" --toggles "${BENCH_TOGGLES:-fast}" --tuning "${BENCH_TUNING:-table}" --placement "$placement" --out "$parts/$kind-$n-$round.json" >> "$out/bench.log" 2>&1 \
        || log "case $kind $n ($round) exited with $?"
    done
  done
  [ $skipped -eq 0 ] || log "time budget spent: $skipped webfftdx processes skipped"
  if ! ls "$parts"/*.json >/dev/null 2>&1; then
    log "no webfftdx case wrote a result (see bench.log)"
  else
    name=$(echo "${WEBFFTDX_DEVICE_NAME:-$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).device)' "$(ls "$parts"/*.json | head -n1)")}" | tr 'A-Z' 'a-z' | tr -cs 'a-z0-9' '-' | sed 's/^-//; s/-$//')
    result="$out/results/$(date -u +%F)-$name.json"
    node dist/bench/merge-results.js --out "$result" \
      "${cufft_args[@]}" ${cufft_args[*]:+--cufft-out "$out/anchor.json"} \
      "${vkfft_args[@]}" ${vkfft_args[*]:+--vkfft-out "$out/vkfft.json"} \
      --command "scripts/device-bench.sh (node dist/bench/run.js per case, best of $processes processes, --total $total --repeats $repeats --toggles ${BENCH_TOGGLES:-fast} --tuning ${BENCH_TUNING:-table} --placement $placement)" \
      "$parts"/*.json >> "$out/bench.log" 2>&1
    log "merge exited with $? (see bench.log)"
    merged=yes
    [ -f "$result" ] && rows=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).rows.length)' "$result" 2>/dev/null || echo 0)
  fi
fi

# Without a merge the anchor runs come back as they are, for a merge by hand (bench/merge-anchor.ts).
if [ -z "$merged" ] && [ -n "$anchor" ]; then
  mkdir -p "$out/anchor-runs"
  for f in "$anchor_dir"/*/*.json; do cp "$f" "$out/anchor-runs/$(basename "$(dirname "$f")").json"; done
  log "anchor runs copied to anchor-runs/ unmerged"
fi

if [ "$rows" -gt 0 ] || [ -n "$anchor" ]; then
  log "$rows webfftdx rows; results in $out: $(cd "$out" && ls results/* anchor.json vkfft.json anchor-runs/* 2>/dev/null | tr '\n' ' ')"
  exit 0
fi
log "nothing ran"
exit 1
