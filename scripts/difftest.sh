#!/usr/bin/env bash
# Differential execution: every program is built twice from the same .ll,
# once with llc-19 (the reference) and once with rcc (the candidate), both
# linked the same way and run; stdout and the exit code must match byte for
# byte.
#
# Usage: scripts/difftest.sh [options] [FILE.c|FILE.ll ...]
#   --sets LIST        comma-separated: tests, cpp, csmith, corpus (default: tests,cpp,csmith;
#                      naming files on the command line replaces the sets)
#                        tests   tests/c/*.c (clang-19) and tests/ll/*.ll (hand-written)
#                        cpp     tests/cpp/*.cpp (clang++-19, linked with clang++-19:
#                                exceptions, unwinding, the C++ library)
#                        csmith  csmith --seed S for S in [start, start+N)
#                        corpus  $CORPUS_DIR/ll/**/*.ll that define @main
#   --quick            the subset cargo's driver/tests/difftest.rs runs:
#                      8 tests/c programs, 2 tests/cpp programs and csmith
#                      seeds 1..5 at -O0 and -O2
#   --seeds N          number of csmith seeds (default 20)
#   --seed-start S     first csmith seed (default 1); seeds must stay below 1000000
#   -O LEVELS          optimisation levels, e.g. 0,2 (default) or 0,1,2,3; clang-19
#                      and llc/rcc use the same level
#   --filetype T       obj (default), asm (rcc -filetype=asm, then llvm-mc-19) or both
#   -j N               pass -jN to rcc (not to llc)
#   -P N               parallel jobs (default: $JOBS or nproc)
#   --reloc M          pic (default; -relocation-model=pic to both, PIE link),
#                      static (-relocation-model=static, -no-pie link) or
#                      default (no option to either compiler, -no-pie link)
#   --timeout S        run-time limit per program in seconds (default 10)
#   --work DIR         work directory (default: <repo>/target/difftest)
#   --no-cache         ignore cached reference builds (they are rebuilt)
#   -h, --help
#
# Environment:
#   RCC        the candidate compiler, called like llc (default:
#              target/release/rcc-par, built when missing); for a self-test
#              use scripts/lib/rcc-llc.sh (llc-19 itself: everything must
#              pass) or scripts/lib/rcc-broken.sh (flips an add: must fail)
#   KEEP=1     keep every job's artifacts under <work>/jobs (failures are
#              always kept under <work>/fail)
#   CORPUS_DIR the corpus (default <repo>/corpus, see build-corpus.sh)
#   JOBS       default for -P
#
# The clang-19 flags are build-corpus.sh's: -O0 is "-O0 -Xclang
# -disable-O0-optnone", other levels are plain -On. csmith programs are run
# with the argument 1 (they then print every global's checksum).
#
# Caching (under <work>/cache, keyed by sha256 of content, flags and tool
# versions): clang's .ll for each source, and for each .ll the reference
# object, its run's stdout and exit code, or the reason it was skipped. A
# rerun only rebuilds and reruns the candidate.
#
# Skips: a csmith seed or corpus file whose reference build fails, times out
# or dies of a signal is skipped (listed in <work>/skipped.txt); for the
# project's own tests that is a failure.
#
# Output: one line per failure on stderr as it happens; at the end the first
# 30 failures (all of them in <work>/failed.txt) with the first lines of the
# first 10 diffs, and `difftest: N passed, M failed, K skipped`. Exit status
# 0 when nothing failed, 1 when something failed, 2 on a usage or tool error.
# The cache is never pruned: remove <work>/cache to reclaim the space.
set -euo pipefail

START_TIME=$EPOCHREALTIME
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CORPUS_DIR=${CORPUS_DIR:-$REPO/corpus}

die() { printf 'difftest: error: %s\n' "$*" >&2; exit 2; }

