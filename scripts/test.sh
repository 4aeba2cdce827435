#!/usr/bin/env bash
# The whole test suite: installs the tools and corpus it needs, then runs the
# unit, golden and property tests, lints, and the corpus checks.
# This is what CI runs (.ci/run) and what README.md names.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
export RCC_CORPUS="$repo/corpus"
echo "== corpus (installs clang-19/llvm-19/llvm-22/csmith when missing)"
scripts/build-corpus.sh
echo "== format and lints"
cargo fmt --all --check
cargo clippy --workspace --all-targets --release -q -- -D warnings
echo "== cargo test"
cargo build --release --workspace -q
cargo test --workspace --profile ci --no-fail-fast
echo "== IR: corpus round trip (print, opt verify, fixpoint, semantic equality)"
scripts/check-roundtrip.sh
echo "== MC: rcc-mc objects vs llvm-mc-19 objects, and printed assembly through llvm-mc-19"
mc_inputs=(corpus/s/lua/*.s corpus/s/csmith/*.s corpus/s/sqlite3-O*.s)
scripts/compare-mc.sh "${mc_inputs[@]}"
ROUNDTRIP=1 scripts/compare-mc.sh "${mc_inputs[@]}"
echo "== emitter: module-level data and function headers vs llc-19 objects"
scripts/compare-data.sh
echo "== MC: sqlite3 and Lua linked from rcc-mc objects run the workloads"
scripts/workloads.sh rcc-mc "O0 O2"
echo "== codegen: every function of the corpus (C and rustc IR) compiles, with -verify-machineinstrs"
scripts/coverage.sh
echo "== codegen: differential execution against llc-19 (tests/c, tests/ll, tests/cpp, 200 csmith seeds; objects and assembly)"
scripts/difftest.sh --sets tests,cpp,csmith --seeds 200 -O 0,2 --filetype both
echo "== codegen: C++ exceptions in static code (PIC is the default above)"
scripts/difftest.sh --reloc static --sets cpp --work target/difftest-cpp-static -O 0,2 --filetype both
echo "== codegen: thread-locals in static code (PIC is the default above)"
scripts/difftest.sh --reloc static --work target/difftest-static -O 0,2 --filetype both \
    tests/c/thread_local.c tests/c/thread_local_pic.c tests/ll/tls_models.ll
echo "== codegen: Rust programs (tests/rust) with rustc's object replaced by rcc-par's, opt-level 0 and 3"
scripts/rust-difftest.sh
echo "== codegen: sqlite3 and Lua built from rcc-par objects run the workloads like llc-19 builds"
scripts/codegen-workloads.sh --levels "O0 O2"
echo "== MIR: print/read/print is a fixpoint after every pass, and compiling on from MIR read back writes the same objects"
scripts/check-mir-roundtrip.sh
echo "== MIR: -stop-after=P then -start-after=P writes the uninterrupted object (sqlite3, Lua, 50 csmith programs)"
scripts/check-mir-resume.sh
