//! The parts of the System V ABI the IR spells with attributes and
//! intrinsics rather than instructions: `byval` and `sret` arguments,
//! variadic definitions (`llvm.va_start`, `llvm.va_copy`, `llvm.va_end`).
//!
//! - **Incoming arguments** ([`FunctionLowering::lower_arguments`]): each
//!   parameter becomes a [`FormalArg`]: a value, or for `byval(T)` the size
//!   and alignment of `T` (the `align` attribute when given). The target
//!   answers with a register or, for `byval`, the fixed frame object of the
//!   caller's copy, which the builder then uses as a `FrameIndex` address.
//! - **`sret`**: the callee returns the hidden pointer in RAX (the SysV
//!   rule), so `ret void` of a function with an `sret` parameter returns
//!   that parameter. A caller needs nothing special.
//! - **Outgoing `byval`**: the pointer argument is wrapped in a
//!   `ByValArg` node carrying size and alignment; the target copies the
//!   bytes into its outgoing argument area (LLVM's
//!   `CreateCopyOfByValArgument`).
//! - **Variadic definitions**: when the function calls `llvm.va_start`,
//!   the target saves the unnamed argument registers in the entry block
//!   and returns a [`crate::VarArgsState`]; `va_start` and `va_copy` are target
//!   hooks over it, `va_end` has no code. The `va_arg` instruction (clang
//!   expands `va_arg` itself on x86-64; hand-written IR may use it) is the
//!   target hook `lower_va_arg`.
//!
//! Refused with a named error: `inalloca`, `preallocated` and `nest`
//! parameters and arguments.

use super::aggregate::{is_aggregate, parts_of};
use super::{scalar_vt, unsupported, BResult, Builder, FunctionLowering};
use crate::lowering::{ArgValue, CallLowering, FormalArg};
use crate::node::SDValue;
use crate::opcode::{ByVal, Op};
use crate::vt::VT;
use rcc_ir::attrs::AttrPool;
use rcc_ir::entity::{EntityId, PoolRange};
use rcc_ir::inst::Opcode;
use rcc_ir::layout::DataLayout;
use rcc_ir::module::GlobalKind;
use rcc_ir::{Inst, Module, ValueTag};
use rcc_mach::MachFunction;

/// The `byval` copy described by attribute list `r` of `pool`, if any.
impl FunctionLowering<'_> {
    /// Whether argument `k` of call `i` is passed in memory (`byval`) or
    /// has an attribute the builder rejects (`inalloca`, `preallocated`,
    /// `nest`).
    pub fn call_arg_in_memory(&self, i: Inst, k: usize) -> bool {
        let f = self.f;
        match f.attrs.lists(f.call_info(i).arg_attrs).get(k) {
            Some(&r) => !matches!(byval(self.m, self.dl, &f.attrs, r), Ok(None)),
            None => false,
        }
    }
}

fn byval(m: &Module, dl: &DataLayout, pool: &AttrPool, r: PoolRange) -> BResult<Option<ByVal>> {
    use rcc_ir::attrs::Attr;
    const BAD: [&str; 3] = ["inalloca", "preallocated", "nest"];
    let text: &str = &m.text;
    // One pass over the list (it is read for every call argument): the
    // rejected keywords (as words or with a type), the first `byval`
    // type and the first `align`.
    let (mut bad, mut ty, mut align) = ([false; 3], None, None);
    for a in pool.get(r) {
        let (s, t) = match *a {
            Attr::Word(s) => (s, None),
            Attr::Type(s, t) => (s, Some(t)),
            Attr::Int(s, v) => {
                if align.is_none() && s.text(text) == "align" {
                    align = Some(v);
                }
                continue;
            }
            _ => continue,
        };
        let name = s.text(text);
        if let Some(k) = BAD.iter().position(|&b| b == name) {
            bad[k] = true;
        } else if ty.is_none() && name == "byval" {
            ty = t;
        }
    }
    if let Some(k) = bad.iter().position(|&b| b) {
        return unsupported(format!("a '{}' argument", BAD[k]));
    }
    let Some(ty) = ty else {
        return Ok(None);
    };
    let align = match align {
        Some(a) if a.is_power_of_two() && a <= 1 << 30 => a as u32,
        _ => dl.abi_align(&m.types, ty),
    };
    Ok(Some(ByVal {
        size: dl.alloc_size(&m.types, ty),
        align: align.max(1),
    }))
}

