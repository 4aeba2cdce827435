//! Test support: x86-64 machine functions read from `.mir` files
//! ([`load`]) or built by hand ([`B`]), run through PHI elimination,
//! two-address, the fast allocator, the checker, the rewrite and pseudo
//! expansion, verifying after each step.
#![allow(dead_code)]

pub mod coalesce;
pub mod interp;

use rcc_ir::{parse_module, Module};
use rcc_mach::passes::{
    expand_pseudos::expand_pseudos, phi_elim::eliminate_phis, two_address::two_address,
};
use rcc_mach::printer::print_function;
use rcc_mach::verify::verify_to_string;
use rcc_mach::{
    flag, mir, MBlock, MInst, MOpc, MachFunction, Operand, PReg, Reg, RegClassId, SymOperand,
    SymTarget, VReg,
};
use rcc_ralloc::basic::{BasicStats, IntervalOptions, RaScratch};
use rcc_ralloc::checker::{check_to_string, check_to_string_with_originals};
use rcc_ralloc::fast::{allocate, FastOptions};
use rcc_ralloc::liveness::Liveness;
use rcc_ralloc::{apply, Allocation};
use rcc_targets::x86_64::machine::mask;
use rcc_targets::x86_64::{regs, Opcode, X86Info};

pub const T: X86Info = X86Info;

/// A module with a callee `@g` and the function `@f` being built.
pub fn module() -> Module {
    parse_module(
        "declare void @g()\ndefine void @f() {\n  ret void\n}\n",
        "t.ll",
    )
    .expect("module")
}

/// A function under construction.
pub struct B {
    pub m: Module,
    pub mf: MachFunction,
}

impl Default for B {
    fn default() -> Self {
        Self::new()
    }
}

impl B {
    pub fn new() -> B {
        let m = module();
        let f = m.global_by_name("f").expect("@f");
        B {
            mf: MachFunction::new(f),
            m,
        }
    }
    pub fn v(&mut self, c: RegClassId) -> VReg {
        self.mf.new_vreg(c)
    }
    pub fn block(&mut self) -> MBlock {
        self.mf.create_block(u32::MAX)
    }
    pub fn begin(&mut self, b: MBlock) {
        self.mf.begin_block(b);
    }
    pub fn end(&mut self, succs: &[MBlock]) {
        self.mf.end_block(succs);
    }
    /// A target instruction.
    pub fn i(&mut self, op: Opcode, ops: &[Operand]) -> MInst {
        self.mf.push(MOpc::target(op.0), ops)
    }
    /// A generic instruction.
    pub fn g(&mut self, opc: MOpc, ops: &[Operand]) -> MInst {
        self.mf.push(opc, ops)
    }
    pub fn copy(&mut self, dst: impl Into<Reg>, src: impl Into<Reg>) -> MInst {
        self.g(MOpc::COPY, &[Operand::reg_def(dst), Operand::reg_use(src)])
    }
    /// The callee `@g`.
    pub fn callee(&mut self) -> Operand {
        let g = self.m.global_by_name("g").expect("@g");
        self.mf.sym(SymOperand {
            target: SymTarget::Global(g),
            offset: 0,
            flag: rcc_targets::x86_64::sym_flags::PLT,
        })
    }
    pub fn mir(&self) -> String {
        let mut s = String::new();
        print_function(&mut s, &self.mf, &self.m, &T, "test");
        s
    }
    pub fn verify(&self, after: &str) {
        if let Err(e) = verify_to_string(&self.mf, &self.m, &T) {
            panic!("verifier after {after}:\n{e}\n{}", self.mir());
        }
    }
}

/// Reads `tests/<path>`, a MIR file with a module section and one function
/// section (docs/mir.md), into a [`B`]; the function is verified.
pub fn load(path: &str) -> B {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(path);
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()));
    parse(path, &text)
}

/// Reads MIR text (a module section and one function section) into a
/// [`B`]; the function is verified. `path` names it in errors.
pub fn parse(path: &str, text: &str) -> B {
    let at = |e: &mir::ParseError| rcc_ir::Diagnostic::locate(path, text, e).to_string();
    let sections = mir::split(text).unwrap_or_else(|e| panic!("{}", at(&e)));
    let m =
        parse_module(mir::module_source(text, &sections), path).unwrap_or_else(|e| panic!("{e}"));
    let [section] = &sections.functions[..] else {
        panic!("{path}: expected one function section");
    };
    let f = m
        .global_by_name(&section.name)
        .unwrap_or_else(|| panic!("{path}: no @{}", section.name));
    let mut mf = MachFunction::new(f);
    mir::read_function(text, section, &m, &T, &mut mf).unwrap_or_else(|e| panic!("{}", at(&e)));
    let b = B { m, mf };
    b.verify("reading");
    b
}

