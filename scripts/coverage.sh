#!/usr/bin/env bash
# Code-generation coverage of the corpus: compiles every corpus .ll with
# rcc-par (-filetype=null, -verify-machineinstrs by default) and counts the
# functions that fail, by reason.
#
# Usage: scripts/coverage.sh [--no-verify] [-P N] [FILE.ll ...]
#   (default files: $CORPUS_DIR/ll/**/*.ll, CORPUS_DIR defaults to <repo>/corpus;
#   RCC_FLAGS adds options, e.g. RCC_FLAGS=-regalloc=basic)
#
# Output: one line per file with failures (`file: F of N functions fail`),
# then the reasons over all files, most frequent first (the text after
# "in function '...': "), and a total line:
#   coverage: N files, F functions of T fail (K files clean)
# Exit status: 0 when every function compiles, 1 otherwise, 2 on usage errors.
# rcc-par crashing (a signal or a panic) is always reported as a failure.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CORPUS_DIR=${CORPUS_DIR:-$ROOT/corpus}
VERIFY=-verify-machineinstrs
PAR=${JOBS:-$(nproc)}
FILES=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-verify) VERIFY= ; shift ;;
        -P) PAR=$2; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        -*) echo "coverage: unknown option $1" >&2; exit 2 ;;
        *) FILES+=("$1"); shift ;;
    esac
done
if [[ ${#FILES[@]} -eq 0 ]]; then
    mapfile -t FILES < <(find "$CORPUS_DIR/ll" -name '*.ll' | sort)
fi
if [[ ${#FILES[@]} -eq 0 ]]; then
    echo "coverage: no .ll files (build the corpus with scripts/build-corpus.sh)" >&2
    exit 2
fi
RCC=${RCC:-$ROOT/target/release/rcc-par}
if [[ ! -x $RCC ]]; then
    (cd "$ROOT" && cargo build --release -q -p rcc-driver --bin rcc-par)
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

one() {
    local f=$1 out=$2
    local n
    n=$(grep -c '^define ' "$f" || true)
    local status=0
    "$RCC" -filetype=null -j1 $VERIFY $RCC_FLAGS "$f" 2>"$out.err" >/dev/null || status=$?
    local failed
    failed=$(grep -c "error: in function '" "$out.err" || true)
    if [[ $status -ne 0 && $failed -eq 0 ]]; then
        # A crash or a module-level error: count the whole file.
        failed=$n
        echo "module: $(head -c 300 "$out.err" | tr '\n' ' ')" >"$out.reasons"
    else
        sed -n "s/.*error: in function '[^']*': //p" "$out.err" | cut -c1-160 >"$out.reasons"
    fi
    echo "$f $n $failed" >"$out.count"
}
export -f one
RCC_FLAGS=${RCC_FLAGS:-}
export RCC VERIFY RCC_FLAGS

i=0
for f in "${FILES[@]}"; do
    i=$((i + 1))
    echo "$f $WORK/$i"
done | xargs -P "$PAR" -n 2 bash -c 'one "$0" "$1"'

for c in "$WORK"/*.count; do
    read -r f n failed <"$c"
    if [[ $failed -ne 0 ]]; then
        echo "${f#"$CORPUS_DIR"/}: $failed of $n functions fail"
    fi
done | sort
total=0; bad=0; clean=0
for c in "$WORK"/*.count; do
    read -r f n failed <"$c"
    total=$((total + n)); bad=$((bad + failed))
    if [[ $failed -eq 0 ]]; then clean=$((clean + 1)); fi
done
echo "reasons (all files):"
cat "$WORK"/*.reasons 2>/dev/null | sort | uniq -c | sort -rn | head -40
echo "coverage: ${#FILES[@]} files, $bad functions of $total fail ($clean files clean)"
[[ $bad -eq 0 ]]
