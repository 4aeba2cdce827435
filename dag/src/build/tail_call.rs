//! Whether a call may become a sibling call (a `jmp` after the epilogue
//! instead of `call` + `ret`): the target-independent half of LLVM's rules
//! (`isInTailCallPosition`, `returnTypeIsEligibleForTailCall`,
//! `attributesPermitTailCall`); the target then checks how the arguments
//! are passed ([`CallLowering::lower_tail_call`](crate::CallLowering::lower_tail_call)).
//!
//! A call is in tail position when it is marked `tail` or `musttail`, the
//! caller lacks `"disable-tail-calls"="true"` and has no `sret` parameter
//! (SysV returns the `sret` pointer, which the callee would not), both
//! calling conventions are C (or `fastcc`, the same convention on x86-64
//! without guaranteed tail calls), and its block ends in `ret` with only
//! instructions in between that LLVM skips (debug, `lifetime.end`,
//! `assume`, `noalias.scope.decl`) or that neither touch memory nor can
//! trap (arithmetic without division, comparisons, casts, GEPs, selects,
//! aggregate element access), none of which reads the call's value or
//! is copied out for another block. The
//! `ret` returns nothing, `undef`/`poison`, or exactly the call's value with
//! compatible return attributes.
//!
//! Invariant: a call that passes these checks and that the target lowers
//! as a tail call leaves nothing observable for the rest of its block to
//! do: the `ret` is not lowered and the values in between are dead.

use super::FunctionLowering;
use rcc_ir::attrs::{Attr, AttrPool};
use rcc_ir::constant::{ConstId, ConstKind};
use rcc_ir::entity::{EntityId, PoolRange};
use rcc_ir::inst::{Opcode, TailKind};
use rcc_ir::module::GlobalKind;
use rcc_ir::{Block, GlobalId, Inst, Value, ValueTag};

/// The C calling convention and `fastcc` (the same registers on x86-64).
fn c_like(cconv: u32) -> bool {
    matches!(cconv, 0 | 8)
}

/// Intrinsics that do not stand between a call and its return.
const SKIPPED: [&str; 5] = [
    "llvm.dbg.",
    "llvm.lifetime.end",
    "llvm.assume",
    "llvm.experimental.noalias.scope.decl",
    "llvm.pseudoprobe",
];

/// Return attributes that do not change how a value is returned.
const BENIGN: [&str; 7] = [
    "align",
    "dereferenceable",
    "dereferenceable_or_null",
    "noalias",
    "nonnull",
    "noundef",
    "range",
];

/// The keyword of attribute `a` (`None`: a string attribute or a group).
fn keyword<'t>(a: &Attr, text: &'t str) -> Option<&'t str> {
    match a {
        Attr::Word(s) | Attr::Int(s, _) | Attr::Type(s, _) => Some(s.text(text)),
        Attr::Raw(s) => {
            let t = s.text(text);
            Some(t.split('(').next().unwrap_or(t))
        }
        Attr::Str { .. } | Attr::Group(_) => None,
    }
}

/// The return attributes of list `r` that matter for how a value is
/// returned, as text, sorted, and whether `zeroext`/`signext` is among
/// them (reported apart, not in the list).
fn ret_attrs(pool: &AttrPool, r: PoolRange, text: &str) -> (Vec<String>, bool, bool) {
    let (mut zext, mut sext) = (false, false);
    let mut rest = Vec::new();
    for a in pool.get(r) {
        match keyword(a, text) {
            Some("zeroext") => zext = true,
            Some("signext") => sext = true,
            Some(k) if BENIGN.contains(&k) => {}
            // Spans differ between pools: compare the text.
            _ => rest.push(attr_text(a, text)),
        }
    }
    rest.sort_unstable();
    (rest, zext, sext)
}

