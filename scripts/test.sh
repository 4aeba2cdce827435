#!/usr/bin/env bash
# The whole test suite: installs the tools and corpus it needs, then runs the
# unit, golden and property tests, lints, and the corpus round-trip check.
# This is what CI runs (.ci/run) and what README.md names.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
echo "== corpus (installs clang-19/llvm-19/llvm-22/csmith when missing)"
scripts/build-corpus.sh
echo "== format and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --release -q -- -D warnings
echo "== cargo test"
cargo test --workspace --release --no-fail-fast
echo "== corpus round trip (print, opt verify, fixpoint, semantic equality)"
scripts/check-roundtrip.sh
