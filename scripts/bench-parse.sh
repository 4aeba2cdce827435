#!/usr/bin/env bash
# Whole-process comparison of rcc's front end with LLVM's on the same .ll:
#   rcc-par -stop-after=parse -filetype=null (-j1 and -j2)   vs   opt-19 -disable-output
# Reports the median wall time and median peak RSS of each, and the ratios.
# Usage: scripts/bench-parse.sh [RUNS] [FILES...]   (default 11 runs, sqlite3-O2.ll)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-11}; shift || true
files=("$@"); [ ${#files[@]} -gt 0 ] || files=("$repo/corpus/ll/sqlite3-O2.ll")
rcc=${CARGO_TARGET_DIR:-$repo/target}/release/rcc-par
cargo build --release -q -p rcc-driver --manifest-path "$repo/Cargo.toml"
. "$repo/scripts/lib/measure.sh"
for f in "${files[@]}"; do
  read -r ot om < <(measure opt-19 -disable-output "$f")
  echo "$(basename "$f") ($(du -h "$f" | cut -f1)), $runs runs, medians:"
  printf '  %-28s %7.4f s %8d KB\n' "opt-19 -disable-output" "$ot" "$om"
  for j in 1 2; do
    read -r rt rm < <(measure "$rcc" -j$j -stop-after=parse -filetype=null "$f")
    printf '  %-28s %7.4f s %8d KB   time ratio %.3f  RSS ratio %.3f\n' "rcc-par -j$j" "$rt" "$rm" \
      "$(ratio "$rt" "$ot")" "$(ratio "$rm" "$om")"
  done
done
