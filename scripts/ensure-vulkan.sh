#!/usr/bin/env bash
# Makes sure a Vulkan driver is present so that Dawn (the `webgpu` npm package) finds an adapter.
# On a machine with no GPU driver this installs Mesa's lavapipe (software Vulkan) from Debian's
# bookworm-backports suite: bookworm's own Mesa 22.3 lacks features Dawn requires, 25.x works.
# The backports entry is derived from the machine's existing Debian source (only the suite changes),
# so no registry host is named here (scripts/derive-backports.mjs does the derivation; Node is
# present because this runs from scripts/setup.mjs).
set -euo pipefail

has_icd() {
  for d in /usr/share/vulkan/icd.d /etc/vulkan/icd.d /usr/local/share/vulkan/icd.d; do
    compgen -G "$d/*.json" >/dev/null 2>&1 && return 0
  done
  [ -n "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ] && return 0
  return 1
}

# ldconfig lives in /sbin, which a non-root PATH often lacks.
ldconfig_bin=$(command -v ldconfig || echo /sbin/ldconfig)
if has_icd && "$ldconfig_bin" -p 2>/dev/null | grep -q 'libvulkan.so.1'; then
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
# derive-backports.mjs prints "present", or the format ("sources" | "list") then the derived entry.
derived=$(node "$(dirname "$0")/derive-backports.mjs" "$codename" /etc/apt) || exit 1
format=$(printf '%s\n' "$derived" | head -n1)
if [ "$format" != "present" ]; then
  target=/etc/apt/sources.list.d/webfftdx-${codename}-backports.${format}
  printf '%s\n' "$derived" | tail -n +2 | $SUDO tee "$target" >/dev/null
  echo "webfftdx: added ${codename}-backports (derived from the existing Debian source) as $target" >&2
fi

echo "webfftdx: installing Mesa lavapipe (software Vulkan) from ${codename}-backports..." >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq -t "${codename}-backports" mesa-vulkan-drivers libvulkan1 >/dev/null
echo "webfftdx: lavapipe installed" >&2
