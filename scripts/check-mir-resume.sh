#!/usr/bin/env bash
# Stopping and resuming through MIR changes nothing: for every pass P of the
# pipeline (parse .. branch-folder), `rcc-par -stop-after=P` writes a .mir
# file and `rcc-par -start-after=P` on it writes the object; the object must
# be byte-identical to the uninterrupted run's. -stop-before/-start-before
# are spot-checked at finalize-isel, the first allocation row and asm-printer.
#
# Usage: scripts/check-mir-resume.sh [-O LEVELS] [-P N] [--csmith N] [--work DIR] [FILE.ll ...]
#   -O LEVELS   comma-separated -O levels (default 0,2)
#   -P N        parallel jobs (default 2)
#   --csmith N  csmith programs in the default set (default 50)
#   --work DIR  work directory (default target/check-mir-resume; failures
#               keep their messages in DIR/fail/)
#   (default files: sqlite3-O0/-O2, lua-O0/-O2 and N csmith programs of
#    $CORPUS_DIR/ll, alternately their -O0 and -O2 IR; CORPUS_DIR defaults
#    to <repo>/corpus)
#
# Output: one line per failure, then
#   mir-resume: N resumes (F files x L levels, S stop points over the levels), M failed, T s
# Exit status 0 when every resume matches, 1 otherwise, 2 on usage errors.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CORPUS_DIR=${CORPUS_DIR:-$ROOT/corpus}
LEVELS=0,2
PAR=2
CSMITH=50
WORK=$ROOT/target/check-mir-resume
FILES=()
while [[ $# -gt 0 ]]; do
    case "$1" in
        -O) LEVELS=$2; shift 2 ;;
        -P) PAR=$2; shift 2 ;;
        --csmith) CSMITH=$2; shift 2 ;;
        --work) WORK=$2; shift 2 ;;
        -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
        -*) echo "check-mir-resume: unknown option $1" >&2; exit 2 ;;
        *) FILES+=("$1"); shift ;;
    esac
