#!/usr/bin/env bash
# Build rcc's test corpus: LLVM textual IR (.ll) and x86-64 assembly (.s)
# lowered from real C code (SQLite, Lua), csmith programs and rustc output.
#
# Usage: scripts/build-corpus.sh [ll] [s] [verify] [all]     (default: all)
#   ll      .ll files: sqlite3, lua, csmith, rustc (rcc-ir), typed-pointer sqlite3
#   s       .s files (clang-19 -S): sqlite3, each Lua .c, first CSMITH_ASM_COUNT csmith programs
#   verify  opt-19/opt-22 -passes=verify over every .ll; run one csmith program natively
#   all     ll + s + verify
#
# Environment:
#   CORPUS_DIR        output directory (default: <repo>/corpus, which is git-ignored)
#   CSMITH_COUNT      csmith seeds 1..N for .ll (default 200; seeds must stay < 1000000)
#   CSMITH_ASM_COUNT  csmith seeds 1..N for .s  (default 100)
#   JOBS              parallel jobs (default: nproc)
#
# Sources come only from crates.io (through cargo): libsqlite3-sys (bundled
# sqlite3.c) and lua-src (Lua 5.4 sources). Tools come from Debian apt and are
# installed when missing. The script is incremental: outputs that exist are
# not rebuilt; changing flags or tool versions (the config stamp) wipes the
# derived outputs so they are rebuilt.
set -euo pipefail

SCRIPT_START=$SECONDS
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CORPUS_DIR=${CORPUS_DIR:-$REPO/corpus}
CSMITH_COUNT=${CSMITH_COUNT:-200}
CSMITH_ASM_COUNT=${CSMITH_ASM_COUNT:-100}
JOBS=${JOBS:-$(nproc)}

# Pinned crates that carry the C sources.
SQLITE_CRATE=libsqlite3-sys
SQLITE_CRATE_VERSION=0.39.1     # bundles SQLite 3.54.1
LUA_CRATE=lua-src
LUA_CRATE_VERSION=551.1.0       # bundles Lua 5.1 .. 5.5; we take lua-5.4.*
LUA_SUBDIR_GLOB='lua-5.4.*'

TRIPLE=x86_64-pc-linux-gnu
CC19=clang-19
CC14=clang-14
O0_FLAGS="-O0 -Xclang -disable-O0-optnone"
O2_FLAGS="-O2"
# SQLite: defaults, except no threads and no extension loading, so it links
# without -lpthread/-ldl.
SQLITE_DEFS="-DSQLITE_THREADSAFE=0 -DSQLITE_OMIT_LOAD_EXTENSION"
LUA_DEFS="-DLUA_USE_LINUX"
APT_PACKAGES=(clang-19 llvm-19 llvm-22 clang-14 llvm-14 csmith libcsmith-dev)

log() { printf '[corpus %4ds] %s\n' "$((SECONDS - SCRIPT_START))" "$*" >&2; }
die() { printf 'build-corpus: error: %s\n' "$*" >&2; exit 1; }

# ---------------------------------------------------------------- arguments
WANT_LL=0 WANT_S=0 WANT_VERIFY=0
[[ $# -eq 0 ]] && set -- all
for arg in "$@"; do
    case $arg in
        ll) WANT_LL=1 ;;
        s) WANT_S=1 ;;
        verify) WANT_VERIFY=1 ;;
        all) WANT_LL=1 WANT_S=1 WANT_VERIFY=1 ;;
        -h|--help) sed -n '2,22p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown stage '$arg' (expected ll, s, verify or all)" ;;
    esac
done
(( CSMITH_COUNT < 1000000 && CSMITH_ASM_COUNT < 1000000 )) || die "csmith seeds must stay below 1000000"

# ---------------------------------------------------------------- tools
find_csmith_include() {
    local d
    for d in /usr/include/csmith /usr/include/csmith-* /usr/local/include/csmith /usr/local/include/csmith-*; do
        [[ -f $d/csmith.h ]] && { echo "$d"; return 0; }
    done
    return 1
}

