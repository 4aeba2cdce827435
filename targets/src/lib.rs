//! Target descriptions, one module per target, each described as data.