/// The one instruction of `mf` with target opcode `op`.
pub fn only_inst(mf: &MachFunction, op: Opcode) -> MInst {
    let found: Vec<MInst> = mf
        .order
        .iter()
        .flat_map(|&b| mf.block_insts(b).iter().copied())
        .filter(|&i| mf.opc(i) == MOpc::target(op.0))
        .collect();
    assert_eq!(
        found.len(),
        1,
        "expected one instruction with opcode {op:?}"
    );
    found[0]
}

pub fn d(v: impl Into<Reg>) -> Operand {
    Operand::reg_def(v)
}
pub fn u(v: impl Into<Reg>) -> Operand {
    Operand::reg_use(v)
}
pub fn tu(v: impl Into<Reg>, def: usize) -> Operand {
    Operand::reg_tied_use(v, def)
}
pub fn imm(x: i32) -> Operand {
    Operand::imm(x)
}
pub fn blk(b: MBlock) -> Operand {
    Operand::block(b)
}
pub fn imp_def(p: PReg) -> Operand {
    Operand::implicit_def(p)
}
pub fn imp_use(p: PReg) -> Operand {
    Operand::implicit_use(p)
}
pub fn dead_eflags() -> Operand {
    Operand::implicit_def(regs::EFLAGS).with(flag::DEAD)
}
pub fn eflags_def() -> Operand {
    Operand::implicit_def(regs::EFLAGS)
}
pub fn eflags_use() -> Operand {
    Operand::implicit_use(regs::EFLAGS)
}
pub fn sysv_mask() -> Operand {
    Operand::reg_mask(mask::SYSV)
}
/// `[base + disp]` memory operands.
pub fn mem(base: impl Into<Reg>, disp: i32) -> [Operand; 5] {
    [u(base), imm(1), u(Reg::NONE), imm(disp), u(Reg::NONE)]
}

/// Runs the whole post-isel pipeline with verification and the checker;
/// returns the allocation (already applied to `b.mf`).
pub fn pipeline(b: &mut B, opts: FastOptions) -> Allocation {
    b.verify("isel");
    eliminate_phis(&mut b.mf, &T);
    b.verify("phi-elim");
    two_address(&mut b.mf, &T);
    b.verify("two-address");
    allocate_checked(b, opts)
}

/// Runs the fast allocator and the checker on `b` (after two-address),
/// applies the allocation and expands pseudos, verifying each step;
/// returns the allocation.
pub fn allocate_checked(b: &mut B, opts: FastOptions) -> Allocation {
    let a = allocate(&mut b.mf, &T, &opts).unwrap_or_else(|e| panic!("{e}\n{}", b.mir()));
    if let Err(e) = check_to_string(&b.mf, &b.m, &T, &a) {
        panic!("checker:\n{e}\n{}", b.mir());
    }
    apply(&mut b.mf, &T, &a).unwrap_or_else(|e| panic!("{e}\n{}", b.mir()));
    b.verify("regalloc");
    expand_pseudos(&mut b.mf, &b.m, &T).unwrap_or_else(|e| panic!("{e}\n{}", b.mir()));
    b.verify("expand-pseudos");
    a
}

/// Runs the pipeline and compares the interpreted behaviour before and
/// after on every argument set.
pub fn roundtrip(b: &mut B, opts: FastOptions, args: &[&[(PReg, u64)]]) -> Allocation {
    let before = b.mf.clone();
    let a = pipeline(b, opts);
    for set in args {
        let x = interp::run(&before, set);
        let y = interp::run(&b.mf, set);
        assert_eq!(x, y, "behaviour differs for {set:?}\n{}", b.mir());
        assert!(x.is_some(), "the test program did not finish");
    }
    a
}

/// Runs the pipeline up to allocation (not applied), for checker tests.
pub fn allocate_only(b: &mut B) -> Allocation {
    eliminate_phis(&mut b.mf, &T);
    two_address(&mut b.mf, &T);
    allocate(&mut b.mf, &T, &FastOptions::default()).expect("allocation")
}

/// Every physical register named by an operand after allocation.
pub fn regs_used(mf: &MachFunction) -> Vec<PReg> {
    let mut v = Vec::new();
    for &b in &mf.order {
        for &i in mf.block_insts(b) {
            for o in mf.operands(i) {
                if let Some(p) = o.reg().as_phys() {
                    v.push(p);
                }
            }
        }
    }
    v
}

/// The allocators the property and file tests run (greedy joins here).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Allocator {
    Fast,
    Basic,
    Greedy,
}