ensure_tools() {
    local t missing=()
    for t in $CC19 llvm-link-19 opt-19 opt-22 $CC14 csmith; do
        command -v "$t" >/dev/null 2>&1 || missing+=("$t")
    done
    find_csmith_include >/dev/null || missing+=(csmith.h)
    [[ ${#missing[@]} -eq 0 ]] && return 0
    log "missing: ${missing[*]}; installing ${APT_PACKAGES[*]}"
    local sudo=()
    if [[ $(id -u) -ne 0 ]]; then
        command -v sudo >/dev/null 2>&1 || die "not root and no sudo: install ${APT_PACKAGES[*]} by hand"
        sudo=(sudo)
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${APT_PACKAGES[@]}"
    for t in $CC19 llvm-link-19 opt-19 opt-22 $CC14 csmith; do
        command -v "$t" >/dev/null 2>&1 || die "$t still missing after apt-get install"
    done
}

command -v cargo >/dev/null 2>&1 || die "cargo not found"
ensure_tools
CSMITH_INC=$(find_csmith_include) || die "csmith.h not found"

mkdir -p "$CORPUS_DIR"
CORPUS_DIR=$(cd "$CORPUS_DIR" && pwd)
cd "$CORPUS_DIR"

# ---------------------------------------------------------------- config stamp
# Anything that changes how outputs are derived; on change, derived outputs go.
config_stamp() {
    printf '%s\n' "v1" "$SQLITE_CRATE=$SQLITE_CRATE_VERSION" "$LUA_CRATE=$LUA_CRATE_VERSION" \
        "triple=$TRIPLE" "O0=$O0_FLAGS" "O2=$O2_FLAGS" "sqlite=$SQLITE_DEFS" "lua=$LUA_DEFS" \
        "csmith-inc=$CSMITH_INC"
    $CC19 --version | sed -n 1p
    $CC14 --version | sed -n 1p
    # csmith drops a platform.info into its working directory: keep it in build/.
    (cd build && csmith --version 2>&1 | sed -n 1p)
}
mkdir -p build
NEW_STAMP=$(config_stamp)
if [[ -f .config-stamp ]] && [[ $(cat .config-stamp) != "$NEW_STAMP" ]]; then
    log "configuration changed: removing derived outputs (ll/ s/ build/ csmith/ src/)"
    rm -rf ll s build csmith src
    mkdir -p build
fi
printf '%s\n' "$NEW_STAMP" >.config-stamp

# ---------------------------------------------------------------- sources
# A throwaway cargo project depends on the two crates; cargo fetch downloads
# them and cargo metadata tells where their sources were unpacked.
fetch_sources() {
    if [[ -f src/sqlite3/sqlite3.c && -f src/lua/lua.h && -f src/.fetched ]]; then
        return 0
    fi
    log "fetching $SQLITE_CRATE $SQLITE_CRATE_VERSION and $LUA_CRATE $LUA_CRATE_VERSION from crates.io"
    mkdir -p fetch/src
    cat >fetch/Cargo.toml <<EOF
[package]
name = "rcc-corpus-fetch"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
$SQLITE_CRATE = { version = "=$SQLITE_CRATE_VERSION", default-features = false, features = ["bundled"] }
$LUA_CRATE = "=$LUA_CRATE_VERSION"

# Not part of any enclosing workspace.
[workspace]
EOF
    : >fetch/src/lib.rs
    (cd fetch && cargo fetch -q)
    local meta sqlite_root lua_root luadir f
    meta=$(cd fetch && cargo metadata --format-version 1 --offline)
    manifest_dir() { # crate version -> directory of its Cargo.toml
        grep -o "\"manifest_path\":\"[^\"]*/$1-$2/Cargo.toml\"" <<<"$meta" | sed -n 1p \
            | sed -e 's/^"manifest_path":"//' -e 's|/Cargo.toml"$||'
    }
    sqlite_root=$(manifest_dir "$SQLITE_CRATE" "$SQLITE_CRATE_VERSION")
    lua_root=$(manifest_dir "$LUA_CRATE" "$LUA_CRATE_VERSION")
    [[ -n $sqlite_root && -f $sqlite_root/sqlite3/sqlite3.c ]] || die "sqlite3.c not found in $SQLITE_CRATE ($sqlite_root)"
    luadir=$(compgen -G "$lua_root/$LUA_SUBDIR_GLOB" | sort -V | tail -1) || true
    [[ -n $luadir && -f $luadir/lua.h ]] || die "Lua 5.4 sources not found in $LUA_CRATE ($lua_root)"

    rm -rf src && mkdir -p src/sqlite3 src/lua
    cp "$sqlite_root/sqlite3/sqlite3.c" "$sqlite_root/sqlite3/sqlite3.h" src/sqlite3/
    [[ -f $sqlite_root/sqlite3/sqlite3ext.h ]] && cp "$sqlite_root/sqlite3/sqlite3ext.h" src/sqlite3/
    for f in "$luadir"/*.c "$luadir"/*.h; do
        case ${f##*/} in luac.c|onelua.c) continue ;; esac
        cp "$f" src/lua/
    done
    if [[ ! -f src/lua/lua.c ]]; then
        # lua-src ships the library only; add a minimal stand-alone interpreter
        # so the linked module has a main and runs scripts.
        write_lua_main >src/lua/rcc_lua_main.c
    fi
    printf '%s %s\n%s %s (%s)\n' "$SQLITE_CRATE" "$SQLITE_CRATE_VERSION" "$LUA_CRATE" \
        "$LUA_CRATE_VERSION" "${luadir##*/}" >src/.fetched
}

write_lua_main() {
    cat <<'EOF'
/* Minimal Lua interpreter, written by rcc's scripts/build-corpus.sh because
 * the lua-src crate does not ship lua.c.
 *   lua_main [script [args...]]   run a script file (stdin if none)
 *   lua_main -e 'chunk'           run a string                        */
#include <stdio.h>
#include <string.h>
#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

int main(int argc, char **argv) {
  lua_State *L = luaL_newstate();
  if (L == NULL) { fprintf(stderr, "lua: cannot create state\n"); return 1; }
  luaL_openlibs(L);
  lua_createtable(L, argc, 0);
  for (int i = 0; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i - 1);
  }
  lua_setglobal(L, "arg");
  int status;
  if (argc >= 3 && strcmp(argv[1], "-e") == 0)
    status = luaL_dostring(L, argv[2]);
  else
    status = luaL_dofile(L, argc >= 2 ? argv[1] : NULL);
  if (status != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "lua: %s\n", msg ? msg : "(error object is not a string)");
  }
  lua_close(L);
  return status == LUA_OK ? 0 : 1;
}
EOF
}

