#!/usr/bin/env bash
# Debian's Chromium, with every --disable-features it is given merged into one switch.
# Chromium keeps only the last --disable-features, so the project's own list
# (scripts/lib/chromium.ts) would otherwise silently replace Playwright's or chrome-launcher's.
set -euo pipefail
disabled=''
args=()
for arg in "$@"; do
  case "$arg" in
    --disable-features=*) disabled="${disabled:+$disabled,}${arg#--disable-features=}" ;;
    *) args+=("$arg") ;;
  esac
done
if [ -n "$disabled" ]; then args+=("--disable-features=$disabled"); fi
# CHROMIUM_BINARY: another program to start (the script's test).
exec "${CHROMIUM_BINARY:-/usr/bin/chromium}" "${args[@]}"
