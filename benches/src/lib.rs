//! Criterion benchmarks for each phase of rcc. The library part holds
//! helpers shared by the benchmark binaries: finding corpus inputs, and the
//! generated inputs of the scaling suite ([`scaling`]).

use std::path::PathBuf;

/// The corpus directory built by `scripts/build-corpus.sh`, if it exists.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    dir.is_dir().then_some(dir)
}

pub mod scaling;