# ---------------------------------------------------------------- jobs
# One job per line, fields separated by tabs:
#   cc <out> <src> <compiler> <flags...>   compile one file (flags word-split)
#   csmith <seed>                         generate cs_<seed>.c, then lower it
# Every output is written to a temporary name and renamed, so an interrupted
# run never leaves a truncated file that a later run would skip.
compile_one() { # out src compiler flags...
    local out=$1 src=$2 cc=$3
    shift 3
    [[ -s $out ]] && return 0
    mkdir -p "${out%/*}"
    local tmp="$out.tmp.$$"
    if "$cc" --target="$TRIPLE" "$@" "$src" -o "$tmp" 2>"$out.log"; then
        mv -f "$tmp" "$out"
        rm -f "$out.log"
    else
        rm -f "$tmp"
        echo "FAILED: $out (see $out.log)" >&2
        return 1
    fi
}

csmith_job() { # seed
    local s=$1 c=csmith/cs_$1.c rc=0
    if [[ ! -s $c ]]; then
        mkdir -p csmith
        (cd build && timeout 120 csmith --seed "$s") >"$c.tmp.$$" || { rm -f "$c.tmp.$$"; echo "FAILED: csmith --seed $s" >&2; return 1; }
        mv -f "$c.tmp.$$" "$c"
    fi
    local inc="-w -I$CSMITH_INC"
    if (( WANT_LL )); then
        compile_one "ll/csmith/cs_$s-O0.ll" "$c" "$CC19" -S -emit-llvm $O0_FLAGS $inc || rc=1
        compile_one "ll/csmith/cs_$s-O2.ll" "$c" "$CC19" -S -emit-llvm $O2_FLAGS $inc || rc=1
    fi
    if (( WANT_S && s <= CSMITH_ASM_COUNT )); then
        compile_one "s/csmith/cs_$s-O0.s" "$c" "$CC19" -S $O0_FLAGS $inc || rc=1
        compile_one "s/csmith/cs_$s-O2.s" "$c" "$CC19" -S $O2_FLAGS $inc || rc=1
    fi
    return $rc
}

run_job() { # one job line
    local f
    IFS=$'\t' read -r -a f <<<"$1"
    case ${f[0]} in
        cc) compile_one "${f[1]}" "${f[2]}" "${f[3]}" ${f[4]} ;;
        csmith) csmith_job "${f[1]}" ;;
        *) echo "bad job: $1" >&2; return 1 ;;
    esac
}