impl FunctionLowering<'_> {
    /// Lowers the incoming arguments; call it once, with the entry block
    /// open (`mf.begin_block(fl.blocks[0])`), before building that block's
    /// DAG.
    pub fn lower_arguments(
        &mut self,
        mf: &mut MachFunction,
        lower: &dyn CallLowering,
    ) -> BResult<()> {
        let m = self.m;
        let lists: &[PoolRange] = match self.f.global.map(|g| &m.globals[g].kind) {
            Some(GlobalKind::Func(d)) => m.attrs.lists(d.param_attrs),
            _ => &[],
        };
        let mut args = Vec::with_capacity(self.arg_tys.len());
        self.arg_first.clear();
        // Registers per IR argument of vector type (a vector may take
        // several, which must be consecutive virtual registers).
        let mut vectors = Vec::new();
        for (k, &t) in self.arg_tys.iter().enumerate() {
            self.arg_first.push(args.len() as u32);
            let attrs = lists.get(k).copied().unwrap_or_default();
            if m.attrs.type_arg(attrs, "sret", &m.text).is_some() {
                self.sret = Some(k as u32);
            }
            if is_aggregate(m, t) {
                // Each part is an argument of its own (LLVM's rule); a
                // vector part in the one register of its legal type.
                let mut parts = Vec::new();
                parts_of(m, self.dl, t, 0, &mut parts)?;
                for &(vt, _) in &parts {
                    args.push(FormalArg::Value(super::vector::register_vt(lower, vt)?));
                }
                continue;
            }
            match byval(m, self.dl, &m.attrs, attrs)? {
                Some(b) => args.push(FormalArg::ByVal {
                    size: b.size,
                    align: b.align,
                }),
                None => {
                    let vt = scalar_vt(m, self.dl, t, "an argument")?;
                    let parts = super::vector::register_types(lower, vt)?;
                    if parts.len() > 1 {
                        vectors.push((args.len(), parts.len()));
                    }
                    args.extend(parts.into_iter().map(FormalArg::Value));
                }
            }
        }
        let va_start = self.variadic && self.calls_va_start();
        let lowered = lower.lower_arguments(mf, &args, va_start)?;
        super::vector::check_consecutive(&lowered.vals, &vectors)?;
        self.args = lowered.vals;
        self.va = lowered.va;
        Ok(())
    }

    /// Whether the body calls `llvm.va_start`.
    fn calls_va_start(&self) -> bool {
        let (m, f) = (self.m, self.f);
        (0..f.num_insts()).map(Inst::from_index).any(|i| {
            f.op(i) == Opcode::Call
                && f.inst_ops(i)
                    .first()
                    .and_then(|c| c.as_entity::<rcc_ir::GlobalId>(ValueTag::Global))
                    .is_some_and(|g| m.str(m.globals[g].name).starts_with("llvm.va_start"))
        })
    }
}

impl Builder<'_, '_> {
    /// The value of incoming argument `k`.
    pub(super) fn argument(&mut self, k: usize) -> BResult<SDValue> {
        let first = self.fl.arg_first.get(k).map_or(usize::MAX, |&f| f as usize);
        let ty = self.fl.arg_tys[k];
        if is_aggregate(self.fl.m, ty) {
            let mut layout = Vec::new();
            parts_of(self.fl.m, self.fl.dl, ty, 0, &mut layout)?;
            let mut parts = Vec::with_capacity(layout.len());
            for (j, &(vt, _)) in layout.iter().enumerate() {
                match self.fl.args.get(first + j) {
                    Some(&ArgValue::Reg(r)) => parts.push(self.copy_from(r, vt)),
                    _ => return unsupported("an aggregate argument that was not lowered"),
                }
            }
            return Ok(self.merge(&parts));
        }
        match self.fl.args.get(first) {
            Some(&ArgValue::Reg(r)) => {
                let ty = self.fl.arg_tys[k];
                let vt = self.vt(ty)?;
                let x = self.abi_argument(k, r, vt);
                // The caller leaves the bits above an odd width unspecified.
                Ok(match self.odd_bits(ty) {
                    Some(n) => self.zext_in_reg(x, n),
                    None => x,
                })
            }
            Some(&ArgValue::Frame(fi)) => {
                Ok(self
                    .dag
                    .value(Op::FrameIndex, VT::I64, &[], fi.as_u32() as u64))
            }
            None => unsupported("an argument that was not lowered"),
        }
    }

    /// What `ret void` returns: the `sret` pointer, if there is one.
    pub(super) fn sret_return(&mut self) -> BResult<Vec<SDValue>> {
        match self.fl.sret {
            Some(k) => Ok(vec![self.argument(k as usize)?]),
            None => Ok(Vec::new()),
        }
    }

    /// Call argument `a` (operand `k` of call `i`), wrapped in a `ByValArg`
    /// node when it is passed `byval`.
    pub(super) fn call_argument(&mut self, i: Inst, k: usize, a: SDValue) -> BResult<SDValue> {
        let f = self.fl.f;
        let lists = f.attrs.lists(f.call_info(i).arg_attrs);
        let Some(&r) = lists.get(k) else {
            return Ok(a);
        };
        Ok(match byval(self.fl.m, self.fl.dl, &f.attrs, r)? {
            Some(b) => self.dag.value(Op::ByValArg, VT::I64, &[a], b.pack()),
            None => a,
        })
    }

    /// The `va_arg` instruction `i` (clang expands `va_arg` itself on
    /// x86-64; hand-written IR may not).
    pub(super) fn va_arg(&mut self, i: Inst) -> BResult<()> {
        let f = self.fl.f;
        let vt = self.vt(f.ty[i.index()])?;
        let list = self.get(f.inst_ops(i)[0])?;
        let (v, chain) = self.lower.lower_va_arg(self.dag, self.chain, list, vt)?;
        self.chain = chain;
        self.set(i, v);
        Ok(())
    }

    /// Builds a call of an ABI intrinsic (`llvm.va_*`); returns whether
    /// `name` was one.
    pub(super) fn abi_intrinsic(&mut self, i: Inst, name: &str) -> BResult<bool> {
        let ops = self.fl.f.inst_ops(i);
        if name.starts_with("llvm.va_start") {
            let Some(va) = self.fl.va.as_deref() else {
                return unsupported("llvm.va_start outside a variadic function");
            };
            let list = self.get(ops[1])?;
            self.chain = self.lower.lower_va_start(self.dag, self.chain, list, va)?;
        } else if name.starts_with("llvm.va_copy") {
            let (dst, src) = (self.get(ops[1])?, self.get(ops[2])?);
            self.chain = self.lower.lower_va_copy(self.dag, self.chain, dst, src)?;
        } else if !name.starts_with("llvm.va_end") {
            return Ok(false);
        }
        Ok(true)
    }
}
