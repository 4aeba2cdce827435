//! Targets: the target interface ([`target::Target`]), the registry that
//! picks one from a triple, subtarget features, and one module per target,
//! each described as data.
//!
//! Shared code reaches a target only through a `&'static dyn Target` from
//! [`registry::lookup`].

pub mod registry;
pub mod subtarget;
pub mod target;
pub mod triple;
pub mod x86_64;

pub use registry::lookup;
pub use target::{IrSupport, ModuleEnv, ReservedRegs, Target, TargetScratch};