# ---------------------------------------------------------------- options
SETS=tests,cpp,csmith
SEEDS=20
SEED_START=1
LEVELS=0,2
FILETYPE=obj
RCC_JOBS=
PAR=${JOBS:-$(nproc)}
RELOC=pic
RUN_TIMEOUT=10
WORK=${DIFFTEST_DIR:-$REPO/target/difftest}
NO_CACHE=0
QUICK=0
FILES=()
# The quick subset: one program per major family that codegen must get
# right before anything else works.
QUICK_TESTS=(int_arith int_compare switch_dense loops struct_small funcptr float_conv varargs)
QUICK_CPP=(eh_basic eh_destructors)
QUICK_SEEDS=5

while [[ $# -gt 0 ]]; do
    case $1 in
        --sets) SETS=$2; shift ;;
        --sets=*) SETS=${1#*=} ;;
        --quick) QUICK=1 ;;
        --seeds) SEEDS=$2; shift ;;
        --seeds=*) SEEDS=${1#*=} ;;
        --seed-start) SEED_START=$2; shift ;;
        --seed-start=*) SEED_START=${1#*=} ;;
        -O) LEVELS=$2; shift ;;
        -O[0-3]*) LEVELS=${1#-O} ;;
        --filetype) FILETYPE=$2; shift ;;
        --filetype=*|-filetype=*) FILETYPE=${1#*=} ;;
        -j) RCC_JOBS=$2; shift ;;
        -j[0-9]*) RCC_JOBS=${1#-j} ;;
        -P) PAR=$2; shift ;;
        -P[0-9]*) PAR=${1#-P} ;;
        --reloc) RELOC=$2; shift ;;
        --reloc=*) RELOC=${1#*=} ;;
        --timeout) RUN_TIMEOUT=$2; shift ;;
        --timeout=*) RUN_TIMEOUT=${1#*=} ;;
        --work) WORK=$2; shift ;;
        --work=*) WORK=${1#*=} ;;
        --no-cache) NO_CACHE=1 ;;
        -h|--help) sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
        -*) die "unknown option '$1' (see --help)" ;;
        *) FILES+=("$1") ;;
    esac
    shift
done

LEVELS=${LEVELS//,/ }
for l in $LEVELS; do [[ $l =~ ^[0-3]$ ]] || die "bad level '$l' in -O (expected digits 0-3)"; done
case $FILETYPE in obj) FTS=obj ;; asm) FTS=asm ;; both) FTS="obj asm" ;; *) die "bad --filetype '$FILETYPE' (obj, asm or both)" ;; esac
case $RELOC in
    pic) RELOC_FLAGS=-relocation-model=pic LINK_PIE= ;;
    static) RELOC_FLAGS=-relocation-model=static LINK_PIE=-no-pie ;;
    default) RELOC_FLAGS= LINK_PIE=-no-pie ;;
    *) die "bad --reloc '$RELOC' (pic, static or default)" ;;
esac
[[ $SEEDS =~ ^[0-9]+$ && $SEED_START =~ ^[0-9]+$ ]] || die "--seeds and --seed-start take numbers"
[[ $PAR =~ ^[1-9][0-9]*$ ]] || die "-P takes a positive number"
[[ -z $RCC_JOBS || $RCC_JOBS =~ ^[0-9]+$ ]] || die "-j takes a number"
if (( QUICK )); then
    SETS=quick
    LEVELS="0 2"
    SEED_START=1 SEEDS=$QUICK_SEEDS
fi
if [[ ${#FILES[@]} -gt 0 ]]; then SETS=files; fi
(( SEED_START + SEEDS <= 1000000 )) || die "csmith seeds must stay below 1000000"

WANT_TESTS=0 WANT_CPP=0 WANT_CSMITH=0 WANT_CORPUS=0
for s in ${SETS//,/ }; do
    case $s in
        tests) WANT_TESTS=1 ;;
        cpp) WANT_CPP=1 ;;
        csmith) WANT_CSMITH=1 ;;
        corpus) WANT_CORPUS=1 ;;
        quick) WANT_CSMITH=1 ;;
        files) ;;
        *) die "unknown set '$s' (tests, csmith or corpus)" ;;
    esac
done

