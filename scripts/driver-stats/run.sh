#!/usr/bin/env bash
# The Vulkan driver's own view of the bench's kernels: registers per invocation, spills and the other
# statistics VK_KHR_pipeline_executable_properties reports, per compiled pipeline (issue 20's "where the
# time goes"). Runs on the GPU machine after `source .device/setup.sh`, with the bench built (dist/).
#   bash scripts/driver-stats/run.sh <out-dir> <run.js options>
#   e.g. bash scripts/driver-stats/run.sh "$OUT/stats-c2c" --kinds c2c --sizes 1024,4096 --total 1048576
# With DRIVER_STATS_BENCH=dist/bench/variant.js the options are variant.js's (plans as state JSON).
# Needs spirv-as (Debian's spirv-tools) and the Vulkan headers (libvulkan-dev): on the development
# machine `apt-get download spirv-tools libvulkan-dev` into .device/debs/, which setup.sh unpacks there.
# Writes <out-dir>/dump.txt (Dawn's dump_shaders output), shaders/<n>-<kernel>.{wgsl,spvasm,spv} and
# stats.txt (one line per statistic, prefixed with the shader's file).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
out=$1
shift
here=scripts/driver-stats
command -v spirv-as >/dev/null || { echo "driver-stats: spirv-as not found (see the header of $0)" >&2; exit 2; }
mkdir -p "$out/shaders"
# One timed repeat is enough: the point is that every kernel of the cases gets compiled.
bench=${DRIVER_STATS_BENCH:-dist/bench/run.js}
if [ "$bench" = dist/bench/run.js ]; then set -- --repeats 1 --warmup 0 --out "$out/bench.json" "$@"; else set -- --repeats 1 "$@"; fi
node "$bench" --dump-shaders "$@" > "$out/dump.txt" 2>&1 ||
  echo "driver-stats: the bench exited non-zero (see dump.txt); going on with the shaders it compiled" >&2
node "$here/split-dump.mjs" "$out/dump.txt" "$out/shaders" > "$out/shaders.tsv"
cc -O1 "$here/pipeline-stats.c" -o "$out/pipeline-stats" -ldl
for f in "$out"/shaders/*.spvasm; do
  # Debian's spirv-as predates the MaximallyReconvergesKHR execution mode: give it by number.
  sed 's/MaximallyReconvergesKHR/!6023/' "$f" > "$out/shader.tmp"
  spirv-as --target-env spv1.4 "$out/shader.tmp" -o "${f%.spvasm}.spv"
done
rm -f "$out/shader.tmp"
"$out/pipeline-stats" "$out"/shaders/*.spv > "$out/stats.txt"
node "$here/summarise.mjs" "$out" | tee "$out/summary.tsv"
