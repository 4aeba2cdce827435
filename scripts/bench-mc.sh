#!/usr/bin/env bash
# Whole-process comparison of the assemblers on the same .s:
#   rcc-mc -filetype=obj   vs   llvm-mc-19 -filetype=obj
# Reports the median wall time and median peak RSS of each, and the ratios.
# Usage: scripts/bench-mc.sh [RUNS] [FILES...]   (default 11 runs, sqlite3-O2.s)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-11}; shift || true
files=("$@"); [ ${#files[@]} -gt 0 ] || files=("$repo/corpus/s/sqlite3-O2.s")
rcc=${CARGO_TARGET_DIR:-$repo/target}/release/rcc-mc
cargo build --release -q -p rcc-driver --bin rcc-mc --manifest-path "$repo/Cargo.toml"
. "$repo/scripts/lib/measure.sh"
tmp=$(mktemp -d); trap 'rm -rf "$tmp" "$measure_tmp"' EXIT
for f in "${files[@]}"; do
  read -r lt lm < <(measure llvm-mc-19 -triple=x86_64-pc-linux-gnu -filetype=obj "$f" -o "$tmp/ref.o")
  read -r rt rm < <(measure "$rcc" -filetype=obj "$f" -o "$tmp/ours.o")
  echo "$(basename "$f") ($(du -h "$f" | cut -f1)), $runs runs, medians:"
  printf '  %-24s %7.4f s %8d KB\n' "llvm-mc-19" "$lt" "$lm"
  printf '  %-24s %7.4f s %8d KB   time ratio %.3f  RSS ratio %.3f\n' "rcc-mc" "$rt" "$rm" \
    "$(ratio "$rt" "$lt")" "$(ratio "$rm" "$lm")"
done
