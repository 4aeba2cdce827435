#!/usr/bin/env bash
# A deliberately wrong compiler, for proving that scripts/difftest.sh detects
# miscompiles: llc-19 at -O0 on the input with its first `add` instruction
# turned into `sub`. Called like rcc-par (llc's options, plus -j):
#   RCC=scripts/lib/rcc-broken.sh scripts/difftest.sh ...   (must fail)
set -euo pipefail
args=() input=
while [[ $# -gt 0 ]]; do
    case $1 in
        -j|--jobs|-o) [[ $1 == -o ]] && args+=(-o "$2"); shift ;;
        -j[0-9]*|--jobs=*) ;;
        -O[0-3]) args+=(-O0) ;;
        -*) args+=("$1") ;;
        *) input=$1 ;;
    esac
    shift
done
[[ -n $input ]] || { echo "rcc-broken: no input file" >&2; exit 1; }
tmp=$(mktemp --suffix=.ll)
trap 'rm -f "$tmp"' EXIT
sed '0,/ = add /s// = sub /' "$input" >"$tmp"
llc-19 "${args[@]}" "$tmp"