export TRIPLE CC19 O0_FLAGS O2_FLAGS CSMITH_INC CSMITH_ASM_COUNT WANT_LL WANT_S
export -f compile_one csmith_job run_job

cc_job() { printf 'cc\t%s\t%s\t%s\t%s\n' "$@"; }

make_jobs() {
    local f b lvl
    # Largest first, for load balance.
    if (( WANT_LL )); then
        cc_job ll/sqlite3-O2.ll src/sqlite3/sqlite3.c "$CC19" "-S -emit-llvm $O2_FLAGS $SQLITE_DEFS"
        cc_job ll/sqlite3-typed-O2.ll src/sqlite3/sqlite3.c "$CC14" "-S -emit-llvm $O2_FLAGS $SQLITE_DEFS"
    fi
    if (( WANT_S )); then
        cc_job s/sqlite3-O2.s src/sqlite3/sqlite3.c "$CC19" "-S $O2_FLAGS $SQLITE_DEFS"
        cc_job s/sqlite3-O0.s src/sqlite3/sqlite3.c "$CC19" "-S $O0_FLAGS $SQLITE_DEFS"
    fi
    if (( WANT_LL )); then
        cc_job ll/sqlite3-O0.ll src/sqlite3/sqlite3.c "$CC19" "-S -emit-llvm $O0_FLAGS $SQLITE_DEFS"
        cc_job ll/sqlite3-typed-O0.ll src/sqlite3/sqlite3.c "$CC14" "-S -emit-llvm $O0_FLAGS $SQLITE_DEFS"
    fi
    for f in src/lua/*.c; do
        b=${f##*/}; b=${b%.c}
        for lvl in O2 O0; do
            local flags=$O2_FLAGS
            [[ $lvl == O0 ]] && flags=$O0_FLAGS
            (( WANT_LL )) && cc_job "build/lua/$b-$lvl.ll" "$f" "$CC19" "-S -emit-llvm $flags $LUA_DEFS"
            (( WANT_S )) && cc_job "s/lua/$b-$lvl.s" "$f" "$CC19" "-S $flags $LUA_DEFS"
        done
    done
    local n=$CSMITH_COUNT
    (( WANT_S && CSMITH_ASM_COUNT > n )) && n=$CSMITH_ASM_COUNT
    (( WANT_LL )) || n=$CSMITH_ASM_COUNT
    for ((f = 1; f <= n; f++)); do printf 'csmith\t%d\n' "$f"; done
}

# ---------------------------------------------------------------- stages
FAILURES=0

fetch_sources

if (( WANT_LL || WANT_S )); then
    mkdir -p build
    make_jobs >build/jobs.txt
    log "compiling: $(wc -l <build/jobs.txt) jobs on $JOBS workers"
    xargs -d '\n' -n 1 -P "$JOBS" bash -c 'run_job "$1"' _ <build/jobs.txt || FAILURES=1
fi

