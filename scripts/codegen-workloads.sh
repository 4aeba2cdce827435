#!/usr/bin/env bash
# sqlite3 and Lua built entirely from rcc-par objects, against the same
# programs built from llc-19 objects: both run the project's workloads
# (workloads/sqlite/*.sql with workloads/sqlite/driver.c, and
# workloads/lua/*.lua) and must print the same bytes.
#
# Usage: scripts/codegen-workloads.sh [--bench] [--runs N] [--levels "O0 O2"]
#                                     [--filetype obj|asm]
#   --bench      also measure, per level, whole-process medians of N runs
#                (default 5) of rcc-par and llc-19 on the same .ll, run
#                interleaved: wall time (rcc-par with its default threads and
#                with -j1), peak RSS, .text size of the object, and the run
#                time of the produced programs on the workloads; prints the
#                ratios rcc-par/llc-19, both at the same -O level.
#   --filetype   asm: rcc-par writes assembly, assembled by llvm-mc-19.
# The inputs are the corpus modules corpus/ll/{sqlite3,lua}-O{0,2}.ll (see
# scripts/build-corpus.sh); both compilers get -relocation-model=pic and the
# programs are linked as PIE by clang-19. Work dir: target/codegen-workloads.
# Exit 0 when every workload output matches, 1 when one differs or a build
# fails, 2 on usage errors.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=${CORPUS_DIR:-$repo/corpus}
work=${WORK_DIR:-$repo/target/codegen-workloads}
rcc=${RCC:-${CARGO_TARGET_DIR:-$repo/target}/release/rcc-par}
bench=0 runs=5 levels="O0 O2" filetype=obj
while [[ $# -gt 0 ]]; do
  case $1 in
    --bench) bench=1; shift ;;
    --runs) runs=$2; shift 2 ;;
    --levels) levels=$2; shift 2 ;;
    --filetype) filetype=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "codegen-workloads: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ -x $rcc ]] || (cd "$repo" && cargo build --release -q -p rcc-driver --bin rcc-par)
for f in sqlite3-O0 sqlite3-O2 lua-O0 lua-O2; do
  [[ -f $corpus/ll/$f.ll ]] || { echo "codegen-workloads: $corpus/ll/$f.ll missing (scripts/build-corpus.sh)" >&2; exit 2; }
done
mkdir -p "$work"

compile() { # tool level module out.o
  local tool=$1 lvl=$2 in=$3 out=$4
  case $tool in
    llc) llc-19 -"$lvl" -relocation-model=pic -filetype=obj "$in" -o "$out" ;;
    rcc|rccj1)
      local j=()
      [[ $tool == rccj1 ]] && j=(-j1)
      if [[ $filetype == asm ]]; then
        "$rcc" "${j[@]}" -"$lvl" -relocation-model=pic -filetype=asm "$in" -o "${out%.o}.s" &&
          llvm-mc-19 -triple=x86_64-pc-linux-gnu -filetype=obj "${out%.o}.s" -o "$out"
      else
        "$rcc" "${j[@]}" -"$lvl" -relocation-model=pic -filetype=obj "$in" -o "$out"
      fi ;;
  esac
}

build() { # tool level -> $work/<tool>-<level>/{sqlite_driver,lua_main}
  local tool=$1 lvl=$2 dir=$work/$1-$2
  mkdir -p "$dir"
  clang-19 -c -"$lvl" -fPIE -I"$corpus/src/sqlite3" "$repo/workloads/sqlite/driver.c" -o "$dir/driver.o"
  compile "$tool" "$lvl" "$corpus/ll/sqlite3-$lvl.ll" "$dir/sqlite3.o" 2>"$dir/sqlite3.log" || return 1
  clang-19 -fuse-ld=bfd "$dir/driver.o" "$dir/sqlite3.o" -lm -o "$dir/sqlite_driver" || return 1
  compile "$tool" "$lvl" "$corpus/ll/lua-$lvl.ll" "$dir/lua.o" 2>"$dir/lua.log" || return 1
  clang-19 -fuse-ld=bfd "$dir/lua.o" -lm -o "$dir/lua_main" || return 1
}

