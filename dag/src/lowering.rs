//! The target hooks the DAG builder calls for what the IR leaves to the
//! calling convention: incoming arguments, calls and returns.
//!
//! Contract: the builder owns the per-block [`Dag`] and the function's
//! `MachFunction`; a target implements [`CallLowering`] and creates its own
//! target nodes (`Op::Target(n)`) for calls and returns, which only its
//! instruction selector understands. Hooks never emit machine instructions
//! except [`CallLowering::lower_arguments`], which runs once, with the
//! entry block open (`mf.begin_block(entry)` done), before that block's
//! DAG is selected.
//!
//! Errors: a construct the target cannot lower (floating-point arguments,
//! aggregates, too-wide integers) is an [`IselError`] naming it; the same
//! type reports what instruction selection cannot cover.

use crate::node::{Dag, SDValue};
use crate::vt::VT;
use rcc_mach::{MachFunction, RegClassId, VReg};

/// A construct that lowering or instruction selection does not support.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IselError {
    /// What was not supported, e.g. `"f64 argument"` or `"(mul i128 ..)"`.
    pub what: String,
}

impl IselError {
    pub fn new(what: impl Into<String>) -> IselError {
        IselError { what: what.into() }
    }
}

impl std::fmt::Display for IselError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unsupported in instruction selection: {}", self.what)
    }
}

impl std::error::Error for IselError {}

/// Calling-convention lowering of one target.
pub trait CallLowering: Sync {
    /// The register class of values of type `vt` (`None`: not supported).
    fn reg_class(&self, vt: VT) -> Option<RegClassId>;

    /// A call of `callee` (a `Symbol` node for a direct call, any `I64`
    /// value for an indirect one) with `args`, ordered after `chain`.
    /// `rets` are the types of the returned values: none for `void`, one
    /// for a scalar, the scalar parts of a first-class aggregate in order
    /// (`{ i64, i64 }` comes back in two registers). Returns the call's
    /// output chain and one value per entry of `rets`.
    #[allow(clippy::too_many_arguments)]
    fn lower_call(
        &self,
        dag: &mut Dag,
        mf: &mut MachFunction,
        chain: SDValue,
        callee: SDValue,
        args: &[SDValue],
        rets: &[VT],
        variadic: bool,
    ) -> Result<(SDValue, Vec<SDValue>), IselError>;

    /// A return of `vals` (none for `ret void`, the scalar parts of an
    /// aggregate in order) after `chain`; the result is the block's final
    /// chain (its root).
    fn lower_return(
        &self,
        dag: &mut Dag,
        mf: &mut MachFunction,
        chain: SDValue,
        vals: &[SDValue],
    ) -> Result<SDValue, IselError>;

    /// The incoming arguments of types `args`: one virtual register per
    /// argument, defined at the top of the (open) entry block; the argument
    /// registers are recorded in `mf.live_ins`.
    fn lower_arguments(&self, mf: &mut MachFunction, args: &[VT]) -> Result<Vec<VReg>, IselError>;
}
