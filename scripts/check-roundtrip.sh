#!/usr/bin/env bash
# Round-trips every corpus .ll through rcc's IR printer (`rcc-par
# -stop-after=parse -print-after=parse`: the printed module on standard error;
# -stop-after=parse alone writes the input as a module-only .mir) and checks:
#  1. the printed file passes `opt-19 -passes=verify` (opt-22 for rustc's LLVM 22 IR);
#  2. printing the printed file again gives identical text (fixpoint);
#  3. `opt -S` of the original and of the printed file are identical but for
#     the ModuleID line (nothing was lost or changed).
# Usage: scripts/check-roundtrip.sh [FILES...]   (default: the whole corpus)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=${CORPUS_DIR:-$repo/corpus}
rcc=${RCC_PAR:-${CARGO_TARGET_DIR:-$repo/target}/release/rcc-par}
jobs=${JOBS:-$(nproc)}
[ -x "$rcc" ] || cargo build --release -q -p rcc-driver --manifest-path "$repo/Cargo.toml"
if [ $# -gt 0 ]; then files=("$@"); else mapfile -t files < <(find "$corpus/ll" -name '*.ll' | sort); fi
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
check_one() {
  f=$1; work=$2; rcc=$3
  b=$(echo "$f" | sed 's|/|_|g')
  opt=opt-19; case "$f" in *rustc*) opt=opt-22;; esac
  "$rcc" -stop-after=parse -print-after=parse -filetype=null "$f" 2> "$work/$b.1" || { echo "FAIL parse $f"; return 1; }
  $opt -passes=verify -disable-output "$work/$b.1" 2> "$work/$b.err" || { echo "FAIL verify $f: $(head -c 400 "$work/$b.err")"; return 1; }
  "$rcc" -stop-after=parse -print-after=parse -filetype=null "$work/$b.1" 2> "$work/$b.2" || { echo "FAIL reparse $f"; return 1; }
  cmp -s "$work/$b.1" "$work/$b.2" || { echo "FAIL fixpoint $f"; return 1; }
  $opt -S "$f" -o - | tail -n +2 > "$work/$b.a"
  $opt -S "$work/$b.1" -o - | tail -n +2 > "$work/$b.b"
  cmp -s "$work/$b.a" "$work/$b.b" || { echo "FAIL semantic diff $f: $(diff "$work/$b.a" "$work/$b.b" | sed -n 1,5p)"; return 1; }
  rm -f "$work/$b".*
}
export -f check_one
fail=0
printf '%s\n' "${files[@]}" | xargs -P "$jobs" -I{} bash -c 'check_one "$@"' _ {} "$work" "$rcc" || fail=1
n=${#files[@]}
if [ $fail -eq 0 ]; then echo "roundtrip: $n passed, 0 failed"; else echo "roundtrip: some of $n files failed"; exit 1; fi
