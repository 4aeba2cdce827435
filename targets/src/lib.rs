//! Target descriptions, one module per target, each described as data.

pub mod x86_64;
