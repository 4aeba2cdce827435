//! Hand-built, register-allocated machine functions: what instruction
//! selection and allocation would hand to prolog/epilog insertion. Each
//! scenario names a function of [`MODULE`] and says what it computes, so
//! the runtime test can check it from C.

use rcc_ir::{GlobalId, Module};
use rcc_mach::passes::frame_layout::{FrameOptions, FramePointer};
use rcc_mach::{
    flag, FrameIdx, FrameKind, MBlock, MInst, MOpc, MachFunction, Operand, PReg, Reg, SymFlag,
    SymOperand, SymTarget,
};
use rcc_targets::x86_64::desc::{op, regs::*, Opcode};

/// The IR module the scenarios belong to (bodies are placeholders; only
/// names and attributes matter).
pub const MODULE: &str = r#"
declare i32 @ext(ptr, i32)
declare i64 @ext8(i64, i64, i64, i64, i64, i64, i64, i64)
declare i32 @check_align(ptr)
define i32 @sum_array(i32 %n) { ret i32 0 }
define i32 @sum_big(i32 %n) { ret i32 0 }
define i32 @sum_big_nrz(i32 %n) noredzone { ret i32 0 }
define i32 @calls_csr(i32 %a, i32 %b) { ret i32 0 }
define i32 @calls_fp(i32 %a, i32 %b) "frame-pointer"="all" { ret i32 0 }
define i32 @aligned64(i32 %n) { ret i32 0 }
define i64 @stack_args(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h) { ret i64 0 }
define i64 @stack_args_fp(i64 %a, i64 %b, i64 %c, i64 %d, i64 %e, i64 %f, i64 %g, i64 %h) "frame-pointer"="all" { ret i64 0 }
define i32 @two_returns(i32 %a) { ret i32 0 }
define i32 @dyn_alloca(i32 %n) { ret i32 0 }
define i32 @switch_table(i32 %x) nounwind { ret i32 0 }
define i32 @leaf_fp(i32 %n) "frame-pointer"="all" { ret i32 0 }
"#;

/// One allocated function ready for prolog/epilog insertion.
pub struct Scenario {
    pub name: &'static str,
    pub mf: MachFunction,
    pub opts: FrameOptions,
    /// Callee-saved registers "the allocator used".
    pub csrs: Vec<PReg>,
}

pub fn global(m: &Module, name: &str) -> GlobalId {
    m.globals
        .iter()
        .find(|(_, g)| m.str(g.name) == name)
        .map(|(id, _)| id)
        .unwrap_or_else(|| panic!("no global @{name}"))
}

// ---- operand shorthands ----

fn d(r: PReg) -> Operand {
    Operand::reg_def(r)
}
fn u(r: PReg) -> Operand {
    Operand::reg_use(r)
}
fn tied(r: PReg) -> Operand {
    Operand::reg_tied_use(r, 0)
}
fn imm(v: i32) -> Operand {
    Operand::imm(v)
}
fn eflags() -> Operand {
    Operand::implicit_def(EFLAGS).with(flag::DEAD)
}
/// `disp(%fi, index, scale)` on frame object `fi`.
fn fmem(fi: FrameIdx, index: PReg, scale: i32, disp: i32) -> [Operand; 5] {
    [
        Operand::frame(fi),
        imm(scale),
        Operand::reg_use(Reg::from(index)),
        imm(disp),
        Operand::reg_use(Reg::NONE),
    ]
}
fn fi(fi: FrameIdx, disp: i32) -> [Operand; 5] {
    fmem(fi, PReg::NONE, 1, disp)
}
/// `disp(base, index, scale)` on registers.
fn rmem(base: PReg, index: PReg, scale: i32, disp: i32) -> [Operand; 5] {
    [
        Operand::reg_use(Reg::from(base)),
        imm(scale),
        Operand::reg_use(Reg::from(index)),
        imm(disp),
        Operand::reg_use(Reg::NONE),
    ]
}

/// Condition codes.
const CC_L: i32 = 0xc;
const CC_LE: i32 = 0xe;
const CC_A: i32 = 0x7;

/// A function under construction.
pub struct Fb<'m> {
    m: &'m Module,
    pub mf: MachFunction,
}

