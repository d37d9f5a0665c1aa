#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the browser test (test/browser): headless
# Chromium running webfftdx through navigator.gpu on the machine's Vulkan driver (lavapipe in CI).
# Only Debian's `chromium` package is used: nothing here (nor playwright-core, which is given
# executablePath) downloads a browser. Idempotent; costs one stat when Chromium is already present.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "webfftdx: $CHROMIUM is missing and apt-get is unavailable; install Debian's chromium package (or a Chromium at $CHROMIUM) by hand" >&2
  exit 1
fi

SUDO=""
if [ "$(id -u)" != "0" ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo -n"; else
    echo "webfftdx: $CHROMIUM is missing; run as root (or with password-less sudo) or run: apt-get install chromium" >&2
    exit 1
  fi
fi

echo "webfftdx: installing Debian's chromium package (for the browser test)..." >&2
export DEBIAN_FRONTEND=noninteractive
# The package lists may be missing or stale on a fresh machine (Chromium updates come through the
# security suite, whose old versions disappear), so refresh them first.
$SUDO apt-get update -qq >/dev/null
# No recommends: the test needs the browser itself, not its fonts, sandbox helper or extras.
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
if [ ! -x "$CHROMIUM" ]; then
  echo "webfftdx: apt-get installed chromium but $CHROMIUM is still missing" >&2
  exit 1
fi
echo "webfftdx: $("$CHROMIUM" --version 2>/dev/null || echo chromium) installed" >&2
