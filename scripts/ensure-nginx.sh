#!/usr/bin/env bash
# The deployment test (e2e/proxy.spec.ts) runs the product behind Debian's nginx, as the README's
# deployment section does. Installs it when missing and we are root (without starting the system
# service: the test runs its own nginx on free ports); otherwise stops with a one-line instruction.
set -euo pipefail
if [ -x /usr/sbin/nginx ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's nginx for the deployment test…"
  apt-get update -qq
  # policy-rc.d answering 101 keeps the package from starting its service on port 80.
  policy=/usr/sbin/policy-rc.d
  created=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && created=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null || status=$?
  if [ "$created" = "1" ]; then rm -f "$policy"; fi
  exit "${status:-0}"
fi
echo "nginx is missing: run 'sudo apt-get install nginx-light' and try again." >&2
exit 1