impl<'m> Fb<'m> {
    fn new(m: &'m Module, name: &str) -> Self {
        Fb {
            m,
            mf: MachFunction::new(global(m, name)),
        }
    }
    fn block(&mut self) -> MBlock {
        self.mf.create_block(u32::MAX)
    }
    fn begin(&mut self, b: MBlock) {
        self.mf.begin_block(b);
    }
    fn end(&mut self, succs: &[MBlock]) {
        self.mf.end_block(succs);
    }
    fn i(&mut self, o: Opcode, ops: &[Operand]) -> MInst {
        self.mf.push(MOpc::target(o.0), ops)
    }
    fn im(&mut self, o: Opcode, pre: &[Operand], mem: [Operand; 5], post: &[Operand]) -> MInst {
        let ops: Vec<Operand> = pre.iter().chain(&mem).chain(post).copied().collect();
        self.i(o, &ops)
    }
    fn local(&mut self, size: u64, align: u32) -> FrameIdx {
        self.mf.frame.create(size, align, FrameKind::Local)
    }
    fn adj(&mut self, down: bool, bytes: i32) {
        let o = if down {
            MOpc::ADJCALLSTACKDOWN
        } else {
            MOpc::ADJCALLSTACKUP
        };
        self.mf.push(o, &[imm(bytes), Operand::implicit_def(RSP)]);
    }
    /// `call callee@PLT` inside its call-frame pseudos.
    fn call(&mut self, callee: &str, stack_bytes: i32) {
        self.adj(true, stack_bytes);
        let target = SymTarget::Global(global(self.m, callee));
        let s = self.mf.sym(SymOperand {
            target,
            offset: 0,
            flag: rcc_targets::x86_64::sym_flags::PLT,
        });
        self.i(
            op::CALL64pcrel32,
            &[
                s,
                Operand::reg_mask(0),
                Operand::implicit_def(RSP),
                Operand::implicit_use(RSP),
                Operand::implicit_def(EAX),
            ],
        );
        self.adj(false, stack_bytes);
    }
    fn ret(&mut self, r: PReg) {
        self.i(op::RET64, &[Operand::implicit_use(r)]);
    }
    fn done(self, name: &'static str, opts: FrameOptions, csrs: &[PReg]) -> Scenario {
        Scenario {
            name,
            mf: self.mf,
            opts,
            csrs: csrs.to_vec(),
        }
    }
}

fn opts_of(m: &Module, name: &str) -> FrameOptions {
    FrameOptions::for_function(m, global(m, name), None)
}

/// `sum += a[i]` over an array of `len` ints filled with `a[i] = i + n`:
/// returns `len*(len-1)/2 + len*n`. A leaf with locals only.
fn sum_loop(m: &Module, name: &'static str, len: i32) -> Scenario {
    let mut f = Fb::new(m, name);
    let a = f.local(4 * len as u64, 16);
    let [b0, b1, b2, b3, b4] = [(); 5].map(|_| f.block());
    f.begin(b0);
    f.i(op::MOV32ri, &[d(ECX), imm(0)]);
    f.end(&[b1]);
    f.begin(b1);
    f.im(op::LEA32r, &[d(EDX)], rmem(RCX, RDI, 1, 0), &[]);
    f.im(op::MOV32mr, &[], fmem(a, RCX, 4, 0), &[u(EDX)]);
    f.i(op::ADD32ri8, &[d(ECX), tied(ECX), imm(1), eflags()]);
    f.i(op::CMP32ri8, &[u(ECX), imm(len.min(127)), eflags()]);
    f.i(op::JCC_1, &[Operand::block(b1), imm(CC_L)]);
    f.end(&[b1, b2]);
    f.begin(b2);
    f.i(op::MOV32ri, &[d(EAX), imm(0)]);
    f.i(op::MOV32ri, &[d(ECX), imm(0)]);
    f.end(&[b3]);
    f.begin(b3);
    f.im(
        op::ADD32rm,
        &[d(EAX), tied(EAX)],
        fmem(a, RCX, 4, 0),
        &[eflags()],
    );
    f.i(op::ADD32ri8, &[d(ECX), tied(ECX), imm(1), eflags()]);
    f.i(op::CMP32ri8, &[u(ECX), imm(len.min(127)), eflags()]);
    f.i(op::JCC_1, &[Operand::block(b3), imm(CC_L)]);
    // A jump to the next block: dropped at emission.
    f.i(op::JMP_1, &[Operand::block(b4)]);
    f.end(&[b3, b4]);
    f.begin(b4);
    f.ret(EAX);
    f.end(&[]);
    let opts = opts_of(m, name);
    f.done(name, opts, &[])
}

