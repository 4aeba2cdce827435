#!/usr/bin/env bash
# Builds sqlite3 (with workloads/sqlite/driver.c) and Lua from the corpus's
# clang-19 assembly, assembling every file with the chosen assembler, links
# them, runs the project's workloads, and compares the output with the same
# programs assembled by llvm-mc-19.
#   scripts/workloads.sh [ASSEMBLER] [LEVELS]
#     ASSEMBLER: rcc-mc (default) or llvm-mc
#     LEVELS:    "O0 O2" (default)
# Exit 0 when every workload prints exactly what the reference prints.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=${CORPUS_DIR:-$repo/corpus}
asm=${1:-rcc-mc}
levels=${2:-O0 O2}
work=${WORK_DIR:-$repo/target/workloads}
mkdir -p "$work"
rcc_mc=${CARGO_TARGET_DIR:-$repo/target}/release/rcc-mc

assemble() { # tool in.s out.o
  case $1 in
    llvm-mc) llvm-mc-19 -triple=x86_64-pc-linux-gnu -filetype=obj "$2" -o "$3" ;;
    rcc-mc) "$rcc_mc" -filetype=obj "$2" -o "$3" ;;
    *) echo "unknown assembler $1" >&2; return 2 ;;
  esac
}

build() { # tool level -> $work/<tool>-<level>/{sqlite_driver,lua_main}
  local tool=$1 lvl=$2 dir=$work/$1-$2
  mkdir -p "$dir/obj"
  clang-19 -S -"$lvl" --target=x86_64-pc-linux-gnu -I"$corpus/src/sqlite3" \
    "$repo/workloads/sqlite/driver.c" -o "$dir/obj/driver.s"
  assemble "$tool" "$dir/obj/driver.s" "$dir/obj/driver.o"
  assemble "$tool" "$corpus/s/sqlite3-$lvl.s" "$dir/obj/sqlite3.o"
  clang-19 -fuse-ld=bfd "$dir/obj/driver.o" "$dir/obj/sqlite3.o" -lm -o "$dir/sqlite_driver"
  local objs=()
  for s in "$corpus"/s/lua/*-"$lvl".s; do
    local o=$dir/obj/lua-$(basename "$s" .s).o
    assemble "$tool" "$s" "$o"
    objs+=("$o")
  done
  clang-19 -fuse-ld=bfd "${objs[@]}" -lm -o "$dir/lua_main"
}

run() { # dir -> outputs in dir/out
  local dir=$1
  mkdir -p "$dir/out"
  for q in "$repo"/workloads/sqlite/*.sql; do
    "$dir/sqlite_driver" "$q" > "$dir/out/sqlite-$(basename "$q" .sql).txt" 2>&1 || echo "exit $?" >> "$dir/out/sqlite-$(basename "$q" .sql).txt"
  done
  for l in "$repo"/workloads/lua/*.lua; do
    "$dir/lua_main" "$l" > "$dir/out/$(basename "$l" .lua).txt" 2>&1 || echo "exit $?" >> "$dir/out/$(basename "$l" .lua).txt"
  done
}

[ "$asm" = rcc-mc ] && [ ! -x "$rcc_mc" ] && cargo build --release -q -p rcc-driver --bin rcc-mc --manifest-path "$repo/Cargo.toml"
pass=0 fail=0
for lvl in $levels; do
  build llvm-mc "$lvl"; run "$work/llvm-mc-$lvl"
  if [ "$asm" != llvm-mc ]; then build "$asm" "$lvl"; run "$work/$asm-$lvl"; fi
  for ref in "$work/llvm-mc-$lvl"/out/*.txt; do
    got=$work/$asm-$lvl/out/$(basename "$ref")
    if cmp -s "$ref" "$got" && ! grep -q '^exit ' "$ref"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1)); echo "DIFF $asm $lvl $(basename "$ref")"; diff "$ref" "$got" | sed -n 1,10p || true
    fi
  done
done
echo "compared with llvm-mc-19, assembled by $asm:"
echo "workloads: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
