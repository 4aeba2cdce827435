#!/usr/bin/env bash
# MIR print/parse/print is a fixpoint after every pass, and compiling on
# from MIR read back changes nothing: every corpus .ll is compiled with
# `rcc-par -mir-roundtrip` (after each pass each function is written as
# MIR, read back into a fresh function, written again and compared; the
# pipeline goes on with the function read back) at each -O level, and the
# object must be byte-identical to the normal run's.
#
# Usage: scripts/check-mir-roundtrip.sh [-O LEVELS] [-P N] [--work DIR] [FILE.ll ...]
#   -O LEVELS   comma-separated -O levels (default 0,2)
#   -P N        parallel jobs (default 2)
#   --work DIR  work directory (default target/check-mir-roundtrip; failures
#               keep their messages in DIR/fail/)
#   (default files: $CORPUS_DIR/ll/**/*.ll (sqlite3, Lua, csmith, rustc's IR;
#    CORPUS_DIR defaults to <repo>/corpus), tests/ll/*.ll, and tests/cpp/*.cpp
#    lowered by clang++-19 at -O0 and -O2 as difftest.sh lowers them, when
#    clang++-19 is installed)
#
# Output: one line per failure, then
#   mir-roundtrip: N jobs (F files x L levels), K functions per level, M failed, T s
# Exit status 0 when every job passes, 1 otherwise, 2 on usage errors.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CORPUS_DIR=${CORPUS_DIR:-$ROOT/corpus}
LEVELS=0,2
PAR=2
WORK=$ROOT/target/check-mir-roundtrip
FILES=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        -O) LEVELS=$2; shift 2 ;;
        -P) PAR=$2; shift 2 ;;
        --work) WORK=$2; shift 2 ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        -*) echo "check-mir-roundtrip: unknown option $1" >&2; exit 2 ;;
        *) FILES+=("$1"); shift ;;
    esac
done
rm -rf "$WORK"
mkdir -p "$WORK/fail" "$WORK/jobs" "$WORK/cpp"
start=$(date +%s)
if [[ ${#FILES[@]} -eq 0 ]]; then
    mapfile -t FILES < <(find "$CORPUS_DIR/ll" -name '*.ll' | sort)
    if [[ ${#FILES[@]} -eq 0 ]]; then
        echo "check-mir-roundtrip: no corpus .ll files (build the corpus with scripts/build-corpus.sh)" >&2
        exit 2
    fi
    FILES+=("$ROOT"/tests/ll/*.ll)
    if command -v clang++-19 >/dev/null; then
        for src in "$ROOT"/tests/cpp/*.cpp; do
            # The program's own flags (difftest.sh's `difftest-cflags:` line).
            cflags=$(sed -n '/difftest-cflags:/{s/.*difftest-cflags:[[:space:]]*//;s/[[:space:]]*[*][/].*//;p;q;}' "$src")
            for l in 0 2; do
                flags=-O$l
                [[ $l == 0 ]] && flags="-O0 -Xclang -disable-O0-optnone"
                out=$WORK/cpp/$(basename "$src" .cpp)-O$l.ll
                # shellcheck disable=SC2086
                if clang++-19 --target=x86_64-pc-linux-gnu -S -emit-llvm $flags $cflags "$src" -o "$out" 2>"$out.log"; then
                    FILES+=("$out")
                else
                    echo "check-mir-roundtrip: clang++-19 cannot lower $src (-O$l): $(head -c 200 "$out.log")" >&2
                    exit 2
                fi
            done
        done
    else
        echo "check-mir-roundtrip: clang++-19 not installed: tests/cpp skipped" >&2
    fi
fi
RCC=${RCC:-$ROOT/target/release/rcc-par}
if [[ ! -x $RCC ]]; then
    (cd "$ROOT" && cargo build --release -q -p rcc-driver --bin rcc-par)
fi

# one FILE LEVEL ID: the normal object and the round-tripped one must agree.
one() {
    local f=$1 o=$2 id=$3
    local d=$WORK/jobs/$id
    mkdir -p "$d"
    local n
    n=$(grep -c '^define ' "$f" || true)
    local s1=0 s2=0
    "$RCC" -j1 "-O$o" -filetype=obj "$f" -o "$d/normal.o" 2>"$d/normal.err" || s1=$?
    "$RCC" -j1 "-O$o" -filetype=obj -mir-roundtrip "$f" -o "$d/mir.o" 2>"$d/mir.err" || s2=$?
    local why=
    if [[ $s2 -ne $s1 ]]; then
        why="exit status $s2 with -mir-roundtrip, $s1 without: $(grep -m1 'error' "$d/mir.err" | cut -c1-300)"
    elif [[ $s1 -ne 0 ]]; then
        cmp -s "$d/normal.err" "$d/mir.err" || why="different errors"
    elif ! cmp -s "$d/normal.o" "$d/mir.o"; then
        why="objects differ"
    fi
    if [[ -n $why ]]; then
        local k="$(basename "$f" .ll)-O$o"
        mkdir -p "$WORK/fail/$k"
        cp "$d"/*.err "$WORK/fail/$k/"
        echo "$f -O$o: $why" >"$d/fail"
    fi
    echo "$n" >"$d/count"
    rm -f "$d"/*.o
}
export -f one
export RCC WORK

i=0
for f in "${FILES[@]}"; do
    for o in ${LEVELS//,/ }; do
        i=$((i + 1))
        echo "$f $o $i"
    done
done | xargs -P "$PAR" -n 3 bash -c 'one "$0" "$1" "$2"'

failed=0; funcs=0; jobs=0
for d in "$WORK"/jobs/*; do
    jobs=$((jobs + 1))
    if [[ -f $d/count ]]; then funcs=$((funcs + $(cat "$d/count"))); fi
    if [[ -f $d/fail ]]; then
        cat "$d/fail"
        failed=$((failed + 1))
    elif [[ ! -f $d/count ]]; then
        echo "$d: the job did not finish"
        failed=$((failed + 1))
    fi
done
nlev=$(echo "${LEVELS//,/ }" | wc -w)
echo "mir-roundtrip: $jobs jobs (${#FILES[@]} files x $nlev levels), $((funcs / nlev)) functions per level, $failed failed, $(( $(date +%s) - start )) s"
[[ $failed -eq 0 ]]