workload_cmds() { # dir -> one command per line
  local dir=$1
  for q in "$repo"/workloads/sqlite/*.sql; do echo "$dir/sqlite_driver $q"; done
  for l in "$repo"/workloads/lua/*.lua; do echo "$dir/lua_main $l"; done
}

run_all() { # dir -> outputs in dir/out
  local dir=$1
  rm -rf "$dir/out"; mkdir -p "$dir/out"
  while read -r exe arg; do
    local name
    name=$(basename "$exe")-$(basename "$arg")
    (cd "$dir" && timeout 120 "$exe" "$arg") >"$dir/out/$name.txt" 2>&1 || echo "exit $?" >>"$dir/out/$name.txt"
  done < <(workload_cmds "$dir")
}

fail=0
for lvl in $levels; do
  for tool in llc rcc; do
    if ! build "$tool" "$lvl"; then
      echo "FAIL $tool -$lvl: build failed:"; head -5 "$work/$tool-$lvl"/*.log 2>/dev/null || true
      fail=1; continue 2
    fi
    run_all "$work/$tool-$lvl"
  done
  if diff -r "$work/llc-$lvl/out" "$work/rcc-$lvl/out" >"$work/diff-$lvl.txt"; then
    echo "ok -$lvl: $(ls "$work/rcc-$lvl/out" | wc -l) workloads print the same with rcc-par objects"
  else
    echo "FAIL -$lvl: workload output differs (see $work/diff-$lvl.txt)"; head -20 "$work/diff-$lvl.txt"
    fail=1
  fi
done

median() { sort -g | awk '{a[NR]=$1} END {if (NR==0) print "nan"; else if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
text_size() { llvm-size-19 -A "$1" | awk '$1==".text" {s+=$2} $1 ~ /^\.text\./ {s+=$2} END {print s+0}'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "n/a"; else printf "%.3f", a / b }'; }

if [[ $bench == 1 && $fail == 0 ]]; then
  echo
  echo "medians of $runs runs (wall seconds, peak RSS KiB); ratio = rcc-par / llc-19"
  printf '%-14s %-10s %12s %12s %8s\n' module metric rcc-par llc-19 ratio
  for lvl in $levels; do
    for mod in sqlite3 lua; do
      in=$corpus/ll/$mod-$lvl.ll
      for tool in rcc rccj1 llc; do
        : >"$work/t-$tool"; : >"$work/m-$tool"
      done
      # Interleaved, so that a change in the machine's speed affects both.
      for _ in $(seq "$runs"); do
        for tool in rcc rccj1 llc; do
          /usr/bin/time -f '%e %M' -o "$work/time.txt" bash -c "$(declare -f compile); rcc=$rcc filetype=$filetype compile $tool $lvl $in $work/bench-$tool.o"
          read -r t m <"$work/time.txt"
          echo "$t" >>"$work/t-$tool"; echo "$m" >>"$work/m-$tool"
        done
      done
      rt=$(median <"$work/t-rcc"); lt=$(median <"$work/t-llc")
      rt1=$(median <"$work/t-rccj1")
      rm_=$(median <"$work/m-rcc"); lm=$(median <"$work/m-llc")
      rs=$(text_size "$work/bench-rcc.o"); ls_=$(text_size "$work/bench-llc.o")
      printf '%-14s %-10s %12s %12s %8s\n' "$mod-$lvl" compile-s "$rt" "$lt" "$(ratio "$rt" "$lt")"
      printf '%-14s %-10s %12s %12s %8s\n' "$mod-$lvl" compile-j1 "$rt1" "$lt" "$(ratio "$rt1" "$lt")"
      printf '%-14s %-10s %12s %12s %8s\n' "$mod-$lvl" rss-KiB "$rm_" "$lm" "$(ratio "$rm_" "$lm")"
      printf '%-14s %-10s %12s %12s %8s\n' "$mod-$lvl" text-bytes "$rs" "$ls_" "$(ratio "$rs" "$ls_")"
    done
    for tool in rcc llc; do
      : >"$work/r-$tool"
      for _ in $(seq "$runs"); do
        start=$EPOCHREALTIME
        while read -r exe arg; do
          exe=${exe/\/llc-$lvl\//\/$tool-$lvl\/}; exe=${exe/\/rcc-$lvl\//\/$tool-$lvl\/}
          (cd "$work/$tool-$lvl" && "$exe" "$arg" >/dev/null 2>&1) || true
        done < <(workload_cmds "$work/$tool-$lvl")
        awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.3f\n", b - a}' >>"$work/r-$tool"
      done
    done
    rr=$(median <"$work/r-rcc"); lr=$(median <"$work/r-llc")
    printf '%-14s %-10s %12s %12s %8s\n' "workloads-$lvl" run-s "$rr" "$lr" "$(ratio "$rr" "$lr")"
  done
fi
exit $fail