done
if [[ ${#FILES[@]} -eq 0 ]]; then
    for f in sqlite3-O0 sqlite3-O2 lua-O0 lua-O2; do
        [[ -f $CORPUS_DIR/ll/$f.ll ]] && FILES+=("$CORPUS_DIR/ll/$f.ll")
    done
    for ((n = 1; n <= CSMITH; n++)); do
        f=$CORPUS_DIR/ll/csmith/cs_$n-O$(( (n % 2) * 2 )).ll
        [[ -f $f ]] && FILES+=("$f")
    done
fi
if [[ ${#FILES[@]} -eq 0 ]]; then
    echo "check-mir-resume: no .ll files (build the corpus with scripts/build-corpus.sh)" >&2
    exit 2
fi
RCC=${RCC:-$ROOT/target/release/rcc-par}
if [[ ! -x $RCC ]]; then
    (cd "$ROOT" && cargo build --release -q -p rcc-driver --bin rcc-par)
fi
rm -rf "$WORK"
mkdir -p "$WORK/fail" "$WORK/ref" "$WORK/jobs"
start=$(date +%s)

# The stop points of each level: every pass that runs there but
# asm-printer after (and not the interval allocators: their assignment is
# beside the function and MIR does not carry it, as LLVM's VirtRegMap),
# three before (selection, the first allocation row, the printer).
points() {
    local o=$1 p first
    mapfile -t passes < <("$RCC" "-O$o" -debug-pass=Arguments -filetype=null "${FILES[0]}" 2>&1 >/dev/null |
        sed -n 's/^Pass Arguments: *//p' | tr ' ' '\n' | sed -n 's/^-//p' |
        grep -v -x -e asm-printer -e greedy -e regallocbasic)
    if [[ ${#passes[@]} -lt 2 ]]; then
        echo "check-mir-resume: cannot read the -O$o pass list from $RCC -debug-pass=Arguments" >&2
        exit 2
    fi
    for p in "${passes[@]}"; do echo "after:$p"; done
    first=regallocfast
    for p in "${passes[@]}"; do
        if [[ $p == register-coalescer ]]; then first=register-coalescer; fi
    done
    printf '%s\n' before:finalize-isel "before:$first" before:asm-printer
}
declare -A POINTS
for o in ${LEVELS//,/ }; do POINTS[$o]=$(points "$o") || exit 2; done

# reference FILE LEVEL ID: the uninterrupted object.
reference() {
    "$RCC" -j1 "-O$2" -filetype=obj "$1" -o "$WORK/ref/$3-O$2.o" 2>"$WORK/ref/$3-O$2.err" ||
        echo "$1 -O$2: the uninterrupted run fails: $(head -c 300 "$WORK/ref/$3-O$2.err")" \
            >"$WORK/ref/$3-O$2.fail"
}
# resume FILE LEVEL ID WHEN:PASS: stop at the point, resume, compare.
resume() {
    local f=$1 o=$2 id=$3 when=${4%%:*} p=${4#*:}
    local d=$WORK/jobs/$id-O$o-$when-$p
    mkdir -p "$d"
    local why=
    if [[ -f $WORK/ref/$id-O$o.fail ]]; then
        why="no reference object"
    elif ! "$RCC" -j1 "-O$o" "-stop-$when=$p" "$f" -o "$d/x.mir" 2>"$d/stop.err"; then
        why="-stop-$when=$p fails: $(grep -m1 error "$d/stop.err" | cut -c1-300)"
    elif ! "$RCC" -j1 "-O$o" "-start-$when=$p" -filetype=obj "$d/x.mir" -o "$d/x.o" 2>"$d/start.err"; then
        why="-start-$when=$p fails: $(grep -m1 error "$d/start.err" | cut -c1-300)"
    elif ! cmp -s "$d/x.o" "$WORK/ref/$id-O$o.o"; then
        why="-stop-$when=$p then -start-$when=$p: the object differs"
    fi
    if [[ -n $why ]]; then
        echo "$f -O$o: $why" >"$d/fail"
        mkdir -p "$WORK/fail/$id-O$o-$when-$p"
        cp "$d"/*.err "$WORK/fail/$id-O$o-$when-$p/" 2>/dev/null || true
    fi
    echo done >"$d/done"
    rm -f "$d/x.mir" "$d/x.o"
}
export -f reference resume
export RCC WORK

ids=()
i=0
for f in "${FILES[@]}"; do
    i=$((i + 1))
    ids+=("$(basename "$f" .ll)-$i")
done
for k in "${!FILES[@]}"; do
    for o in ${LEVELS//,/ }; do echo "${FILES[$k]} $o ${ids[$k]}"; done
done | xargs -P "$PAR" -n 3 bash -c 'reference "$0" "$1" "$2"'
for k in "${!FILES[@]}"; do
    for o in ${LEVELS//,/ }; do
        for pt in ${POINTS[$o]}; do echo "${FILES[$k]} $o ${ids[$k]} $pt"; done
    done
done | xargs -P "$PAR" -n 4 bash -c 'resume "$0" "$1" "$2" "$3"'

failed=0; jobs=0
cat "$WORK"/ref/*.fail 2>/dev/null || true
for d in "$WORK"/jobs/*; do
    jobs=$((jobs + 1))
    if [[ -f $d/fail ]]; then
        cat "$d/fail"
        failed=$((failed + 1))
    elif [[ ! -f $d/done ]]; then
        echo "$d: the job did not finish"
        failed=$((failed + 1))
    fi
done
nlev=$(echo "${LEVELS//,/ }" | wc -w)
npoints=0
for o in ${LEVELS//,/ }; do npoints=$((npoints + $(wc -w <<<"${POINTS[$o]}"))); done
echo "mir-resume: $jobs resumes (${#FILES[@]} files x $nlev levels, $npoints stop points over the levels), $failed failed, $(( $(date +%s) - start )) s"
[[ $failed -eq 0 ]]
