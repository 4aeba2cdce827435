#!/usr/bin/env bash
# Pre-generates csmith programs and their clang-19 -O0/-O2 .ll in the corpus,
# with build-corpus.sh's names and flags, so that any seed range can be added
# without rebuilding the rest of the corpus:
#   <corpus>/csmith/cs_<seed>.c
#   <corpus>/ll/csmith/cs_<seed>-O0.ll, cs_<seed>-O2.ll
# scripts/difftest.sh --sets corpus runs every corpus .ll that has a main
# (each at the level its name says).
#
# Usage: scripts/csmith-corpus.sh [COUNT [START]]    (default: 200 seeds from 1)
# Environment: CORPUS_DIR (default <repo>/corpus), JOBS (default nproc).
# Seeds must stay below 1000000. Existing outputs are kept; every output is
# written under a temporary name and renamed. A seed that csmith or clang
# fails on is reported and the script exits 1 at the end.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CORPUS_DIR=${CORPUS_DIR:-$REPO/corpus}
COUNT=${1:-200}
START=${2:-1}
JOBS=${JOBS:-$(nproc)}

# Keep in step with scripts/build-corpus.sh.
TRIPLE=x86_64-pc-linux-gnu
CC19=clang-19
O0_FLAGS="-O0 -Xclang -disable-O0-optnone"
O2_FLAGS="-O2"

die() { printf 'csmith-corpus: error: %s\n' "$*" >&2; exit 2; }
[[ $COUNT =~ ^[0-9]+$ && $START =~ ^[0-9]+$ ]] || die "COUNT and START must be numbers"
(( START + COUNT <= 1000000 )) || die "csmith seeds must stay below 1000000"

find_csmith_include() {
    local d
    for d in /usr/include/csmith /usr/include/csmith-* /usr/local/include/csmith /usr/local/include/csmith-*; do
        [[ -f $d/csmith.h ]] && { echo "$d"; return 0; }
    done
    return 1
}
for t in $CC19 csmith; do
    command -v "$t" >/dev/null 2>&1 || die "$t not found (apt-get install clang-19 csmith libcsmith-dev, or run scripts/build-corpus.sh)"
done
CSMITH_INC=$(find_csmith_include) || die "csmith.h not found (apt-get install libcsmith-dev)"

mkdir -p "$CORPUS_DIR/build" "$CORPUS_DIR/csmith" "$CORPUS_DIR/ll/csmith"
cd "$CORPUS_DIR"

one_seed() { # seed
    local s=$1 c=csmith/cs_$1.c rc=0 lvl flags out tmp
    if [[ ! -s $c ]]; then
        tmp=$c.tmp.$BASHPID
        # csmith drops a platform.info into its working directory: keep it in build/.
        if ! (cd build && timeout 120 csmith --seed "$s") >"$tmp"; then
            rm -f "$tmp"
            echo "FAILED: csmith --seed $s" >&2
            return 1
        fi
        mv -f "$tmp" "$c"
    fi
    for lvl in O0 O2; do
        out=ll/csmith/cs_$s-$lvl.ll
        [[ -s $out ]] && continue
        flags=$O2_FLAGS
        [[ $lvl == O0 ]] && flags=$O0_FLAGS
        tmp=$out.tmp.$BASHPID
        # shellcheck disable=SC2086
        if $CC19 --target="$TRIPLE" -S -emit-llvm $flags -w -I"$CSMITH_INC" "$c" -o "$tmp" 2>"$out.log"; then
            mv -f "$tmp" "$out"
            rm -f "$out.log"
        else
            rm -f "$tmp"
            echo "FAILED: $out (see $CORPUS_DIR/$out.log)" >&2
            rc=1
        fi
    done
    return $rc
}
export TRIPLE CC19 O0_FLAGS O2_FLAGS CSMITH_INC
export -f one_seed

t0=$SECONDS
fail=0
seq "$START" $((START + COUNT - 1)) | xargs -r -n 1 -P "$JOBS" bash -c 'one_seed "$1"' _ || fail=1
n=$(find ll/csmith -name 'cs_*.ll' | wc -l)
echo "csmith-corpus: seeds $START..$((START + COUNT - 1)) in $CORPUS_DIR ($n csmith .ll files in total, $((SECONDS - t0))s)"
exit $fail
