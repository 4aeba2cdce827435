#!/bin/sh
# Assembles each .s with rcc-mc and llvm-mc-19 and compares
# `llvm-objdump-19 -d -r` of the two objects. Prints one line per file and a
# summary; exit 1 if any differ. Usage: scripts/compare-mc.sh FILE.s...
# ROUNDTRIP=1: instead assemble rcc-mc's printed assembly (-filetype=asm)
# with llvm-mc-19 and compare that object with llvm-mc's object of the input.
# STRICT=1: also compare every relocation and the contents of every section
# except .strtab/.symtab/.rela*/.llvm_addrsig (symbol order is not
# significant, and these hold symbol indices or names).
RCC_MC=${RCC_MC:-${CARGO_TARGET_DIR:-$(cd "$(dirname "$0")/.." && pwd)/target}/release/rcc-mc}
tmp=$(mktemp -d)
same=0; diff=0; fail=0
for f in "$@"; do
  if ! llvm-mc-19 -triple=x86_64-unknown-linux-gnu -filetype=obj "$f" -o "$tmp/ref.o" 2>/dev/null; then
    echo "SKIP (llvm-mc rejects) $f"; continue
  fi
  if [ -n "$ROUNDTRIP" ]; then
    if ! "$RCC_MC" -filetype=asm "$f" -o "$tmp/ours.s" 2>"$tmp/err" ||
       ! llvm-mc-19 -triple=x86_64-unknown-linux-gnu -filetype=obj "$tmp/ours.s" -o "$tmp/ours.o" 2>"$tmp/err"; then
      echo "FAIL $f: $(head -1 "$tmp/err")"; fail=$((fail+1)); continue
    fi
  elif ! "$RCC_MC" -filetype=obj "$f" -o "$tmp/ours.o" 2>"$tmp/err"; then
    echo "FAIL $f: $(head -1 "$tmp/err")"; fail=$((fail+1)); continue
  fi
  for o in ref ours; do
    llvm-objdump-19 -d -r "$tmp/$o.o" | tail -n +3 > "$tmp/$o.txt"
    if [ -n "$STRICT" ]; then
      llvm-objdump-19 -r "$tmp/$o.o" | tail -n +3 >> "$tmp/$o.txt"
      for sec in $(llvm-readelf-19 -S "$tmp/$o.o" | sed -n 's/.*\] \(\.[^ ]*\) .*/\1/p' | grep -v 'strtab\|symtab\|rela\|llvm_addrsig' | sort); do
        echo "== $sec" >> "$tmp/$o.txt"
        llvm-objdump-19 -s -j "$sec" "$tmp/$o.o" | tail -n +4 >> "$tmp/$o.txt"
      done
    fi
  done
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
