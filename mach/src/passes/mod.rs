//! Target-independent passes and pass helpers over machine functions.
//!
//! - [`frame_layout`]: frame options from function attributes, the call
//!   frame summary, and stack-slot placement, which each target's
//!   prolog/epilog insertion builds on.

pub mod frame_layout;