/// `x = a; y = b; r = ext(&x, b); s = ext(&y, r); return x + r + s`,
/// keeping `r` in %ebx and `r + s` in %r14d across the calls.
fn calls(m: &Module, name: &'static str) -> Scenario {
    let mut f = Fb::new(m, name);
    let x = f.local(4, 4);
    let y = f.local(4, 4);
    let b0 = f.block();
    f.begin(b0);
    f.im(op::MOV32mr, &[], fi(x, 0), &[u(EDI)]);
    f.im(op::MOV32mr, &[], fi(y, 0), &[u(ESI)]);
    f.im(op::LEA64r, &[d(RDI)], fi(x, 0), &[]);
    f.call("ext", 0);
    f.i(op::MOV32rr, &[d(EBX), u(EAX)]);
    f.im(op::LEA64r, &[d(RDI)], fi(y, 0), &[]);
    f.mf.push(MOpc::COPY, &[d(ESI), u(EBX)]);
    f.call("ext", 0);
    f.i(op::MOV32rr, &[d(R14D), u(EAX)]);
    f.i(op::ADD32rr, &[d(R14D), tied(R14D), u(EBX), eflags()]);
    f.im(op::MOV32rm, &[d(EAX)], fi(x, 0), &[]);
    f.i(op::ADD32rr, &[d(EAX), tied(EAX), u(R14D), eflags()]);
    f.ret(EAX);
    f.end(&[]);
    let opts = opts_of(m, name);
    // Sub-registers, as an allocator may report them.
    f.done(name, opts, &[EBX, R14D])
}

/// `a[16] aligned 64; a[3] = 7; a[n & 15] = n; return check_align(a)`.
fn aligned64(m: &Module) -> Scenario {
    let mut f = Fb::new(m, "aligned64");
    let a = f.local(64, 64);
    let b0 = f.block();
    f.begin(b0);
    f.mf.push(MOpc::COPY, &[d(ECX), u(EDI)]);
    f.i(op::AND32ri8, &[d(ECX), tied(ECX), imm(15), eflags()]);
    f.im(op::MOV32mi, &[], fi(a, 12), &[imm(7)]);
    f.im(op::MOV32mr, &[], fmem(a, RCX, 4, 0), &[u(EDI)]);
    f.im(op::LEA64r, &[d(RDI)], fi(a, 0), &[]);
    f.call("check_align", 0);
    f.ret(EAX);
    f.end(&[]);
    let opts = opts_of(m, "aligned64");
    f.done("aligned64", opts, &[])
}

/// `return ext8(h, g, c, d, e, f, a, b)`: incoming stack arguments (fixed
/// objects) and outgoing ones (stores to the reserved call frame).
fn stack_args(m: &Module, name: &'static str) -> Scenario {
    let mut f = Fb::new(m, name);
    let g = f.mf.frame.create_fixed(8, 8);
    let h = f.mf.frame.create_fixed(8, 16);
    let b0 = f.block();
    f.begin(b0);
    f.im(op::MOV64rm, &[d(RAX)], fi(g, 0), &[]);
    f.im(op::MOV64rm, &[d(R10)], fi(h, 0), &[]);
    f.adj(true, 16);
    f.im(op::MOV64mr, &[], rmem(RSP, PReg::NONE, 1, 0), &[u(RDI)]);
    f.im(op::MOV64mr, &[], rmem(RSP, PReg::NONE, 1, 8), &[u(RSI)]);
    f.i(op::MOV64rr, &[d(RDI), u(R10)]);
    f.i(op::MOV64rr, &[d(RSI), u(RAX)]);
    let s = f.mf.sym(SymOperand {
        target: SymTarget::Global(global(m, "ext8")),
        offset: 0,
        flag: rcc_targets::x86_64::sym_flags::PLT,
    });
    f.i(
        op::CALL64pcrel32,
        &[s, Operand::reg_mask(0), Operand::implicit_def(RSP)],
    );
    f.adj(false, 16);
    f.ret(RAX);
    f.end(&[]);
    let opts = opts_of(m, name);
    f.done(name, opts, &[])
}