# ---------------------------------------------------------------- tools
find_csmith_include() {
    local d
    for d in /usr/include/csmith /usr/include/csmith-* /usr/local/include/csmith /usr/local/include/csmith-*; do
        [[ -f $d/csmith.h ]] && { echo "$d"; return 0; }
    done
    return 1
}

missing=()
for t in clang-19 llc-19 sha256sum timeout; do
    command -v "$t" >/dev/null 2>&1 || missing+=("$t")
done
[[ $FTS == *asm* ]] && { command -v llvm-mc-19 >/dev/null 2>&1 || missing+=(llvm-mc-19); }
CSMITH_INC=
if (( WANT_CSMITH )); then
    command -v csmith >/dev/null 2>&1 || missing+=(csmith)
    CSMITH_INC=$(find_csmith_include) || missing+=("csmith.h (libcsmith-dev)")
fi
if [[ ${#missing[@]} -gt 0 ]]; then
    die "missing tools: ${missing[*]}; install them with
    apt-get install clang-19 llvm-19 csmith libcsmith-dev
(scripts/build-corpus.sh does this)"
fi

if [[ -z ${RCC:-} ]]; then
    RCC=${CARGO_TARGET_DIR:-$REPO/target}/release/rcc-par
    if [[ ! -x $RCC ]]; then
        echo "difftest: building rcc-par" >&2
        cargo build --release -q -p rcc-driver --bin rcc-par --manifest-path "$REPO/Cargo.toml"
    fi
fi
if [[ $RCC == */* ]]; then
    [[ -x $RCC ]] || die "RCC=$RCC is not executable"
    RCC=$(cd "$(dirname "$RCC")" && pwd)/$(basename "$RCC")
else
    command -v "$RCC" >/dev/null 2>&1 || die "RCC=$RCC not found"
fi

# Tool identities go into the cache keys.
CLANG_ID=$(clang-19 --version | sed -n 1p)
LLC_ID=$(llc-19 --version | sed -n '2p;3p' | tr -s ' \n' ' ')
# The shared test header is part of every tests/c program's key.
TESTS_H_ID=$(cat "$REPO"/tests/c/*.h 2>/dev/null | sha256sum | cut -c1-16)

# ---------------------------------------------------------------- work dir
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
CACHE=$WORK/cache
CSMITH_ID=
if (( WANT_CSMITH )); then
    # csmith drops a platform.info into its working directory.
    CSMITH_ID=$(cd "$WORK" && csmith --version 2>&1 | tr -s ' \n' ' ')
fi
# csmith's programs, by csmith version.
CSMITH_CACHE=$CACHE/csmith/$(printf '%s\n' "$CSMITH_ID" | sha256sum | cut -c1-16)
rm -rf "$WORK/results" "$WORK/fail" "$WORK/jobs" "$WORK/skipped.txt" "$WORK/failed.txt"
mkdir -p "$CACHE/ll" "$CACHE/ref" "$CSMITH_CACHE" "$WORK/results" "$WORK/fail" "$WORK/jobs"

# ---------------------------------------------------------------- one job
# A job is one input (every level and file type of it, so that the sources
# and reference builds it shares are made once). Job line: KIND<TAB>ARG
#   c <file.c> | ll <file.ll> | cs <seed> | corpus <file.ll>
# It writes <work>/results/<safe-id>.txt, one line per (level, filetype):
#   PASS|FAIL|SKIP <id> -O<l> <filetype> [reason]

# clang flags for a level, as build-corpus.sh spells them.
clang_level_flags() { if [[ $1 == 0 ]]; then echo "-O0 -Xclang -disable-O0-optnone"; else echo "-O$1"; fi; }

key_of() { # strings and files -> hex key; arguments: -f FILE or a string
    {
        while [[ $# -gt 0 ]]; do
            if [[ $1 == -f ]]; then sha256sum <"$2"; shift; else printf '%s\n' "$1"; fi
            shift
        done
    } | sha256sum | cut -c1-32
}

# Atomically publish a file: write to a temporary name, then rename.
publish() { mv -f "$1" "$2"; }

# Runs an executable with the run-time limit; stdout to $2, exit code to $3.
run_exe() { # exe out rc args...
    local exe=$1 out=$2 rcf=$3 rc=0
    shift 3
    # The subshell's own stderr is dropped: it would say "Segmentation fault".
    (
        ulimit -f 16384 2>/dev/null || true   # 16 MiB of output at most
        cd "$(dirname "$exe")" && LC_ALL=C timeout -k 2 "$RUN_TIMEOUT" "$exe" "$@" </dev/null >"$out" 2>"$out.stderr"
    ) 2>/dev/null || rc=$?
    echo "$rc" >"$rcf"
    return 0
}

# With a `difftest-shared:` main program, the object becomes libdt.so next
# to the executable, which is that main program (clang-19 -O0) linked
# against it.
link_exe() { # obj exe shared-main extra-ldflags... ; stderr to exe.link.log
    local o=$1 exe=$2 main=$3
    shift 3
    if [[ -z $main ]]; then
        ${DT_LINK:-clang-19} $LINK_PIE "$o" -o "$exe" "$@" -lm -lpthread 2>"$exe.link.log"
        return
    fi
    local dir
    dir=$(dirname "$exe")
    clang-19 -shared "$o" -o "$dir/libdt.so" "$@" -lm -lpthread 2>"$exe.link.log" &&
        clang-19 $LINK_PIE -O0 -I"$REPO/tests/c" "$main" -o "$exe" -L"$dir" -ldt \
            -Wl,-rpath,'$ORIGIN' "$@" -lm -lpthread 2>>"$exe.link.log"
}

# An exit status in words: "exit 3", "timeout", "signal 11 (SEGV)".
describe_rc() {
    local rc=$1
    if (( rc == 124 || rc == 137 )); then echo "timeout (${RUN_TIMEOUT}s)"
    elif (( rc > 128 )); then echo "signal $((rc - 128)) ($(kill -l $((rc - 128)) 2>/dev/null || echo '?'))"
    else echo "exit $rc"; fi
}

first_line() { [[ -s $1 ]] && sed -n '1{s/[[:cntrl:]]/ /g;p}' "$1" | cut -c1-200 || true; }
# The most telling line of a linker log: the first error, else the first line.
link_error() {
    local l
    l=$(grep -m1 -E 'undefined reference|relocation|error' "$1" | cut -c1-200) || true
    if [[ -n $l ]]; then echo "$l"; else first_line "$1"; fi
}

# The .ll for a C source at a level: cached by content, flags and clang.
make_ll() { # src.c level extra-cflags -> path of the cached .ll on stdout; 1 on failure
    local src=$1 lvl=$2 cflags=$3 flags key out tmp cc=clang-19
    [[ $src == *.cpp ]] && cc=clang++-19
    flags="$(clang_level_flags "$lvl") $cflags"
    key=$(key_of "$CLANG_ID" "$flags" "$TESTS_H_ID" -f "$src")
    out=$CACHE/ll/$key.ll
    if [[ ! -s $out ]]; then
        tmp=$out.tmp.$BASHPID
        # shellcheck disable=SC2086
        if ! $cc --target=x86_64-pc-linux-gnu -S -emit-llvm $flags "$src" -o "$tmp" 2>"$tmp.log"; then
            echo "clang-19 failed: $(first_line "$tmp.log")" >"$CACHE/ll/$key.err"
            rm -f "$tmp" "$tmp.log"
            echo "$CACHE/ll/$key.err"
            return 1
        fi
        rm -f "$tmp.log"
        publish "$tmp" "$out"
    fi
    echo "$out"
}

# The reference build and run of a .ll at a level; cached. Prints the cache
# directory, which holds `status` ("ok" or "bad <reason>"), and for "ok"
# ref.o, out and rc.
make_ref() { # file.ll level ldflags args shared-main
    local ll=$1 lvl=$2 ldflags=$3 args=$4 main=$5 key dir tmp
    key=$(key_of "$LLC_ID" "$CLANG_ID" "-O$lvl $RELOC_FLAGS" "$LINK_PIE $ldflags" "$args" "$RUN_TIMEOUT" \
        "$main" ${main:+-f "$main"} -f "$ll")
    dir=$CACHE/ref/$key
    if [[ -f $dir/status && $NO_CACHE == 0 ]]; then echo "$dir"; return 0; fi
    tmp=$dir.tmp.$BASHPID
    rm -rf "$tmp" && mkdir -p "$tmp"
    (
        cd "$tmp"
        # shellcheck disable=SC2086
        if ! timeout 300 llc-19 -O"$lvl" $RELOC_FLAGS -filetype=obj "$ll" -o ref.o 2>llc.log; then
            echo "bad llc-19 failed: $(first_line llc.log)" >status; exit 0
        fi
        # shellcheck disable=SC2086
        if ! link_exe ref.o "$tmp/ref.exe" "$main" $ldflags; then
            echo "bad reference link failed: $(link_error ref.exe.link.log)" >status; exit 0
        fi
        # shellcheck disable=SC2086
        run_exe "$tmp/ref.exe" "$tmp/out" "$tmp/rc" $args
        local rc
        rc=$(cat rc)
        if (( rc == 124 || rc == 137 )); then
            echo "bad reference timed out (${RUN_TIMEOUT}s)" >status
        elif (( rc > 128 )); then
            echo "bad reference died of signal $((rc - 128))" >status
        else
            echo ok >status
        fi
        rm -f ref.exe ref.exe.link.log libdt.so
    )
    rm -rf "$dir.old.$BASHPID"
    if [[ -d $dir ]]; then mv "$dir" "$dir.old.$BASHPID"; fi
    mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
    rm -rf "$dir.old.$BASHPID"
    echo "$dir"
}

# Per-file options from comment lines in a tests/c or tests/ll source:
#   difftest-cflags: ...   difftest-ldflags: ...   difftest-args: ...
#   difftest-shared: MAIN.c (under tests/c; see link_exe)
src_opt() { sed -n "/difftest-$2:/{s/.*difftest-$2:[[:space:]]*//;s/[[:space:]]*[*][/].*//;p;q;}" "$1"; }

job() {
    local kind arg id safe src ll cflags="" ldflags="" args="" main="" tolerant=0
    IFS=$'\t' read -r kind arg <<<"$1"
    case $kind in
        c) id=c/$(basename "$arg" .c); src=$arg ;;
        ll) id=ll/$(basename "$arg" .ll); src=$arg ;;
        cpp) id=cpp/$(basename "$arg" .cpp); src=$arg
             local DT_LINK=clang++-19 ;;
        cs) id=cs/$arg; tolerant=1 ;;
        corpus) id=corpus/${arg#"$CORPUS_DIR"/}; src=$arg; tolerant=1 ;;
        *) echo "bad job line: $1" >&2; return 1 ;;
    esac
    safe=${id//\//_}
    local res=$WORK/results/$safe.txt jd=$WORK/jobs/$safe
    : >"$res"
    mkdir -p "$jd"
    result() { echo "$*" >>"$res"; }

    if [[ $kind == cs ]]; then
        src=$CSMITH_CACHE/cs_$arg.c
        if [[ ! -s $src ]]; then
            local ctmp=$src.tmp.$BASHPID
            mkdir -p "$jd/csmith"
            # (csmith writes platform.info into its working directory.)
            if ! (cd "$jd/csmith" && timeout 120 csmith --seed "$arg") >"$ctmp" 2>"$jd/csmith.log"; then
                rm -f "$ctmp"
                for lvl in $LEVELS; do for ft in $FTS; do
                    result "SKIP $id -O$lvl $ft csmith --seed $arg failed"
                done; done
                return 0
            fi
            publish "$ctmp" "$src"
        fi
        cflags="-w -I$CSMITH_INC"
        args=1
    elif [[ $kind == c || $kind == ll || $kind == cpp ]]; then
        cflags=$(src_opt "$src" cflags)
        ldflags=$(src_opt "$src" ldflags)
        args=$(src_opt "$src" args)
        main=$(src_opt "$src" shared)
        [[ -n $main ]] && main=$REPO/tests/c/$main
        [[ $kind == c ]] && cflags="-Wall -I$REPO/tests/c $cflags"
        [[ $kind == cpp ]] && cflags="-Wall $cflags"
    fi

    local lvl ft
    for lvl in $LEVELS; do
        if [[ $kind == corpus && $src =~ -O([0-3])\.ll$ && ${BASH_REMATCH[1]} != "$lvl" ]]; then
            continue   # a corpus file is compiled at the level it was made for
        fi
        # Source -> .ll
        if [[ $kind == c || $kind == cs || $kind == cpp ]]; then
            if ! ll=$(make_ll "$src" "$lvl" "$cflags"); then
                local why
                why=$(cat "$ll")
                for ft in $FTS; do
                    if (( tolerant )); then result "SKIP $id -O$lvl $ft $why"; else result "FAIL $id -O$lvl $ft $why"; fi
                done
                continue
            fi
        else
            ll=$src
        fi
        # Reference
        local ref status
        ref=$(make_ref "$ll" "$lvl" "$ldflags" "$args" "$main")
        status=$(cat "$ref/status")
        if [[ $status != ok ]]; then
            for ft in $FTS; do
                if (( tolerant )); then result "SKIP $id -O$lvl $ft ${status#bad }"; else result "FAIL $id -O$lvl $ft ${status#bad }"; fi
            done
            continue
        fi
        # Candidates
        for ft in $FTS; do
            local d=$jd/O$lvl-$ft reason=""
            mkdir -p "$d"
            cp "$ll" "$d/input.ll"
            local jflag=()
            [[ -n $RCC_JOBS ]] && jflag=(-j "$RCC_JOBS")
            {
                echo "# reference: llc-19 -O$lvl $RELOC_FLAGS -filetype=obj input.ll -o ref.o (cached in $ref)"
                if [[ -n $main ]]; then
                    echo "# link: clang-19 -shared X.o -o libdt.so $ldflags -lm -lpthread; clang-19 $LINK_PIE -O0 -I$REPO/tests/c $main -o X -L. -ldt -Wl,-rpath,'\$ORIGIN' $ldflags -lm -lpthread; run: ./X $args"
                else
                    echo "# link: clang-19 $LINK_PIE X.o -o X $ldflags -lm -lpthread; run: ./X $args"
                fi
                if [[ $ft == obj ]]; then
                    echo "$RCC ${jflag[*]} -O$lvl $RELOC_FLAGS -filetype=obj -o cand.o input.ll"
                else
                    echo "$RCC ${jflag[*]} -O$lvl $RELOC_FLAGS -filetype=asm -o cand.s input.ll"
                    echo "llvm-mc-19 -triple=x86_64-pc-linux-gnu -filetype=obj cand.s -o cand.o"
                fi
            } >"$d/cmd"
            # shellcheck disable=SC2086
            local out=$d/cand.o rrc=0
            [[ $ft == asm ]] && out=$d/cand.s
            timeout 300 "$RCC" "${jflag[@]}" -O"$lvl" $RELOC_FLAGS -filetype="$ft" -o "$out" "$d/input.ll" 2>"$d/rcc.log" || rrc=$?
            if (( rrc == 124 || rrc == 137 )); then
                reason="rcc did not finish in 300s"
            elif (( rrc != 0 )); then
                reason="rcc failed ($(describe_rc "$rrc")): $(first_line "$d/rcc.log")"
            elif [[ ! -s $out ]]; then
                reason="rcc wrote no output"
            elif [[ $ft == asm ]]; then
                if ! timeout 300 llvm-mc-19 -triple=x86_64-pc-linux-gnu -filetype=obj "$d/cand.s" -o "$d/cand.o" 2>"$d/mc.log"; then
                    reason="llvm-mc-19 rejects rcc's assembly: $(first_line "$d/mc.log")"
                fi
            fi
            # shellcheck disable=SC2086
            if [[ -z $reason ]] && ! link_exe "$d/cand.o" "$d/cand.exe" "$main" $ldflags; then
                reason="link failed: $(link_error "$d/cand.exe.link.log")"
            fi
            if [[ -z $reason ]]; then
                # shellcheck disable=SC2086
                run_exe "$d/cand.exe" "$d/cand.out" "$d/cand.rc" $args
                cp "$ref/out" "$d/ref.out"
                cp "$ref/rc" "$d/ref.rc"
                local rrc crc
                rrc=$(cat "$ref/rc") crc=$(cat "$d/cand.rc")
                if ! cmp -s "$ref/out" "$d/cand.out"; then
                    reason="output differs (reference: $(describe_rc "$rrc"); rcc: $(describe_rc "$crc"))"
                    diff "$ref/out" "$d/cand.out" >"$d/diff.txt" 2>&1 || true
                elif [[ $rrc != "$crc" ]]; then
                    reason="exit status differs (reference: $(describe_rc "$rrc"); rcc: $(describe_rc "$crc"))"
                    printf -- '< %s\n> %s\n' "$(describe_rc "$rrc")" "$(describe_rc "$crc")" >"$d/diff.txt"
                fi
            fi
            if [[ -n $reason ]]; then
                result "FAIL $id -O$lvl $ft $reason"
                echo "$reason" >"$d/reason"
                local fd=$WORK/fail/$safe-O$lvl-$ft f
                cp "$ref/ref.o" "$d/ref.o"
                rm -rf "$fd"
                cp -r "$d" "$fd"
                # Runaway output: keep the first MiB.
                for f in "$fd"/*.out "$fd"/diff.txt; do
                    if [[ -f $f && $(stat -c %s "$f") -gt 1048576 ]]; then
                        head -c 1048576 "$f" >"$f.head" && mv -f "$f.head" "$f"
                    fi
                done
                echo "FAIL $id -O$lvl $ft: $reason" >&2
            else
                result "PASS $id -O$lvl $ft"
            fi
        done
    done
    [[ ${KEEP:-0} == 1 ]] || rm -rf "$jd"
    return 0
}

export REPO WORK CACHE CORPUS_DIR LEVELS FTS RCC RCC_JOBS RELOC_FLAGS LINK_PIE RUN_TIMEOUT \
    NO_CACHE CSMITH_INC CSMITH_CACHE CLANG_ID LLC_ID CSMITH_ID TESTS_H_ID
export -f clang_level_flags key_of publish run_exe describe_rc link_exe first_line link_error make_ll make_ref src_opt job

# ---------------------------------------------------------------- job list
JOBLIST=$WORK/jobs.txt
{
    if (( WANT_CSMITH )); then
        for ((s = SEED_START; s < SEED_START + SEEDS; s++)); do printf 'cs\t%d\n' "$s"; done
    fi
    if [[ $SETS == quick ]]; then
        for t in "${QUICK_TESTS[@]}"; do
            [[ -f $REPO/tests/c/$t.c ]] || die "quick test tests/c/$t.c is missing"
            printf 'c\t%s\n' "$REPO/tests/c/$t.c"
        done
        for t in "${QUICK_CPP[@]}"; do
            [[ -f $REPO/tests/cpp/$t.cpp ]] || die "quick test tests/cpp/$t.cpp is missing"
            printf 'cpp\t%s\n' "$REPO/tests/cpp/$t.cpp"
        done
    fi
    if (( WANT_TESTS )); then
        for f in "$REPO"/tests/c/*.c; do [[ -f $f ]] && printf 'c\t%s\n' "$f"; done
        for f in "$REPO"/tests/ll/*.ll; do [[ -f $f ]] && printf 'll\t%s\n' "$f"; done
    fi
    if (( WANT_CPP )); then
        for f in "$REPO"/tests/cpp/*.cpp; do [[ -f $f ]] && printf 'cpp\t%s\n' "$f"; done
    fi
    if (( WANT_CORPUS )); then
        [[ -d $CORPUS_DIR/ll ]] || die "no corpus at $CORPUS_DIR/ll (run scripts/build-corpus.sh or scripts/csmith-corpus.sh)"
        find "$CORPUS_DIR/ll" -name '*.ll' -size -64M -print0 | sort -zV \
            | xargs -0 -r grep -l -m1 '^define .*@main(' | sed 's/^/corpus\t/'
    fi
    for f in "${FILES[@]}"; do
        [[ -f $f ]] || die "no such file: $f"
        f=$(cd "$(dirname "$f")" && pwd)/$(basename "$f")
        case $f in
            *.c) printf 'c\t%s\n' "$f" ;;
            *.cpp) printf 'cpp\t%s\n' "$f" ;;
            *.ll) printf 'll\t%s\n' "$f" ;;
            *) die "$f: expected a .c or .ll file" ;;
        esac
    done
} >"$JOBLIST"
NJOBS=$(wc -l <"$JOBLIST")
(( NJOBS > 0 )) || die "nothing to test"

echo "difftest: $NJOBS inputs x levels {${LEVELS// /,}} x {${FTS// /,}} on $PAR workers; rcc = $RCC; work dir $WORK" >&2
xargs -d '\n' -n 1 -P "$PAR" bash -c 'job "$1"' _ <"$JOBLIST" || true

# ---------------------------------------------------------------- summary
ALL=$WORK/results.txt
cat /dev/null "$WORK"/results/*.txt >"$ALL"
# An input whose job left no result is a harness failure.
while IFS=$'\t' read -r kind arg; do
    case $kind in
        c) id=c/$(basename "$arg" .c) ;; ll) id=ll/$(basename "$arg" .ll) ;;
        cpp) id=cpp/$(basename "$arg" .cpp) ;;
        cs) id=cs/$arg ;; corpus) id=corpus/${arg#"$CORPUS_DIR"/} ;;
    esac
    safe=${id//\//_}
    if [[ ! -s $WORK/results/$safe.txt ]] && [[ $kind != corpus ]]; then
        echo "FAIL $id - - the job produced no result (harness error)" >>"$ALL"
    fi
done <"$JOBLIST"

npass=$(grep -c '^PASS' "$ALL" || true)
nfail=$(grep -c '^FAIL' "$ALL" || true)
nskip=$(grep -c '^SKIP' "$ALL" || true)
grep '^SKIP' "$ALL" | sort -V >"$WORK/skipped.txt" || true

if (( nskip > 0 )); then
    echo "skipped (reference build failed, timed out or crashed; list in $WORK/skipped.txt):"
    sed -n '1,20s/^SKIP /  /p' "$WORK/skipped.txt"
    (( nskip > 20 )) && echo "  ... and $((nskip - 20)) more"
fi
if (( nfail > 0 )); then
    grep '^FAIL' "$ALL" | sort -V >"$WORK/failed.txt"
    echo "failures (all in $WORK/failed.txt; artifacts in $WORK/fail/<input>-O<level>-<filetype>/:"
    echo "input.ll, cmd, ref.o, cand.o, ref.out, cand.out, diff.txt, rcc.log):"
    shown=0
    while read -r _ id lvl ft reason; do
        shown=$((shown + 1))
        (( shown <= 30 )) || continue
        echo "FAIL $id $lvl $ft: $reason"
        d=$WORK/fail/${id//\//_}$lvl-$ft
        if (( shown <= 10 )) && [[ -s $d/diff.txt ]]; then
            sed -n '1,8s/^/    /p' "$d/diff.txt"
        fi
    done <"$WORK/failed.txt"
    (( nfail <= 30 )) || echo "... and $((nfail - 30)) more"
fi
elapsed=$(awk "BEGIN {printf \"%.1f\", $EPOCHREALTIME - $START_TIME}")
echo "difftest: $npass passed, $nfail failed, $nskip skipped (${elapsed}s)"
(( nfail == 0 ))
