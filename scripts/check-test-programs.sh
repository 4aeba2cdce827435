#!/usr/bin/env bash
# Checks the project's own difftest programs (tests/c/*.c, tests/cpp/*.cpp)
# natively (C with clang-19, C++ with clang++-19 and its `difftest-cflags`): each
# must build without warnings under -Wall -Wextra, finish quickly, and print
# the same output (and exit status) at clang-19 -O0, -O2 and under
# UBSan+ASan. Undefined behaviour would let llc and rcc legitimately
# disagree, so a new program must pass this before it joins the suite.
# Usage: scripts/check-test-programs.sh [FILE.c|FILE.cpp ...]
#   (default: tests/c/*.c and tests/cpp/*.cpp)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ $# -gt 0 ]]; then files=("$@"); else files=("$repo"/tests/c/*.c "$repo"/tests/cpp/*.cpp); fi

check_one() { # file work repo
    local f=$1 work=$2 repo=$3 b ld sh out
    b=$work/$(basename "$f")
    b=${b%.*}
    opt() { sed -n "/difftest-$1:/{s/.*difftest-$1:[[:space:]]*//;s/[[:space:]]*[*][/].*//;p;q;}" "$f"; }
    ld=$(opt ldflags)
    sh=$(opt shared)
    local cc=(clang-19 -I"$repo/tests/c")
    if [[ $f == *.cpp ]]; then
        # shellcheck disable=SC2207
        cc=(clang++-19 $(opt cflags))
    fi
    # A `difftest-shared:` program is a library (libdt.so) loaded by that
    # main program.
    bld() { # variant flags...
        local v=$1
        shift
        if [[ -z $sh ]]; then
            # shellcheck disable=SC2086
            "${cc[@]}" "$@" "$f" -o "$b.$v" -lm -lpthread $ld
        else
            mkdir -p "$b.$v.d"
            # shellcheck disable=SC2086
            "${cc[@]}" "$@" -fPIC -shared "$f" -o "$b.$v.d/libdt.so" -lm -lpthread $ld &&
                "${cc[@]}" "$@" "$repo/tests/c/$sh" -o "$b.$v" -L"$b.$v.d" -ldt -Wl,-rpath,"$b.$v.d" -lm -lpthread $ld
        fi
    }
    if ! bld O0 -Wall -Wextra -Werror -O0 2>"$b.log" ||
        ! bld O2 -O2 2>>"$b.log" ||
        ! bld san -O1 -fsanitize=undefined,address -fno-sanitize-recover=all 2>>"$b.log"; then
        echo "FAIL $f: does not build cleanly: $(sed -n 1p "$b.log")"
        return 1
    fi
    local v t0 t1 rc
    for v in O0 O2 san; do
        t0=$EPOCHREALTIME
        rc=0
        timeout 10 "$b.$v" >"$b.$v.out" 2>"$b.$v.err" </dev/null || rc=$?
        t1=$EPOCHREALTIME
        echo "exit $rc" >>"$b.$v.out"
        if [[ $v == O0 ]] && awk "BEGIN {exit !($t1 - $t0 > 0.2)}"; then
            echo "SLOW $f: $(awk "BEGIN {printf \"%.2f\", $t1 - $t0}")s at -O0 (keep programs under 0.2 s)"
        fi
    done
    if ! cmp -s "$b.O0.out" "$b.O2.out"; then
        echo "FAIL $f: -O0 and -O2 print different things:"; diff "$b.O0.out" "$b.O2.out" | sed -n 1,6p; return 1
    fi
    if ! cmp -s "$b.O0.out" "$b.san.out"; then
        echo "FAIL $f: the sanitizer build differs:"; sed -n 1,6p "$b.san.err"; return 1
    fi
    echo "ok   $f ($(($(wc -l <"$b.O0.out") - 1)) lines)"
}
export -f check_one

fail=0
export CHECK_WORK=$work CHECK_REPO=$repo
printf '%s\n' "${files[@]}" | xargs -d '\n' -n 1 -P "${JOBS:-$(nproc)}" \
    bash -c 'check_one "$1" "$CHECK_WORK" "$CHECK_REPO"' _ 2>&1 || fail=1
if (( fail )); then echo "check-test-programs: some programs FAILED"; exit 1; fi
echo "check-test-programs: ${#files[@]} programs ok"