/// `x = a; if (a <= 10) { t = 5; return ext(&x, 2) + 7 + t } return
/// ext(&x, 1)`: two returns, so CFI is restored after the first epilogue.
fn two_returns(m: &Module) -> Scenario {
    let mut f = Fb::new(m, "two_returns");
    let x = f.local(4, 4);
    let [b0, b1, b2] = [(); 3].map(|_| f.block());
    f.begin(b0);
    f.im(op::MOV32mr, &[], fi(x, 0), &[u(EDI)]);
    f.i(op::CMP32ri8, &[u(EDI), imm(10), eflags()]);
    f.i(op::JCC_1, &[Operand::block(b2), imm(CC_LE)]);
    f.end(&[b1, b2]);
    f.begin(b1);
    f.im(op::LEA64r, &[d(RDI)], fi(x, 0), &[]);
    f.i(op::MOV32ri, &[d(ESI), imm(1)]);
    f.call("ext", 0);
    f.ret(EAX);
    f.end(&[]);
    f.begin(b2);
    f.i(op::MOV32ri, &[d(EBX), imm(5)]);
    f.im(op::LEA64r, &[d(RDI)], fi(x, 0), &[]);
    f.i(op::MOV32ri, &[d(ESI), imm(2)]);
    f.call("ext", 0);
    f.i(op::ADD32ri8, &[d(EAX), tied(EAX), imm(7), eflags()]);
    f.i(op::ADD32rr, &[d(EAX), tied(EAX), u(EBX), eflags()]);
    f.ret(EAX);
    f.end(&[]);
    let opts = opts_of(m, "two_returns");
    f.done("two_returns", opts, &[RBX])
}

/// `v = n; k = n (in %ebx); p = alloca(n * 4); p[0] = v;
/// return ext(p, n) + v + k`: a dynamic alloca, so a frame pointer and
/// unreserved call frames (the call's 16-byte pseudo amount becomes
/// `subq`/`addq`); the epilogue restores %rsp from %rbp.
fn dyn_alloca(m: &Module) -> Scenario {
    let mut f = Fb::new(m, "dyn_alloca");
    f.mf.frame.has_var_sized = true;
    let v = f.local(4, 4);
    let b0 = f.block();
    f.begin(b0);
    f.im(op::MOV32mr, &[], fi(v, 0), &[u(EDI)]);
    f.i(op::MOV32rr, &[d(EBX), u(EDI)]);
    f.i(op::MOVSX64rr32, &[d(RAX), u(EDI)]);
    f.i(op::SHL64ri, &[d(RAX), tied(RAX), imm(2), eflags()]);
    f.i(op::ADD64ri8, &[d(RAX), tied(RAX), imm(15), eflags()]);
    f.i(op::AND64ri8, &[d(RAX), tied(RAX), imm(-16), eflags()]);
    f.i(op::SUB64rr, &[d(RSP), tied(RSP), u(RAX), eflags()]);
    f.i(op::MOV64rr, &[d(RDI), u(RSP)]);
    f.im(op::MOV32rm, &[d(ESI)], fi(v, 0), &[]);
    f.im(op::MOV32mr, &[], rmem(RDI, PReg::NONE, 1, 0), &[u(ESI)]);
    f.call("ext", 16);
    f.im(op::ADD32rm, &[d(EAX), tied(EAX)], fi(v, 0), &[eflags()]);
    f.i(op::ADD32rr, &[d(EAX), tied(EAX), u(EBX), eflags()]);
    f.ret(EAX);
    f.end(&[]);
    let opts = opts_of(m, "dyn_alloca");
    f.done("dyn_alloca", opts, &[EBX])
}

