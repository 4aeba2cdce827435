#!/usr/bin/env bash
# Stands in for rcc-par with llc-19, for testing scripts/difftest.sh itself:
#   RCC=scripts/lib/rcc-llc.sh scripts/difftest.sh ...   (everything must pass)
# rcc-par takes llc's options plus -j; -j is dropped, the rest goes to llc-19.
set -euo pipefail
args=()
while [[ $# -gt 0 ]]; do
    case $1 in
        -j|--jobs) shift ;;
        -j[0-9]*|--jobs=*) ;;
        *) args+=("$1") ;;
    esac
    shift
done
exec llc-19 "${args[@]}"
