//! Thread-local variables: the access model, chosen as llc chooses it, and
//! the `TlsAddress` node that stands for the variable's address.
//!
//! The model is the more efficient of the one the IR asks for
//! (`thread_local(localexec)` ...; plain `thread_local` is general-dynamic)
//! and the one the code allows: in an executable (static code, or PIC with
//! the `PIE Level` module flag) a variable this module defines (`dso_local`)
//! is local-exec and any other initial-exec; in shared-library code they
//! would be local-dynamic and general-dynamic, which need calls to
//! `__tls_get_addr` and are reported as unsupported.

use super::{unsupported, BResult, Builder};
use crate::node::SDValue;
use crate::opcode::Op;
use crate::vt::VT;
use rcc_ir::module::ThreadLocal;
use rcc_ir::GlobalId;
use rcc_mach::{SymFlag, SymOperand, SymTarget};

impl Builder<'_, '_> {
    /// The address of thread-local `g` plus `offset`.
    pub(super) fn tls_address(&mut self, g: GlobalId, offset: i64) -> BResult<SDValue> {
        let m = self.fl.m;
        let local = rcc_mach::emit::is_dso_local(m, g);
        let executable = !self.fl.pic || m.module_flag_int("PIE Level").is_some_and(|l| l != 0);
        let allowed = match (executable, local) {
            (true, true) => ThreadLocal::LocalExec,
            (true, false) => ThreadLocal::InitialExec,
            (false, true) => ThreadLocal::LocalDynamic,
            (false, false) => ThreadLocal::GeneralDynamic,
        };
        let model = rank(allowed).max(rank(m.globals[g].tls));
        let flag = match model {
            3 => SymFlag::TpOff,
            2 => SymFlag::GotTpOff,
            _ => {
                return unsupported(
                    "the general- and local-dynamic TLS models (thread-local access from position-independent code outside an executable)",
                )
            }
        };
        let s = self.mf.sym(SymOperand {
            target: SymTarget::Global(g),
            offset: 0,
            flag,
        });
        let mut v = self
            .dag
            .value(Op::TlsAddress, VT::I64, &[], s.payload() as u64);
        if offset != 0 {
            let c = self.dag.constant(VT::I64, offset as u64);
            v = self.dag.value(Op::Add, VT::I64, &[v, c], 0);
        }
        Ok(v)
    }
}

/// Models from least to most efficient.
fn rank(t: ThreadLocal) -> u8 {
    match t {
        ThreadLocal::None | ThreadLocal::GeneralDynamic => 0,
        ThreadLocal::LocalDynamic => 1,
        ThreadLocal::InitialExec => 2,
        ThreadLocal::LocalExec => 3,
    }
}