if (( WANT_LL )); then
    # Lua: link the per-file modules into one.
    for lvl in O0 O2; do
        out=ll/lua-$lvl.ll
        parts=(build/lua/*-"$lvl".ll)
        if [[ -s $out ]] && [[ -z $(find build/lua -name "*-$lvl.ll" -newer "$out" | sed -n 1p) ]]; then
            continue
        fi
        log "linking $out from ${#parts[@]} modules"
        llvm-link-19 -S "${parts[@]}" -o "$out.tmp" && mv -f "$out.tmp" "$out" || { echo "FAILED: $out" >&2; FAILURES=1; }
    done

    for lvl in O0 O2; do
        if [[ -s ll/sqlite3-typed-$lvl.ll ]] && ! grep -q -m1 'i8\*' "ll/sqlite3-typed-$lvl.ll"; then
            echo "FAILED: ll/sqlite3-typed-$lvl.ll has no typed pointers (i8*)" >&2
            FAILURES=1
        fi
    done

    # rustc's own IR for rcc-ir, in a target dir of its own. cargo decides
    # freshness, so this always runs (it is quick when nothing changed).
    log "rustc --emit=llvm-ir for rcc-ir"
    if (cd "$REPO" && CARGO_TARGET_DIR="$CORPUS_DIR/rust-target" \
        cargo rustc -q --release -p rcc-ir --lib -- --emit=llvm-ir -C codegen-units=1 -C debuginfo=0); then
        rll=$(ls -t rust-target/release/deps/rcc_ir-*.ll 2>/dev/null | sed -n 1p)
        if [[ -n $rll ]]; then
            cp "$rll" ll/rustc-rcc_ir.ll.tmp && mv -f ll/rustc-rcc_ir.ll.tmp ll/rustc-rcc_ir.ll
        else
            echo "FAILED: rustc produced no .ll" >&2; FAILURES=1
        fi
    else
        echo "FAILED: cargo rustc -p rcc-ir" >&2; FAILURES=1
    fi
fi

# ---------------------------------------------------------------- verify
verify_one() { # .ll file -> prints "OK file" or "BAD file: reason"
    local f=$1 opt=opt-19
    [[ ${f##*/} == rustc-* ]] && opt=opt-22
    if err=$($opt -passes=verify -disable-output "$f" 2>&1); then
        echo "OK $opt $f"
    else
        echo "BAD $opt $f: $(head -3 <<<"$err" | tr '\n' ' ')"
    fi
    # Typed-pointer IR is also checked by its own LLVM when present.
    if [[ ${f##*/} == *-typed-* ]] && command -v opt-14 >/dev/null 2>&1; then
        if err=$(opt-14 -verify -disable-output "$f" 2>&1); then
            echo "OK opt-14 $f"
        else
            echo "BAD opt-14 $f: $(head -3 <<<"$err" | tr '\n' ' ')"
        fi
    fi
}
export -f verify_one

if (( WANT_VERIFY )); then
    log "verifying .ll files"
    find ll -name '*.ll' | sort | xargs -d '\n' -n 1 -P "$JOBS" bash -c 'verify_one "$1"' _ >build/verify.txt
    nbad=$(grep -c '^BAD' build/verify.txt || true)
    grep '^BAD' build/verify.txt >&2 || true
    (( nbad == 0 )) || FAILURES=1
    log "verify: $(grep -c '^OK' build/verify.txt || true) ok, $nbad bad (details in build/verify.txt)"

    # The csmith setup works end to end: a natively built program prints its checksum.
    if [[ -s csmith/cs_1.c ]]; then
        if $CC19 -w -O2 -I"$CSMITH_INC" csmith/cs_1.c -o build/cs_1.exe \
            && out=$(timeout 10 ./build/cs_1.exe) && grep -q '^checksum = ' <<<"$out"; then
            log "native csmith run: cs_1 -> $(grep '^checksum' <<<"$out")"
        else
            echo "FAILED: native run of csmith/cs_1.c printed no checksum" >&2; FAILURES=1
        fi
    fi
fi

# ---------------------------------------------------------------- manifest
{
    echo "# rcc corpus, built by scripts/build-corpus.sh; <size-in-bytes> <path>"
    sed 's/^/# /' src/.fetched
    sed 's/^/# /' .config-stamp
    OUT_DIRS=()
    for d in ll s; do [[ -d $d ]] && OUT_DIRS+=("$d"); done
    if [[ ${#OUT_DIRS[@]} -gt 0 ]]; then
        find "${OUT_DIRS[@]}" -type f \( -name '*.ll' -o -name '*.s' \) -printf '%s %p\n' | sort -k2,2V
    fi
} >MANIFEST

count() { if [[ -d $1 ]]; then find "$@" -type f | wc -l; else echo 0; fi; }
human() { [[ -f $1 ]] && printf '%-26s %s\n' "$1" "$(du -h "$1" | cut -f1)"; }
echo
echo "corpus in $CORPUS_DIR ($(du -shc "${OUT_DIRS[@]}" /dev/null | tail -1 | cut -f1) in ll/ and s/)"
echo "  ll: $(count ll -maxdepth 1 -name '*.ll') top-level, $(count ll/csmith -name '*.ll') csmith"
echo "  s:  $(count s -maxdepth 1 -name '*.s') top-level, $(count s/lua -name '*.s') lua, $(count s/csmith -name '*.s') csmith"
for f in ll/sqlite3-O0.ll ll/sqlite3-O2.ll ll/sqlite3-typed-O0.ll ll/sqlite3-typed-O2.ll \
    ll/lua-O0.ll ll/lua-O2.ll ll/rustc-rcc_ir.ll; do
    human "$f" | sed 's/^/  /' || true
done
echo "  manifest: $CORPUS_DIR/MANIFEST ($(grep -vc '^#' MANIFEST) files)"
log "done"
if (( FAILURES )); then
    echo "build-corpus: some steps FAILED (see messages above)" >&2
    exit 1
fi
