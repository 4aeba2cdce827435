#!/usr/bin/env bash
# Differential execution of Rust programs (tests/rust/*.rs): each is built
# twice by rustc at each opt-level with codegen-units=1 — once as rustc
# builds it (the reference), once with the program's own object replaced by
# rcc-par's object for the `--emit=llvm-ir` module of the same build
# (scripts/lib/rcc-rustc-link.sh), linked the way rustc links — and both
# are run; stdout and the exit status must match.
#
# Usage: scripts/rust-difftest.sh [--opt-levels "0 3"] [--work DIR] [FILE.rs ...]
# rcc-par gets -O0 for opt-level 0 and -O2 above (llc's levels).
# Environment: RCC (default target/release/rcc-par, built when missing).
# Exit status: 0 when everything matches, 1 on a mismatch or build failure.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
levels="0 3"
work=$repo/target/rust-difftest
files=()
while [[ $# -gt 0 ]]; do
    case $1 in
        --opt-levels) levels=$2; shift ;;
        --work) work=$2; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        -*) echo "rust-difftest: unknown option $1" >&2; exit 2 ;;
        *) files+=("$1") ;;
    esac
    shift
done
((${#files[@]})) || files=("$repo"/tests/rust/*.rs)
command -v rustc >/dev/null || { echo "rust-difftest: rustc not found" >&2; exit 2; }
rcc=${RCC:-$repo/target/release/rcc-par}
if [[ -z ${RCC:-} && ! -x $rcc ]]; then
    (cd "$repo" && cargo build --release -q -p rcc-driver --bin rcc-par)
fi
rcc=$(realpath "$rcc")
mkdir -p "$work"
pass=0 fail=0
for src in "${files[@]}"; do
    name=$(basename "$src" .rs)
    for lvl in $levels; do
        d=$work/$name-O$lvl
        rm -rf "$d" && mkdir -p "$d"
        flags=(--edition 2021 -C opt-level="$lvl" -C codegen-units=1 -C panic=unwind)
        reason=""
        if ! rustc "${flags[@]}" "$src" -o "$d/ref" 2>"$d/ref.build.log"; then
            reason="reference build failed: $(head -c 300 "$d/ref.build.log")"
        else
            rc=0
            (cd "$d" && timeout 20 ./ref >ref.out 2>ref.err) || rc=$?
            echo "$rc" >"$d/ref.rc"
            rcc_opt=$([[ $lvl == 0 ]] && echo 0 || echo 2)
            if ! RCC=$rcc RCC_LL="$d/cand.ll" RCC_OPT=$rcc_opt RCC_OBJ="$d/rcc.o" RCC_LOG="$d/rcc.log" \
                rustc "${flags[@]}" --emit=llvm-ir="$d/cand.ll",link="$d/cand" \
                -C linker="$repo/scripts/lib/rcc-rustc-link.sh" -C linker-flavor=gcc \
                "$src" 2>"$d/cand.build.log"; then
                reason="candidate build failed: $(grep -m1 -E 'error|rcc-par' "$d/rcc.log" "$d/cand.build.log" | head -c 300)"
            else
                rc=0
                (cd "$d" && timeout 20 ./cand >cand.out 2>cand.err) || rc=$?
                echo "$rc" >"$d/cand.rc"
                if ! cmp -s "$d/ref.out" "$d/cand.out"; then
                    reason="output differs: $(diff "$d/ref.out" "$d/cand.out" | head -3 | tr '\n' ' ')"
                elif ! cmp -s "$d/ref.rc" "$d/cand.rc"; then
                    reason="exit status differs: $(cat "$d/ref.rc") vs $(cat "$d/cand.rc")"
                fi
            fi
        fi
        if [[ -n $reason ]]; then
            echo "FAIL $name opt-level=$lvl: $reason"
            fail=$((fail + 1))
        else
            echo "PASS $name opt-level=$lvl"
            pass=$((pass + 1))
        fi
    done
done
echo "rust-difftest: $pass passed, $fail failed (work dir $work)"
((fail == 0))
