//! Thread-local variables: the access model, chosen as llc chooses it, and
//! the `TlsAddress` node that stands for the variable's address.
//!
//! The model is the more efficient of the one the IR asks for
//! (`thread_local(localexec)` ...; plain `thread_local` is general-dynamic)
//! and the one the code allows: in an executable (static code, or PIC with
//! the `PIE Level` module flag) a variable this module defines (`dso_local`)
//! is local-exec and any other initial-exec; in shared-library code they
//! are local-dynamic and general-dynamic, calls of `__tls_get_addr`.
//!
//! Local-exec, initial-exec and general-dynamic: one `TlsAddress` node with
//! the variable's symbol (`@TPOFF`, `@GOTTPOFF`, `@TLSGD`), plus the
//! offset. Local-dynamic: `TlsAddress` with a `@TLSLD` symbol is the base
//! of the module's TLS block; the variable is `base + x@DTPOFF` (a
//! `Symbol` node with the `DtpOff` flag is a 32-bit constant, which the
//! address matcher folds as a displacement). Every local-dynamic access of
//! a function names the same `@TLSLD` symbol, so the accesses of a block
//! share one node, one call (llc shares one per function, see
//! docs/abi.md).

use super::{BResult, Builder};
use crate::lowering::SymRef;
use crate::node::SDValue;
use crate::opcode::Op;
use crate::vt::VT;
use rcc_ir::module::ThreadLocal;
use rcc_ir::GlobalId;
use rcc_mach::{SymOperand, SymTarget};

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
        let var = |flag| SymOperand {
            target: SymTarget::Global(g),
            offset: 0,
            flag,
        };
        let lower = self.lower;
        let flag = |r| lower.sym_flag(r);
        let ld = flag(SymRef::TlsLocalDynamic);
        let (mut v, rest) = match model {
            0..=2 => {
                let flag = flag(
                    [
                        SymRef::TlsGeneralDynamic,
                        SymRef::TlsLocalDynamic,
                        SymRef::TlsInitialExec,
                    ][model as usize],
                );
                let s = if flag == ld {
                    // Any variable of the module names the block: reuse the
                    // function's first.
                    self.find_sym(|s| s.flag == ld, var(flag))
                } else {
                    self.find_sym(|s| *s == var(flag), var(flag))
                };
                let v = self.dag.value(Op::TlsAddress, VT::I64, &[], s as u64);
                if flag != ld {
                    (v, offset)
                } else {
                    let d = self.mf.sym(SymOperand {
                        target: SymTarget::Global(g),
                        offset,
                        flag: self.lower.sym_flag(SymRef::TlsDtpOffset),
                    });
                    let d = self.dag.value(Op::Symbol, VT::I64, &[], d.payload() as u64);
                    (self.dag.value(Op::Add, VT::I64, &[v, d], 0), 0)
                }
            }
            _ => {
                let le = var(self.lower.sym_flag(SymRef::TlsLocalExec));
                let s = self.find_sym(|s| *s == le, le);
                (
                    self.dag.value(Op::TlsAddress, VT::I64, &[], s as u64),
                    offset,
                )
            }
        };
        if rest != 0 {
            let c = self.dag.constant(VT::I64, rest as u64);
            v = self.dag.value(Op::Add, VT::I64, &[v, c], 0);
        }
        Ok(v)
    }

    /// The index of the function's first symbol operand satisfying `p`,
    /// else of a new one, `new`: equal accesses in a block become one node.
    fn find_sym(&mut self, p: impl Fn(&SymOperand) -> bool, new: SymOperand) -> u32 {
        match self.mf.syms.iter().position(p) {
            Some(i) => i as u32,
            None => self.mf.sym(new).payload(),
        }
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
