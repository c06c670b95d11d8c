#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (no browser download is possible here).
# Installs it when missing and we are root; otherwise stops with a one-line instruction.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
  exit 0
fi
echo "Chromium is missing: run 'sudo apt-get install chromium fonts-noto-cjk' and try again." >&2
exit 1
