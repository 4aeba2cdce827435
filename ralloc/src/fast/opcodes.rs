//! Per target opcode, the facts the fast allocator asks of every
//! instruction (instruction flags, implicit defs, operand class
//! constraints), read from the target once per opcode and kept across
//! functions (a scratch serves one target). Generic opcodes (`COPY`, ...)
//! have none of them.

use rcc_mach::constraint::RegConstraints;
use rcc_mach::{MOpc, PReg, RegClassId, TargetInfo};

/// The facts of one opcode.
#[derive(Copy, Clone, Default)]
pub struct Row {
    /// `TargetInfo::inst_flags`.
    pub iflags: u32,
    /// `TargetInfo::implicit_defs`.
    pub implicit_defs: &'static [PReg],
    known: bool,
}

/// The table (see the module comment).
#[derive(Default)]
pub struct OpcodeFacts {
    rows: Vec<Row>,
    constraints: RegConstraints,
}

impl OpcodeFacts {
    /// The flags and implicit defs of `opc`.
    #[inline]
    pub fn row(&mut self, t: &dyn TargetInfo, opc: MOpc) -> Row {
        let Some(op) = opc.as_target() else {
            return Row::default();
        };
        let k = usize::from(op);
        if let Some(r) = self.rows.get(k).filter(|r| r.known) {
            return *r;
        }
        if k >= self.rows.len() {
            self.rows.resize(k + 1, Row::default());
        }
        self.rows[k] = Row {
            iflags: t.inst_flags(op),
            implicit_defs: t.implicit_defs(op),
            known: true,
        };
        self.rows[k]
    }

    /// The register class each operand position of `opc` demands.
    #[inline]
    pub fn constraints(&mut self, t: &dyn TargetInfo, opc: MOpc) -> &[Option<RegClassId>] {
        self.constraints.of(t, opc)
    }
}
