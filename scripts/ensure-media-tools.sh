#!/usr/bin/env bash
# The media server test (e2e/media-server.spec.ts) pushes a demo clip with Debian's ffmpeg into
# Debian's nginx with its RTMP module (libnginx-mod-rtmp), which serves it as HLS. Installs them
# when missing and we are root (without starting the system service: the test runs its own nginx
# on free ports); otherwise stops with a one-line instruction.
set -euo pipefail
module=/usr/lib/nginx/modules/ngx_rtmp_module.so
if [ -f "$module" ] && command -v ffmpeg >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's libnginx-mod-rtmp and ffmpeg for the media server test…"
  apt-get update -qq
  # policy-rc.d answering 101 keeps the packages from starting nginx's service on port 80.
  policy=/usr/sbin/policy-rc.d
  created=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' > "$policy" && chmod +x "$policy" && created=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libnginx-mod-rtmp ffmpeg >/dev/null || status=$?
  if [ "$created" = "1" ]; then rm -f "$policy"; fi
  exit "${status:-0}"
fi
echo "nginx's RTMP module or ffmpeg is missing: run 'sudo apt-get install libnginx-mod-rtmp ffmpeg' and try again." >&2
exit 1