/// [`pipeline`] with the basic allocator: liveness, allocation, the
/// rewriter's allocation checked with original vregs, the rewrite.
pub fn pipeline_basic(b: &mut B, opts: IntervalOptions) -> BasicStats {
    b.verify("isel");
    eliminate_phis(&mut b.mf, &T);
    b.verify("phi-elim");
    two_address(&mut b.mf, &T);
    b.verify("two-address");
    let mut st = Liveness::default();
    let mut rs = RaScratch::default();
    let s = rcc_ralloc::basic::allocate(
        &mut b.mf,
        &T,
        &mut st,
        &mut rs,
        &opts,
        &mut Default::default(),
    )
    .unwrap_or_else(|e| panic!("{e}\n{}", b.mir()));
    st.materialize(&mut b.mf);
    st.vrm.sort_folds();
    b.verify("regallocbasic");
    let a = rcc_ralloc::rewrite::allocation(&b.mf, &T, &st, &rs)
        .unwrap_or_else(|e| panic!("{e}\n{}", b.mir()));
    if let Err(e) = check_to_string_with_originals(&b.mf, &b.m, &T, &a, Some(&st.vrm)) {
        panic!("checker:\n{e}\n{}", b.mir());
    }
    rcc_ralloc::rewrite::set_block_live_ins(&mut b.mf, &st);
    apply(&mut b.mf, &T, &a).unwrap_or_else(|e| panic!("{e}\n{}", b.mir()));
    b.verify("virtregrewriter");
    expand_pseudos(&mut b.mf, &b.m, &T).unwrap_or_else(|e| panic!("{e}\n{}", b.mir()));
    b.verify("expand-pseudos");
    s
}

/// [`roundtrip`] with the basic allocator.
pub fn roundtrip_basic(b: &mut B, opts: IntervalOptions, args: &[&[(PReg, u64)]]) -> BasicStats {
    let before = b.mf.clone();
    let s = pipeline_basic(b, opts);
    for set in args {
        let x = interp::run(&before, set);
        let y = interp::run(&b.mf, set);
        assert_eq!(x, y, "behaviour differs for {set:?}\n{}", b.mir());
        assert!(x.is_some(), "the test program did not finish");
    }
    s
}

/// [`pipeline`] with the greedy allocator: liveness, allocation (splits
/// and spills through the edit layer), the rewriter's allocation checked
/// with original vregs, the rewrite.
pub fn pipeline_greedy(b: &mut B, opts: IntervalOptions) -> rcc_ralloc::greedy::GreedyStats {
    b.verify("isel");
    let input = b.mir();
    eliminate_phis(&mut b.mf, &T);
    b.verify("phi-elim");
    two_address(&mut b.mf, &T);
    b.verify("two-address");
    let mut st = Liveness::default();
    let mut rs = RaScratch::default();
    let mut g = rcc_ralloc::greedy::Greedy::default();
    let s = g
        .allocate(
            &mut b.mf,
            &T,
            &mut st,
            &mut rs,
            &opts,
            &mut Default::default(),
        )
        .unwrap_or_else(|e| {
            if let Some(p) = std::env::var_os("RCC_GREEDY_FAIL_MIR") {
                let _ = std::fs::write(p, &input);
            }
            panic!("{e}\n{}", b.mir())
        });
    st.materialize(&mut b.mf);
    st.vrm.sort_folds();
    b.verify("greedy");
    let a = rcc_ralloc::rewrite::allocation(&b.mf, &T, &st, &rs)
        .unwrap_or_else(|e| panic!("{e}\n{}", b.mir()));
    if let Err(e) = check_to_string_with_originals(&b.mf, &b.m, &T, &a, Some(&st.vrm)) {
        if let Some(p) = std::env::var_os("RCC_GREEDY_FAIL_MIR") {
            let _ = std::fs::write(p, &input);
        }
        panic!("checker:\n{e}\n{}", b.mir());
    }
    rcc_ralloc::rewrite::set_block_live_ins(&mut b.mf, &st);
    apply(&mut b.mf, &T, &a).unwrap_or_else(|e| panic!("{e}\n{}", b.mir()));
    b.verify("virtregrewriter");
    expand_pseudos(&mut b.mf, &b.m, &T).unwrap_or_else(|e| panic!("{e}\n{}", b.mir()));
    b.verify("expand-pseudos");
    s
}

/// [`roundtrip`] with the greedy allocator.
pub fn roundtrip_greedy(
    b: &mut B,
    opts: IntervalOptions,
    args: &[&[(PReg, u64)]],
) -> rcc_ralloc::greedy::GreedyStats {
    let before = b.mf.clone();
    let s = pipeline_greedy(b, opts);
    for set in args {
        let x = interp::run(&before, set);
        let y = interp::run(&b.mf, set);
        assert_eq!(x, y, "behaviour differs for {set:?}\n{}", b.mir());
        assert!(x.is_some(), "the test program did not finish");
    }
    s
}
