#!/usr/bin/env bash
# Byte-identity of two rcc-par builds over the corpus: every corpus .ll is
# compiled by both at each -O level, as objects and as assembly, and the
# outputs must be identical. This is how a refactor shows it changed no
# output ("byte-identical objects before and after").
#
# Usage: scripts/compare-builds.sh [options] OLD_RCC NEW_RCC [FILE.ll ...]
#   -O LEVELS       comma-separated -O levels (default 0,2)
#   --filetype T    obj, asm or both (default both)
#   -P N            parallel jobs (default: nproc)
#   --work DIR      work directory (default: target/compare-builds)
#   (default files: $CORPUS_DIR/ll/**/*.ll, CORPUS_DIR defaults to <repo>/corpus)
#
# A file that one build rejects must be rejected by the other with the same
# message. Output: one line per difference, then
#   compare-builds: N passed, M failed
# Exit status 0 when every output is identical, 1 otherwise, 2 on usage errors.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CORPUS_DIR=${CORPUS_DIR:-$ROOT/corpus}
LEVELS=0,2
FT=both
PAR=$(nproc)
WORK=$ROOT/target/compare-builds
POS=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        -O) LEVELS=$2; shift 2 ;;
        --filetype) FT=$2; shift 2 ;;
        -P) PAR=$2; shift 2 ;;
        --work) WORK=$2; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        -*) echo "compare-builds: unknown option $1" >&2; exit 2 ;;
        *) POS+=("$1"); shift ;;
    esac
done
if [[ ${#POS[@]} -lt 2 ]]; then
    echo "compare-builds: need OLD_RCC and NEW_RCC" >&2
    exit 2
fi
OLD=$(realpath "${POS[0]}")
NEW=$(realpath "${POS[1]}")
FILES=("${POS[@]:2}")
if [[ ${#FILES[@]} -eq 0 ]]; then
    mapfile -t FILES < <(find "$CORPUS_DIR/ll" -name '*.ll' | sort)
fi
case $FT in
    obj) TYPES=(obj) ;;
    asm) TYPES=(asm) ;;
    both) TYPES=(obj asm) ;;
    *) echo "compare-builds: --filetype must be obj, asm or both" >&2; exit 2 ;;
esac
rm -rf "$WORK"
mkdir -p "$WORK"
jobs_file=$WORK/jobs
: > "$jobs_file"
for f in "${FILES[@]}"; do
    for o in ${LEVELS//,/ }; do
        for t in "${TYPES[@]}"; do
            printf '%s\t%s\t%s\n' "$f" "$o" "$t" >> "$jobs_file"
        done
    done
done

one() {
    local f=$1 o=$2 t=$3 key
    key=$(printf '%s' "$f-$o-$t" | sha1sum | cut -c1-16)
    local a=$WORK/$key.old b=$WORK/$key.new
    local ra=0 rb=0
    "$OLD" -O"$o" -filetype="$t" "$f" -o "$a" 2> "$a.err" || ra=$?
    "$NEW" -O"$o" -filetype="$t" "$f" -o "$b" 2> "$b.err" || rb=$?
    if [[ $ra -ne $rb ]]; then
        echo "FAIL $f -O$o $t: exit $ra vs $rb"
    elif [[ $ra -ne 0 ]]; then
        if cmp -s "$a.err" "$b.err"; then echo "ok"; else echo "FAIL $f -O$o $t: different errors"; fi
    elif cmp -s "$a" "$b"; then
        echo "ok"
        rm -f "$a" "$b" "$a.err" "$b.err"
    else
        echo "FAIL $f -O$o $t: outputs differ ($a $b)"
    fi
}
export -f one
export OLD NEW WORK
results=$(tr '\t' ' ' < "$jobs_file" | xargs -P "$PAR" -L1 bash -c 'one "$0" "$1" "$2"')
grep -v '^ok$' <<< "$results" || true
pass=$(grep -c '^ok$' <<< "$results" || true)
fail=$(grep -c '^FAIL' <<< "$results" || true)
echo "compare-builds: $pass passed, $fail failed"
[[ $fail -eq 0 ]]
