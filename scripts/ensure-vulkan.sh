#!/usr/bin/env bash
# Makes sure a Vulkan driver is present so that Dawn (the `webgpu` npm package) finds an adapter.
# On a machine with no GPU driver this installs Mesa's lavapipe (software Vulkan) from Debian's
# bookworm-backports suite: bookworm's own Mesa 22.3 lacks features Dawn requires, 25.x works.
# The backports entry is derived from the machine's existing Debian source (only the suite changes),
# so no registry host is named here.
set -euo pipefail

has_icd() {
  for d in /usr/share/vulkan/icd.d /etc/vulkan/icd.d /usr/local/share/vulkan/icd.d; do
    compgen -G "$d/*.json" >/dev/null 2>&1 && return 0
  done
  [ -n "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ] && return 0
  return 1
}

if has_icd && ldconfig -p 2>/dev/null | grep -q 'libvulkan.so.1'; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "webfftdx: no Vulkan driver found and apt-get is unavailable; install a Vulkan driver (e.g. Mesa lavapipe >= 23)" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo -n"; else
    echo "webfftdx: no Vulkan driver found; run as root or install mesa-vulkan-drivers from bookworm-backports" >&2
    exit 1
  fi
fi

codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
target=/etc/apt/sources.list.d/webfftdx-${codename}-backports.sources
if [ ! -f "$target" ] && ! grep -rqs "${codename}-backports" /etc/apt/sources.list /etc/apt/sources.list.d/; then
  src=$(grep -ls "Suites:.*\b${codename}\b" /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n1 || true)
  if [ -n "$src" ]; then
    # Take the stanza that carries the plain suite and change only the suite name.
    awk -v c="$codename" '
      BEGIN { RS=""; ORS="\n\n" }
      $0 ~ ("Suites:[^\n]*[ ]" c "([ \n]|$)") || $0 ~ ("Suites: " c "([ \n]|$)") {
        n = split($0, lines, "\n"); out = ""
        for (i = 1; i <= n; i++) {
          if (lines[i] ~ /^Suites:/) lines[i] = "Suites: " c "-backports"
          out = out lines[i] "\n"
        }
        printf "%s", out; exit
      }' "$src" | $SUDO tee "$target" >/dev/null
  elif [ -f /etc/apt/sources.list ]; then
    line=$(grep -E "^deb [^#]* ${codename} " /etc/apt/sources.list | head -n1)
    echo "$line" | sed -E "s/ ${codename} / ${codename}-backports /" | $SUDO tee "$target" >/dev/null
    $SUDO mv "$target" "${target%.sources}.list"
  else
    echo "webfftdx: could not find a Debian source entry to derive ${codename}-backports from" >&2
    exit 1
  fi
fi

echo "webfftdx: installing Mesa lavapipe (software Vulkan) from ${codename}-backports..." >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq -t "${codename}-backports" mesa-vulkan-drivers libvulkan1 >/dev/null
echo "webfftdx: lavapipe installed" >&2