/// The source text of attribute `a` (groups by number).
fn attr_text(a: &Attr, text: &str) -> String {
    match a {
        Attr::Word(s) | Attr::Raw(s) => s.text(text).to_string(),
        Attr::Int(s, v) => format!("{}({v})", s.text(text)),
        Attr::Type(s, t) => format!("{}({})", s.text(text), t.as_u32()),
        Attr::Str { key, value } => format!("{}={}", key.text(text), value.text(text)),
        Attr::Group(n) => format!("#{n}"),
    }
}

impl FunctionLowering<'_> {
    /// Whether the caller has the string attribute `"key"="true"`.
    fn fn_str_attr_true(&self, g: GlobalId, key: &str) -> bool {
        let m = self.m;
        let GlobalKind::Func(d) = &m.globals[g].kind else {
            return false;
        };
        let pool = &m.attrs;
        let is = |a: &Attr| {
            matches!(a, Attr::Str { key: k, value: v }
                if k.text(&m.text).trim_matches('"') == key
                    && v.text(&m.text).trim_matches('"') == "true")
        };
        pool.get(d.fn_attrs).iter().any(|a| match a {
            Attr::Group(n) => m
                .attr_groups
                .iter()
                .filter(|(k, _)| k == n)
                .any(|&(_, r)| pool.get(r).iter().any(is)),
            a => is(a),
        })
    }

    /// Whether call `i` is in tail position (see the module comment); the
    /// target still decides whether it can make the tail call.
    pub fn in_tail_position(&self, i: Inst) -> bool {
        let (m, f) = (self.m, self.f);
        if !matches!(
            TailKind::from_flags(f.flags[i.index()]),
            TailKind::Tail | TailKind::MustTail
        ) {
            return false;
        }
        let Some(g) = f.global else { return false };
        let Some(caller) = m.func(g) else {
            return false;
        };
        let info = f.call_info(i);
        if self.sret.is_some()
            || !c_like(caller.cconv)
            || !c_like(info.cconv)
            || self.fn_str_attr_true(g, "disable-tail-calls")
        {
            return false;
        }
        let b = Block::from_u32(self.inst_block[i.index()]);
        let (Some(ret), Some(rv)) = (f.terminator(b), self.return_of(b)) else {
            return false;
        };
        // Nothing after the call may need code: no use of its value, no
        // value copied out for another block (an unreachable one may read
        // any value).
        let me = Value::of(ValueTag::Inst, i);
        for j in (i.index()..ret.index()).map(Inst::from_index) {
            if !self.inst_vreg[j.index()].is_none() {
                return false;
            }
            if j != i && (f.inst_ops(j).contains(&me) || !self.skippable(j)) {
                return false;
            }
        }
        match rv {
            None => true,
            Some(v) if self.is_undef(v) => true,
            Some(v) => v == me && self.ret_attrs_permit(i, true),
        }
    }

    fn is_undef(&self, v: Value) -> bool {
        v.as_entity::<ConstId>(ValueTag::Const).is_some_and(|c| {
            matches!(
                self.f.consts.get(c).kind,
                ConstKind::Undef | ConstKind::Poison
            )
        })
    }

    /// LLVM's `attributesPermitTailCall`: the return attributes of the
    /// caller and of call `i` agree, ignoring those that do not change how
    /// a value is returned; an extension the caller promises must be the
    /// callee's too, and one only the callee makes is allowed when the
    /// call's value is unused (`used` false).
    fn ret_attrs_permit(&self, i: Inst, used: bool) -> bool {
        let (m, f) = (self.m, self.f);
        let Some(caller) = f.global.and_then(|g| m.func(g)) else {
            return false;
        };
        let info = f.call_info(i);
        let (caller_rest, caller_z, caller_s) = ret_attrs(&m.attrs, caller.ret_attrs, &m.text);
        let (callee_rest, callee_z, callee_s) = ret_attrs(&f.attrs, info.ret_attrs, &m.text);
        if (caller_z && !callee_z) || (caller_s && !callee_s) {
            return false;
        }
        if used && (caller_z != callee_z || caller_s != callee_s) {
            return false;
        }
        caller_rest == callee_rest
    }

    /// What block `b` returns when it ends in a return, its own or one
    /// duplicated into it ([`FunctionLowering::plan_ret_duplication`]):
    /// `Some(None)` for `ret void`, `Some(Some(v))` for a value; `None`
    /// when `b` does not return.
    pub(super) fn return_of(&self, b: Block) -> Option<Option<Value>> {
        let f = self.f;
        let t = f.terminator(b)?;
        if f.op(t) == Opcode::Ret {
            return Some(f.inst_ops(t).first().copied());
        }
        let r = self.ret_into(b)?;
        let ret = f.terminator(r)?;
        let rv = f.inst_ops(ret).first().copied();
        let Some(phi) = rv.and_then(|v| v.as_entity::<Inst>(ValueTag::Inst)) else {
            return Some(rv);
        };
        // The returned phi's input from `b`.
        f.inst_ops(phi)
            .chunks(2)
            .find(|c| c.get(1).and_then(|x| x.as_entity::<Block>(ValueTag::Block)) == Some(b))
            .map(|c| Some(c[0]))
    }

    /// The return block duplicated into block `b`, if any.
    pub(super) fn ret_into(&self, b: Block) -> Option<Block> {
        self.ret_into
            .get(b.index())
            .copied()
            .filter(|&r| r != u32::MAX)
            .map(Block::from_u32)
    }

    /// LLVM's `CodeGenPrepare::dupRetToEnableTailCallOpts`: a block that
    /// ends with a `tail` call and an unconditional branch to a block
    /// holding only PHIs and `ret` (of one of those PHIs, of `undef`, or
    /// void) gets a copy of that `ret`, so that the call is in tail
    /// position. With a PHI, the call must be the PHI's input from the
    /// block and have no other use; without, the call must come right
    /// before the branch and its value be unused. The return block loses
    /// the block as a predecessor (its PHIs lose the input).
    pub fn plan_ret_duplication(&mut self) {
        let f = self.f;
        self.ret_into.clear();
        self.ret_into.resize(f.blocks.len(), u32::MAX);
        let Some(g) = f.global else { return };
        if self.fn_str_attr_true(g, "disable-tail-calls") {
            return;
        }
        for p in f.blocks.keys() {
            let Some(t) = f.terminator(p) else { continue };
            let ops = f.inst_ops(t);
            if f.op(t) != Opcode::Br || ops.len() != 1 {
                continue;
            }
            let Some(r) = ops[0].as_entity::<Block>(ValueTag::Block) else {
                continue;
            };
            if r != p && self.may_duplicate_ret(p, t, r) {
                self.ret_into[p.index()] = r.as_u32();
            }
        }
    }

    /// Whether return block `r` may be duplicated into `p`, which ends with
    /// `br label %r` (`br`): see [`FunctionLowering::plan_ret_duplication`].
    fn may_duplicate_ret(&self, p: Block, br: Inst, r: Block) -> bool {
        let (m, f) = (self.m, self.f);
        let Some(ret) = f.terminator(r) else {
            return false;
        };
        if f.op(ret) != Opcode::Ret {
            return false;
        }
        let rv = f.inst_ops(ret).first().copied();
        let phi = rv
            .and_then(|v| v.as_entity::<Inst>(ValueTag::Inst))
            .filter(|&i| f.op(i) == Opcode::Phi);
        match (rv, phi) {
            (None, _) | (_, Some(_)) => {}
            (Some(v), None) if self.is_undef(v) => {}
            _ => return false,
        }
        if phi.is_some_and(|i| self.inst_block[i.index()] != r.as_u32()) {
            return false;
        }
        // Nothing but PHIs and code-free intrinsics before the `ret`.
        let is_free_intrinsic = |i: Inst, names: &[&str]| {
            f.op(i) == Opcode::Call
                && f.inst_ops(i)
                    .first()
                    .and_then(|c| c.as_entity::<GlobalId>(ValueTag::Global))
                    .is_some_and(|g| {
                        let name = m.str(m.globals[g].name);
                        names.iter().any(|p| name.starts_with(p))
                    })
        };
        const FREE: [&str; 3] = ["llvm.dbg.", "llvm.pseudoprobe", "llvm.lifetime.end"];
        if !f
            .block_insts(r)
            .all(|i| i == ret || f.op(i) == Opcode::Phi || is_free_intrinsic(i, &FREE))
        {
            return false;
        }
        // Uses of value `v` among the PHIs of `r`.
        let phi_uses = |v: Value| {
            f.block_insts(r)
                .take_while(|&i| f.op(i) == Opcode::Phi)
                .map(|i| f.inst_ops(i).chunks(2).filter(|c| c[0] == v).count())
                .sum::<usize>()
        };
        let tail_marked = |i: Inst| {
            f.op(i) == Opcode::Call
                && matches!(
                    TailKind::from_flags(f.flags[i.index()]),
                    TailKind::Tail | TailKind::MustTail
                )
        };
        if let Some(phi) = phi {
            let Some(v) = f
                .inst_ops(phi)
                .chunks(2)
                .find(|c| c.get(1).and_then(|x| x.as_entity::<Block>(ValueTag::Block)) == Some(p))
                .map(|c| c[0])
            else {
                return false;
            };
            let Some(ci) = v.as_entity::<Inst>(ValueTag::Inst) else {
                return false;
            };
            if !tail_marked(ci) || self.inst_block[ci.index()] != p.as_u32() {
                return false;
            }
            // The PHI is the call's one use.
            let later =
                (ci.index() + 1..br.index()).any(|j| f.inst_ops(Inst::from_index(j)).contains(&v));
            if later || !self.inst_vreg[ci.index()].is_none() || phi_uses(v) != 1 {
                return false;
            }
            return self.ret_attrs_permit(ci, true);
        }
        // `ret void` or `ret undef`: the call right before the branch,
        // its value unused.
        let Some(ci) = (f.blocks[p].insts.start as usize..br.index())
            .rev()
            .map(Inst::from_index)
            .find(|&i| !is_free_intrinsic(i, &["llvm.dbg.", "llvm.pseudoprobe"]))
        else {
            return false;
        };
        let v = Value::of(ValueTag::Inst, ci);
        tail_marked(ci)
            && self.inst_vreg[ci.index()].is_none()
            && phi_uses(v) == 0
            && self.ret_attrs_permit(ci, false)
    }

    /// Whether instruction `j`, between a call and the `ret`, lets the call
    /// stay in tail position.
    fn skippable(&self, j: Inst) -> bool {
        let (m, f) = (self.m, self.f);
        match f.op(j) {
            Opcode::Call => f
                .inst_ops(j)
                .first()
                .and_then(|c| c.as_entity::<GlobalId>(ValueTag::Global))
                .is_some_and(|g| {
                    let name = m.str(m.globals[g].name);
                    SKIPPED.iter().any(|p| name.starts_with(p))
                }),
            Opcode::FNeg
            | Opcode::Add
            | Opcode::FAdd
            | Opcode::Sub
            | Opcode::FSub
            | Opcode::Mul
            | Opcode::FMul
            | Opcode::FDiv
            | Opcode::FRem
            | Opcode::Shl
            | Opcode::LShr
            | Opcode::AShr
            | Opcode::And
            | Opcode::Or
            | Opcode::Xor
            | Opcode::ExtractElement
            | Opcode::InsertElement
            | Opcode::ShuffleVector
            | Opcode::ExtractValue
            | Opcode::InsertValue
            | Opcode::GetElementPtr
            | Opcode::Trunc
            | Opcode::ZExt
            | Opcode::SExt
            | Opcode::FPTrunc
            | Opcode::FPExt
            | Opcode::PtrToInt
            | Opcode::IntToPtr
            | Opcode::BitCast
            | Opcode::ICmp
            | Opcode::FCmp
            | Opcode::Select
            | Opcode::Freeze => true,
            _ => false,
        }
    }
}