/// `switch (x) { case 0..3: return 10 + x; default: return (int)42.0; }`
/// through a PIC jump table and a constant-pool double.
fn switch_table(m: &Module) -> Scenario {
    let mut f = Fb::new(m, "switch_table");
    let [b0, b1, c0, c1, c2, c3, dflt] = [(); 7].map(|_| f.block());
    let jt = f.mf.jump_table(&[c0, c1, c2, c3]);
    let cp = f.mf.constant(&42.0f64.to_le_bytes(), 8);
    let jt_sym = f.mf.sym(SymOperand {
        target: SymTarget::JumpTable(jt),
        offset: 0,
        flag: SymFlag::NONE,
    });
    let cp_sym = f.mf.sym(SymOperand {
        target: SymTarget::ConstPool(cp),
        offset: 0,
        flag: SymFlag::NONE,
    });
    let rip = |disp: Operand| {
        [
            Operand::reg_use(RIP),
            imm(1),
            Operand::reg_use(Reg::NONE),
            disp,
            Operand::reg_use(Reg::NONE),
        ]
    };
    f.begin(b0);
    f.i(op::CMP32ri8, &[u(EDI), imm(3), eflags()]);
    f.i(op::JCC_1, &[Operand::block(dflt), imm(CC_A)]);
    f.end(&[b1, dflt]);
    f.begin(b1);
    f.i(op::MOV32rr, &[d(EAX), u(EDI)]);
    f.im(op::LEA64r, &[d(RCX)], rip(jt_sym), &[]);
    f.im(op::MOVSX64rm32, &[d(RAX)], rmem(RCX, RAX, 4, 0), &[]);
    f.i(op::ADD64rr, &[d(RAX), tied(RAX), u(RCX), eflags()]);
    f.i(op::JMP64r, &[u(RAX)]);
    f.end(&[c0, c1, c2, c3]);
    for (k, c) in [c0, c1, c2, c3].into_iter().enumerate() {
        f.begin(c);
        f.mf.push(MOpc::IMPLICIT_DEF, &[d(RDX)]);
        f.i(op::MOV32ri, &[d(EAX), imm(10 + k as i32)]);
        f.mf.push(MOpc::KILL, &[u(RDX)]);
        f.ret(EAX);
        f.end(&[]);
    }
    f.begin(dflt);
    f.im(op::MOVSDrm, &[d(XMM0)], rip(cp_sym), &[]);
    f.i(op::CVTTSD2SIrr, &[d(EAX), u(XMM0)]);
    f.ret(EAX);
    f.end(&[]);
    let opts = opts_of(m, "switch_table");
    f.done("switch_table", opts, &[])
}

/// A leaf with one local and `"frame-pointer"="all"`: `v = n * 3; return v`
/// through the red zone, addressed from %rbp.
fn leaf_fp(m: &Module) -> Scenario {
    let mut f = Fb::new(m, "leaf_fp");
    let v = f.local(4, 4);
    let b0 = f.block();
    f.begin(b0);
    f.im(op::LEA32r, &[d(EAX)], rmem(RDI, RDI, 2, 0), &[]);
    f.im(op::MOV32mr, &[], fi(v, 0), &[u(EAX)]);
    f.im(op::MOV32rm, &[d(EAX)], fi(v, 0), &[]);
    f.ret(EAX);
    f.end(&[]);
    let opts = opts_of(m, "leaf_fp");
    f.done("leaf_fp", opts, &[])
}

/// Every scenario, in module order.
pub fn all(m: &Module) -> Vec<Scenario> {
    vec![
        sum_loop(m, "sum_array", 8),
        sum_loop(m, "sum_big", 64),
        sum_loop(m, "sum_big_nrz", 64),
        calls(m, "calls_csr"),
        calls(m, "calls_fp"),
        aligned64(m),
        stack_args(m, "stack_args"),
        stack_args(m, "stack_args_fp"),
        two_returns(m),
        dyn_alloca(m),
        switch_table(m),
        leaf_fp(m),
    ]
}

/// A scenario by name with frame options overridden.
pub fn with_frame_pointer(m: &Module, name: &str, fp: FramePointer) -> Scenario {
    let mut s = all(m)
        .into_iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no scenario {name}"));
    s.opts.frame_pointer = fp;
    s
}
