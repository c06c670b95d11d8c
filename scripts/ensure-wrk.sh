#!/usr/bin/env bash
# The list bench's `--wrk` mode (bench/alarms-list.mjs) drives the server with Debian's wrk, a C
# load generator, so that the simulated consoles take little of the two cores the server shares
# with them. Installs it when missing and we are root; otherwise stops with a one-line instruction.
set -euo pipefail
if command -v wrk >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's wrk for the list bench…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null
  exit 0
fi
echo "wrk is missing: run 'sudo apt-get install wrk' and try again." >&2
exit 1
