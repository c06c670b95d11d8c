#!/usr/bin/env bash
# Generates the demo clips looped by the server's built-in demo stream source
# (server/src/features/video/demo-stream/): server/assets/demo-clips/<name>.flv.
#
# Development time only: the clips are committed, the server never runs ffmpeg.
# Needs ffmpeg with libx264 (Debian: apt-get install ffmpeg).
#
# Every clip: H.264 main profile, yuv420p, 640x360, 25 fps, 11 s, a keyframe every second
# (-g 25, no scene-cut keyframes), no audio, FLV. Synthetic lavfi sources only (no fonts), each
# visibly different and moving. The names must match DEMO_CLIPS in clips.ts.
set -euo pipefail

FFMPEG="${FFMPEG:-ffmpeg}"
command -v "$FFMPEG" >/dev/null 2>&1 || {
  echo "ffmpeg is missing: run 'sudo apt-get install ffmpeg' and try again." >&2
  exit 1
}

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/server/assets/demo-clips"
mkdir -p "$out"

SIZE=640x360
RATE=25
SECONDS_LONG=11

encode() { # <name> <filtergraph producing [v]>
  local name="$1" graph="$2"
  "$FFMPEG" -hide_banner -loglevel error -y \
    -filter_complex "$graph" -map '[v]' -an \
    -t "$SECONDS_LONG" -r "$RATE" \
    -c:v libx264 -profile:v main -pix_fmt yuv420p -preset slow -tune animation \
    -g "$RATE" -keyint_min "$RATE" -sc_threshold 0 -bf 0 \
    -crf 30 -maxrate 600k -bufsize 1200k \
    -x264-params "open-gop=0" \
    -f flv "$out/$name.flv"
  echo "$name.flv $(stat -c %s "$out/$name.flv") bytes"
}

# Coke oven: glowing red-orange gradients drifting, a pusher ram sliding across.
encode coke-oven "
gradients=s=$SIZE:r=$RATE:c0=0x200000:c1=0xff4000:c2=0xffb000:c3=0x800000:nb_colors=4:speed=0.03:type=radial[g];
[g]drawbox=x='mod(t*120,760)-120':y=150:w=120:h=60:color=0x303030:t=fill,
drawbox=x=0:y=300:w=640:h=60:color=0x101010:t=fill,
format=yuv420p[v]"

# Conveyor: grey belt, boxes travelling left to right at different heights.
encode conveyor "
color=c=0x404850:s=$SIZE:r=$RATE[bg];
[bg]drawbox=x=0:y=120:w=640:h=140:color=0x202020:t=fill,
drawbox=x='mod(t*160,800)-120':y=140:w=100:h=100:color=0xc08040:t=fill,
drawbox=x='mod(t*160+270,800)-120':y=150:w=90:h=90:color=0xa06830:t=fill,
drawbox=x='mod(t*160+540,800)-120':y=135:w=110:h=110:color=0xd09050:t=fill,
drawbox=x='mod(t*80,640)':y=265:w=8:h=10:color=0xffff00:t=fill,
format=yuv420p[v]"

# Plant gate: the moving test pattern with a barrier arm rising and falling.
encode plant-gate "
testsrc2=s=$SIZE:r=$RATE[t];
[t]drawbox=x=40:y='200-90*abs(sin(t*0.9))':w=560:h=18:color=0xff2020:t=fill,
drawbox=x=20:y=180:w=24:h=180:color=0xffffff:t=fill,
format=yuv420p[v]"

# Tank farm: a life automaton scaled up, with a level bar sweeping.
encode tank-farm "
life=s=160x90:r=$RATE:mold=10:ratio=0.2:death_color=0x103040:life_color=0x40c0ff:mold_color=0x206080[l];
[l]scale=$SIZE:flags=neighbor,
drawbox=x=560:y=40:w=50:h=280:color=0xe0e0e0:t=3,
drawbox=x=565:y='315-260*abs(sin(t*0.5))':w=40:h='260*abs(sin(t*0.5))':color=0x30ff60:t=fill,
format=yuv420p[v]"

du -ch "$out"/*.flv | tail -n 1
