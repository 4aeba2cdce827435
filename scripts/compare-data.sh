#!/usr/bin/env bash
# Module-level data against llc-19: each .ll is reduced to its data (function
# bodies become declarations), compiled by llc-19 -O0 -filetype=obj and by
# rcc's emitter (mach::emit into the object streamer), in the PIC and static
# relocation models, and the objects are compared section by section
# (type, flags, entsize, alignment, size, bytes, relocations) and symbol by
# symbol. See mach/tests/support/datadiff.rs.
#
# Usage: scripts/compare-data.sh [FILE.ll...]
#   default inputs: corpus/ll/*.ll, corpus/ll/csmith/*.ll, mach/tests/data/*.ll
#   VERBOSE=1  print every difference, not the first five per object
#   LLC=llc-22 compare with another llc (default llc-19)
# Prints one line per file and model and a summary; exits 1 if any objects
# differ. Files llc-19 cannot read (typed pointers, newer IR) are reported
# as LLC-ERROR and not counted as differences.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
cargo build --release -q -p rcc-mach --example data_diff
if [[ $# -eq 0 ]]; then
    shopt -s nullglob
    set -- corpus/ll/*.ll corpus/ll/csmith/*.ll mach/tests/data/*.ll
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
args=(--scratch "$scratch")
[[ -n ${VERBOSE:-} ]] && args+=(-v)
"${CARGO_TARGET_DIR:-target}/release/examples/data_diff" "${args[@]}" "$@"
