#!/usr/bin/env bash
# Issue 16's whole-process figures for one input, against llc-19:
#   rcc -O0 -j1 / llc-19 -O0, rcc -O0 -j2 / llc-19 -O0 (wall time);
#   the back end alone: rcc (whole minus -stop-after=parse) against llc-19's
#   (llc-19 -O0 minus opt-19 -disable-output), as a speedup;
#   the -j2 speedup over -j1 at -O0 and -O2;
#   the modelled -j16 speedup from rcc's -time-passes (-O0 and -O2, -j1);
#   peak RSS of rcc -O0 (-j1, -j2) over llc-19 -O0's.
# Medians of RUNS interleaved runs: each round runs every command once, so
# load on a shared machine falls on all of them alike.
# Usage: scripts/bench-o0.sh [RUNS] [O0-FILE [O2-FILE]]
#   (default 5 runs, corpus/ll/sqlite3-O0.ll and corpus/ll/sqlite3-O2.ll)
# Env: RCC (default target/release/rcc-par), LLC (llc-19), OPT (opt-19).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
f0=${2:-$repo/corpus/ll/sqlite3-O0.ll}
f2=${3:-${f0/-O0/-O2}}
rcc=${RCC:-${CARGO_TARGET_DIR:-$repo/target}/release/rcc-par}
llc=${LLC:-llc-19}
opt=${OPT:-opt-19}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

names=(llc_O0 opt_parse rcc_O0_j1 rcc_O0_j2 rcc_parse rcc_O2_j1 rcc_O2_j2)
cmd() {
  case $1 in
    llc_O0) echo "$llc -O0 -filetype=obj $f0 -o $tmp/llc.o" ;;
    opt_parse) echo "$opt -disable-output $f0" ;;
    rcc_O0_j1) echo "$rcc -O0 -j1 -filetype=obj $f0 -o $tmp/r1.o" ;;
    rcc_O0_j2) echo "$rcc -O0 -j2 -filetype=obj $f0 -o $tmp/r2.o" ;;
    rcc_parse) echo "$rcc -j1 -stop-after=parse -filetype=null $f0" ;;
    rcc_O2_j1) echo "$rcc -O2 -j1 -filetype=obj $f2 -o $tmp/r3.o" ;;
    rcc_O2_j2) echo "$rcc -O2 -j2 -filetype=obj $f2 -o $tmp/r4.o" ;;
  esac
}
for _ in $(seq "$runs"); do
  for n in "${names[@]}"; do
    t0=$EPOCHREALTIME
    # shellcheck disable=SC2046
    /usr/bin/time -f "%M" -o "$tmp/rss" $(cmd "$n") > /dev/null 2>&1
    t1=$EPOCHREALTIME
    awk "BEGIN {printf \"%.4f\n\", $t1 - $t0}" >> "$tmp/$n.t"
    tail -1 "$tmp/rss" >> "$tmp/$n.m"
  done
done
median() { sort -g "$1" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
declare -A T M
for n in "${names[@]}"; do
  T[$n]=$(median "$tmp/$n.t")
  M[$n]=$(median "$tmp/$n.m")
done
calc() { awk "BEGIN {printf \"%.3f\", $1}"; }
model() {
  "$rcc" "$@" -j1 -time-passes -filetype=obj -o "$tmp/m.o" 2>&1 | grep 'Modelled speedup' \
    | sed 's/.*-j16 \([0-9.]*\)x.*/\1/'
}
echo "$(basename "$f0") / $(basename "$f2"), medians of $runs interleaved runs (wall s, peak KB):"
for n in "${names[@]}"; do
  printf '  %-10s %7.4f s %8d KB   %s\n' "$n" "${T[$n]}" "${M[$n]}" "$(cmd "$n" | cut -d' ' -f1-4)"
done
be_rcc=$(calc "${T[rcc_O0_j1]} - ${T[rcc_parse]}")
be_llc=$(calc "${T[llc_O0]} - ${T[opt_parse]}")
echo "  rcc -O0 -j1 / llc-19 -O0:           $(calc "${T[rcc_O0_j1]} / ${T[llc_O0]}")x"
echo "  rcc -O0 -j2 / llc-19 -O0:           $(calc "${T[rcc_O0_j2]} / ${T[llc_O0]}")x"
echo "  back end: rcc $be_rcc s, llc-19 $be_llc s: rcc $(calc "$be_llc / $be_rcc")x faster"
echo "  -j2 speedup: -O0 $(calc "${T[rcc_O0_j1]} / ${T[rcc_O0_j2]}")x, -O2 $(calc "${T[rcc_O2_j1]} / ${T[rcc_O2_j2]}")x"
echo "  modelled -j16 speedup: -O0 $(model -O0 "$f0")x, -O2 $(model -O2 "$f2")x"
echo "  peak RSS / llc-19 -O0: -j1 $(calc "${M[rcc_O0_j1]} / ${M[llc_O0]}"), -j2 $(calc "${M[rcc_O0_j2]} / ${M[llc_O0]}")"
