#!/usr/bin/env bash
# Measures, in a real terminal, the CPU time atelier takes to stream a reply
# at a model's pace (64 bytes every 20 ms), against `atelier chat` printing
# the same reply: see BENCHMARKS.md. Each case plays a reply from the paced
# server (serve), to the TUI running in a detached tmux session of COLSxROWS
# (the CPU read from /proc/PID/stat between the prompt and the end of the
# reply, plus a second for the last frames), and to the command line (its
# whole run, start included).
#
#   ui/internal/measure/paced/measure.sh [runs] [cols] [rows]
#
# Environment: SHAPES picks the replies (default: all three); ATELIER, a
# binary to measure instead of this tree's (an older build, side by side);
# PERF=DIR records the TUI under `perf record -g` into DIR/SHAPE-PROGRAM-N.data;
# FLOOR=1 measures ./floor too: the same reply as plain text in a minimal
# Bubble Tea program, the floor under the TUI's figure.
set -euo pipefail
cd "$(dirname "$0")/../../../.."
runs=${1:-3}
cols=${2:-120}
rows=${3:-40}

work=$(mktemp -d)
export TMUX_TMPDIR="$work/tmux"
mkdir -p "$TMUX_TMPDIR" "$work/home"
server=""
cleanup() {
  tmux kill-server 2>/dev/null || true
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

shapes=${SHAPES:-list-code-table code-32k demo-long}
if [ -n "${ATELIER:-}" ]; then
  cp "$ATELIER" "$work/atelier"
else
  go build -o "$work/atelier" ./cmd/atelier
fi
go build -o "$work/serve" ./ui/internal/measure/paced/serve
if [ -n "${FLOOR:-}" ]; then go build -o "$work/floor" ./ui/internal/measure/paced/floor; fi
for shape in $shapes; do
  "$work/serve" -shape "$shape" -write "$work/$shape.md"
done
printf '[models]\nalpha = "paced"\n' > "$work/config.toml"
export ATELIER_CONFIG="$work/config.toml" ATELIER_ALPHA_KEY=k ATELIER_HOME="$work/home"
hz=$(getconf CLK_TCK)

# cpu PID: user+system time of a process, in seconds.
cpu() { awk -v hz="$hz" '{ printf "%.3f", ($14 + $15) / hz }' "/proc/$1/stat"; }

# serve FILE: starts the paced server on FILE; sets url and server.
serve() {
  "$work/serve" -reply "$1" -piece 64 -pace 20ms > "$work/serve.out" &
  server=$!
  for _ in $(seq 50); do
    url=$(sed -n 's/^listening //p' "$work/serve.out")
    [ -n "$url" ] && return
    sleep 0.1
  done
  echo "the server did not start" >&2
  exit 1
}

stop_server() { kill "$server"; wait "$server" 2>/dev/null || true; server=""; }

# tui FILE N [PROGRAM]: the TUI's CPU for streaming FILE (run N); PROGRAM
# is atelier unless it says floor.
tui() {
  local prog="$work/${3:-atelier}"
  serve "$1"
  rm -rf "$work/home"/*
  tmux new-session -d -s m -x "$cols" -y "$rows" "$prog --base-url $url"
  local pid
  for _ in $(seq 100); do
    pid=$(pgrep -n -f "^$prog --base-url" || true)
    if [ -n "$pid" ] && tmux capture-pane -p -t m | grep -q "Conversations"; then break; fi
    sleep 0.1
  done
  sleep 1
  tmux send-keys -t m "write it"
  sleep 0.5
  local c0 rec=""
  if [ -n "${PERF:-}" ]; then
    mkdir -p "$PERF"
    perf record -q -g -p "$pid" -o "$PERF/$(basename "$1" .md)-${3:-atelier}-$2.data" >/dev/null 2>&1 &
    rec=$!
    sleep 0.5
  fi
  c0=$(cpu "$pid")
  tmux send-keys -t m Enter
  for _ in $(seq 1200); do
    grep -q '^done' "$work/serve.out" && break
    sleep 0.1
  done
  sleep 1
  local c1
  c1=$(cpu "$pid")
  if [ -n "$rec" ]; then kill -INT "$rec"; wait "$rec" 2>/dev/null || true; fi
  tmux kill-session -t m
  stop_server
  awk -v a="$c0" -v b="$c1" 'BEGIN { printf "%.2f", b - a }'
}

# cli FILE: the command line's CPU for printing FILE as it streams.
cli() {
  serve "$1"
  /usr/bin/time -f '%U %S' -o "$work/time" "$work/atelier" --base-url "$url" chat -p alpha -m paced "write it" > /dev/null
  stop_server
  awk '{ printf "%.2f", $1 + $2 }' "$work/time"
}

printf 'terminal %sx%s, %s runs; CPU seconds\n' "$cols" "$rows" "$runs"
printf '%-18s %-8s %s\n' reply who "runs"
for shape in $shapes; do
  t=""; c=""; f=""
  for n in $(seq "$runs"); do
    t="$t $(tui "$work/$shape.md" "$n")"
    c="$c $(cli "$work/$shape.md")"
    if [ -n "${FLOOR:-}" ]; then f="$f $(tui "$work/$shape.md" "$n" floor)"; fi
  done
  printf '%-18s %-8s%s\n' "$shape" tui "$t"
  if [ -n "${FLOOR:-}" ]; then printf '%-18s %-8s%s\n' "$shape" floor "$f"; fi
  printf '%-18s %-8s%s\n' "$shape" cli "$c"
done
