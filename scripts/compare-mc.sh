#!/bin/sh
# Assembles each .s with rcc-mc and llvm-mc-19 and compares
# `llvm-objdump-19 -d -r` of the two objects. Prints one line per file and a
# summary; exit 1 if any differ. Usage: scripts/compare-mc.sh FILE.s...
RCC_MC=${RCC_MC:-target/release/rcc-mc}
tmp=$(mktemp -d)
same=0; diff=0; fail=0
for f in "$@"; do
  if ! llvm-mc-19 -triple=x86_64-unknown-linux-gnu -filetype=obj "$f" -o "$tmp/ref.o" 2>/dev/null; then
    echo "SKIP (llvm-mc rejects) $f"; continue
  fi
  if ! "$RCC_MC" -filetype=obj "$f" -o "$tmp/ours.o" 2>"$tmp/err"; then
    echo "FAIL $f: $(head -1 "$tmp/err")"; fail=$((fail+1)); continue
  fi
  llvm-objdump-19 -d -r "$tmp/ref.o" | tail -n +3 > "$tmp/ref.txt"
  llvm-objdump-19 -d -r "$tmp/ours.o" | tail -n +3 > "$tmp/ours.txt"
  if cmp -s "$tmp/ref.txt" "$tmp/ours.txt"; then
    same=$((same+1))
  else
    echo "DIFF $f: $(diff "$tmp/ref.txt" "$tmp/ours.txt" | grep -c '^[<>]') lines"; diff=$((diff+1))
    [ -n "$VERBOSE" ] && diff "$tmp/ref.txt" "$tmp/ours.txt" | head -${VERBOSE}
  fi
done
echo "identical: $same  differ: $diff  failed: $fail"
rm -rf "$tmp"
[ $diff -eq 0 ] && [ $fail -eq 0 ]
