//! The SelectionDAG: building from IR, combining, type and operation
//! legalization, instruction selection and scheduling.
//!
//! Pipeline position: after the IR (one [`node::Dag`] per basic block,
//! built by [`build`] against a [`build::FunctionLowering`] that owns the
//! function-wide state: machine blocks, virtual registers for values that
//! cross blocks, frame objects for static allocas), before machine code:
//! the target selects machine instructions from the DAG and the scheduler
//! emits them into an `rcc_mach::MachFunction`. [`isel`] is the
//! target-independent driver of that, per function and block, and the list
//! scheduler.

pub mod atomic;
pub mod build;
pub mod check;
pub mod combine;
pub mod fast;
pub mod fold;
pub mod isel;
pub mod legalize;
pub mod lowering;
pub mod node;
pub mod op_props;
pub mod opcode;
pub mod vt;

pub use lowering::{
    AddrShape, ArgValue, CallLowering, CondMerging, CostKind, FormalArg, IselError, LoweredArgs,
    MemAccess, SymRef, VarArgsState,
};
pub use node::{Dag, Node, SDValue};
pub use op_props::OpProps;
pub use opcode::{ByVal, Cond, Ext, FCond, MemInfo, Op, Segment};
pub use vt::{Elem, VT};
