//! The machine function: target instructions over virtual and physical
//! registers, in struct-of-arrays form.
//!
//! Storage:
//! - instruction *data* lives in arenas indexed by [`MInst`] (`opc`,
//!   `ops`, one shared `operands` pool); an instruction, once created, is
//!   never moved or freed until the function is cleared;
//! - the *layout* is a separate `Vec<MInst>`; every block owns one
//!   contiguous range of it (`BlockData::start..end`); `order` lists the
//!   blocks in emission order;
//! - a pass that inserts or removes instructions writes a new layout in
//!   one linear walk ([`MachFunction::rewrite`]) instead of editing a list;
//! - wide or rare operand payloads live in side pools (`imm64`, `syms`),
//!   as do successor lists (`succ_pool`), constant-pool bytes and jump
//!   tables, and the CFI directives of `MOpc::CFI` instructions (`cfi`).
//!
//! Invariants: every `MInst` in the layout appears exactly once; block
//! ranges do not overlap; successors are set when a block is finished and
//! agree with its terminators (the verifier checks).
//!
//! Properties ([`prop`]) say which stage the function is in, like LLVM's
//! MachineFunctionProperties: instruction selection leaves it in SSA form,
//! PHI elimination and the two-address pass take it out, register
//! allocation removes the virtual registers. The verifier checks what each
//! property promises.

use crate::frame::FrameInfo;
use crate::operand::{OpKind, Operand};
use crate::prob::BranchProb;
use crate::reg::{PReg, Reg, RegClassId, VReg};
use crate::target::MOpc;
use rcc_ir::entity::{EntityId, PoolRange, PrimaryMap};
use rcc_ir::entity_id;
use rcc_ir::GlobalId;

entity_id!(
    /// A machine basic block.
    pub struct MBlock,
    "bb."
);

entity_id!(
    /// A machine instruction.
    pub struct MInst,
    "mi"
);

/// What a symbol operand refers to.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum SymTarget {
    /// A global of the module.
    Global(GlobalId),
    /// A runtime-library or other external function, by index into
    /// `MachFunction::ext_names`.
    External(u32),
    /// An entry of the function's constant pool.
    ConstPool(u32),
    /// A jump table of the function.
    JumpTable(u32),
    /// The address of a machine block of this function (`blockaddress`,
    /// jump-table entries).
    Block(MBlock),
    /// An exception-handling label of this function (`EH_LABEL`, see
    /// `crate::eh`), by number.
    EhLabel(u32),
}

/// How a symbol is referenced: a target flag (LLVM's `TargetFlags` of a
/// machine operand, e.g. x86's `MO_GOTPCREL`), opaque to generic code. The
/// target defines the non-zero values, names them
/// ([`crate::TargetInfo::sym_flag_name`]) and turns them into relocation
/// variants when it lowers the operand; [`SymFlag::NONE`] is a plain
/// reference on every target.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct SymFlag(pub u8);

impl SymFlag {
    /// A plain reference (no relocation variant).
    pub const NONE: SymFlag = SymFlag(0);
}

/// A symbol operand: target, addend and relocation variant.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct SymOperand {
    pub target: SymTarget,
    pub offset: i64,
    pub flag: SymFlag,
}

/// Function properties (bits of [`MachFunction::props`]).
pub mod prop {
    /// Every virtual register has exactly one def, which dominates its uses.
    pub const IS_SSA: u32 = 1;
    /// No PHI instructions remain.
    pub const NO_PHIS: u32 = 2;
    /// Every tied use names the same register as its def (two-address form).
    pub const TIED_REWRITTEN: u32 = 4;
    /// No virtual registers remain (after register allocation).
    pub const NO_VREGS: u32 = 8;
}

/// A machine block.
#[derive(Copy, Clone, Debug, Default)]
pub struct BlockData {
    /// Range of the block's instructions in `layout`.
    pub start: u32,
    pub end: u32,
    /// Successors, in `succ_pool`.
    pub succs: PoolRange,
    /// The probability of each successor edge, in `prob_pool`, parallel
    /// to `succs`; empty when not known (an even distribution).
    pub probs: PoolRange,
    /// The IR block this one was made from (`u32::MAX` for blocks made by
    /// lowering).
    pub ir_block: u32,
    /// Whether its address is taken (`blockaddress` or a jump table), so it
    /// needs a label even when only fallen into.
    pub address_taken: bool,
    /// Log2 of the alignment of its start in bytes (0: none), set by block
    /// placement on hot loop blocks (LLVM's `MachineBasicBlock` alignment).
    pub align_log2: u8,
    /// Physical registers live into the block (in `live_in_pool`), for
    /// blocks other than the entry, whose live-ins are
    /// `MachFunction::live_ins`. Empty before register allocation.
    pub live_ins: PoolRange,
}

/// A constant-pool entry: bytes with an alignment.
#[derive(Copy, Clone, Debug)]
pub struct ConstEntry {
    pub bytes: PoolRange,
    pub align: u32,
}

/// One machine function.
#[derive(Clone, Debug)]
pub struct MachFunction {
    /// The IR function.
    pub func: GlobalId,
    opc: Vec<MOpc>,
    ops: Vec<PoolRange>,
    operands: Vec<Operand>,
    /// 64-bit immediates (`OpKind::Imm64` payloads).
    pub imm64: Vec<i64>,
    /// Symbol operands (`OpKind::Sym` payloads), each distinct operand
    /// once ([`MachFunction::sym`] interns them).
    pub syms: Vec<SymOperand>,
    /// The index in `syms` of each symbol operand.
    sym_ids: ahash::AHashMap<SymOperand, u32>,
    /// Names of external symbols (`SymTarget::External`).
    pub ext_names: Vec<Box<str>>,
    pub blocks: PrimaryMap<MBlock, BlockData>,
    succ_pool: Vec<MBlock>,
    prob_pool: Vec<BranchProb>,
    /// The instructions of all blocks; each block owns a range.
    pub layout: Vec<MInst>,
    /// Blocks in emission order; the first is the entry.
    pub order: Vec<MBlock>,
    /// The class of every virtual register.
    pub vreg_class: PrimaryMap<VReg, RegClassId>,
    pub frame: FrameInfo,
    pub const_pool: Vec<ConstEntry>,
    pub const_bytes: Vec<u8>,
    /// Jump tables: block lists in `jt_pool`.
    pub jump_tables: Vec<PoolRange>,
    pub jt_pool: Vec<MBlock>,
    /// Physical registers live into the entry block (arguments).
    pub live_ins: Vec<PReg>,
    /// Call-frame-information directives; a `MOpc::CFI` instruction's one
    /// immediate operand indexes this table. Register operands are DWARF
    /// numbers, as the MC layer takes them.
    pub cfi: Vec<rcc_mc::Cfi>,
    /// Descriptors of the `MOpc::INLINEASM` instructions (their first
    /// operand indexes this table).
    pub inline_asms: Vec<crate::inline_asm::InlineAsm>,
    live_in_pool: Vec<PReg>,
    /// [`prop`] bits.
    pub props: u32,
    /// Physical registers written after register allocation (sorted,
    /// deduplicated; set by the allocator's rewrite), for prolog/epilog
    /// insertion to find the callee-saved registers to save.
    pub used_phys: Vec<PReg>,
    /// Registers reserved in this function only, on top of the target's
    /// (the frame pointer when the function keeps one): allocation leaves
    /// them alone and the verifier does not track their liveness.
    pub reserved: Vec<PReg>,
    /// Landing pads and invoke ranges (`crate::eh`).
    pub eh: crate::eh::EhInfo,
    /// The block being filled by [`MachFunction::push`].
    current: Option<MBlock>,
}

impl MachFunction {
    /// An empty machine function for `func`.
    pub fn new(func: GlobalId) -> Self {
        MachFunction {
            func,
            opc: Vec::new(),
            ops: Vec::new(),
            operands: Vec::new(),
            imm64: Vec::new(),
            syms: Vec::new(),
            sym_ids: Default::default(),
            ext_names: Vec::new(),
            blocks: PrimaryMap::new(),
            succ_pool: Vec::new(),
            prob_pool: Vec::new(),
            layout: Vec::new(),
            order: Vec::new(),
            vreg_class: PrimaryMap::new(),
            frame: FrameInfo::default(),
            const_pool: Vec::new(),
            const_bytes: Vec::new(),
            jump_tables: Vec::new(),
            jt_pool: Vec::new(),
            live_ins: Vec::new(),
            cfi: Vec::new(),
            inline_asms: Vec::new(),
            live_in_pool: Vec::new(),
            props: prop::IS_SSA,
            used_phys: Vec::new(),
            reserved: Vec::new(),
            eh: crate::eh::EhInfo::default(),
            current: None,
        }
    }

    /// Empties the function, keeping its buffers' capacity.
    pub fn clear(&mut self, func: GlobalId) {
        self.func = func;
        self.opc.clear();
        self.ops.clear();
        self.operands.clear();
        self.imm64.clear();
        self.syms.clear();
        self.sym_ids.clear();
        self.ext_names.clear();
        self.blocks.clear();
        self.succ_pool.clear();
        self.prob_pool.clear();
        self.layout.clear();
        self.order.clear();
        self.vreg_class.clear();
        self.frame.clear();
        self.const_pool.clear();
        self.const_bytes.clear();
        self.jump_tables.clear();
        self.jt_pool.clear();
        self.live_ins.clear();
        self.cfi.clear();
        self.inline_asms.clear();
        self.live_in_pool.clear();
        self.props = prop::IS_SSA;
        self.used_phys.clear();
        self.reserved.clear();
        self.eh.clear();
        self.current = None;
    }

    /// Whether property `p` ([`prop`]) holds.
    #[inline]
    pub fn has_prop(&self, p: u32) -> bool {
        self.props & p != 0
    }

    // ---- registers ----

    /// A new virtual register of class `c`.
    pub fn new_vreg(&mut self, c: RegClassId) -> VReg {
        self.vreg_class.push(c)
    }

    /// The class of a virtual register.
    #[inline]
    pub fn class_of(&self, v: VReg) -> RegClassId {
        self.vreg_class[v]
    }

    pub fn num_vregs(&self) -> usize {
        self.vreg_class.len()
    }

    // ---- instructions ----

    /// Creates an instruction (not yet placed in the layout).
    pub fn create(&mut self, opc: MOpc, operands: &[Operand]) -> MInst {
        let r = PoolRange::push_slice(&mut self.operands, operands);
        self.opc.push(opc);
        self.ops.push(r);
        MInst::from_u32(self.opc.len() as u32 - 1)
    }

    /// Creates an instruction and appends it to the current block.
    pub fn push(&mut self, opc: MOpc, operands: &[Operand]) -> MInst {
        debug_assert!(self.current.is_some(), "push outside a block");
        let i = self.create(opc, operands);
        self.layout.push(i);
        i
    }

    /// Creates a `MOpc::CFI` instruction for directive `c` (not yet placed
    /// in the layout).
    pub fn create_cfi(&mut self, c: rcc_mc::Cfi) -> MInst {
        self.cfi.push(c);
        let idx = Operand::imm(self.cfi.len() as i32 - 1);
        self.create(MOpc::CFI, &[idx])
    }

    /// The directive of a `MOpc::CFI` instruction.
    pub fn cfi_of(&self, i: MInst) -> Option<rcc_mc::Cfi> {
        if self.opc(i) != MOpc::CFI {
            return None;
        }
        let o = *self.operands(i).first()?;
        (o.kind() == OpKind::Imm)
            .then(|| self.cfi.get(o.imm_value() as usize).copied())
            .flatten()
    }

    /// Appends one more operand to the most recently created instruction.
    pub fn add_operand(&mut self, i: MInst, o: Operand) {
        let r = &mut self.ops[i.index()];
        assert_eq!(
            r.end as usize,
            self.operands.len(),
            "add_operand: not the last instruction"
        );
        self.operands.push(o);
        r.end += 1;
    }

    #[inline]
    pub fn opc(&self, i: MInst) -> MOpc {
        self.opc[i.index()]
    }

    pub fn set_opc(&mut self, i: MInst, o: MOpc) {
        self.opc[i.index()] = o;
    }

    #[inline]
    pub fn operands(&self, i: MInst) -> &[Operand] {
        self.ops[i.index()].get(&self.operands)
    }

    #[inline]
    pub fn operands_mut(&mut self, i: MInst) -> &mut [Operand] {
        self.ops[i.index()].get_mut(&mut self.operands)
    }

    /// Number of instructions created (placed or not).
    pub fn num_insts(&self) -> usize {
        self.opc.len()
    }

    /// Where the operands of `i` sit in the function's operand pool: side
    /// tables indexed by pool position (an allocation's per-operand
    /// registers) use this. Positions never change once created.
    #[inline]
    pub fn operand_range(&self, i: MInst) -> std::ops::Range<usize> {
        let r = self.ops[i.index()];
        r.start as usize..r.end as usize
    }

    /// Length of the operand pool (one past the largest position).
    pub fn operand_pool_len(&self) -> usize {
        self.operands.len()
    }

    /// The whole operand pool, by position (see
    /// [`MachFunction::operand_range`]): for rewrites that know the
    /// positions they change.
    pub fn operand_pool_mut(&mut self) -> &mut [Operand] {
        &mut self.operands
    }

    /// A 64-bit immediate operand.
    pub fn imm(&mut self, v: i64) -> Operand {
        if let Ok(v32) = i32::try_from(v) {
            Operand::imm(v32)
        } else {
            self.imm64.push(v);
            Operand::imm64_index(self.imm64.len() as u32 - 1)
        }
    }

    /// The value of an `Imm` or `Imm64` operand.
    pub fn imm_of(&self, o: Operand) -> Option<i64> {
        match o.kind() {
            OpKind::Imm => Some(o.imm_value() as i64),
            OpKind::Imm64 => self.imm64.get(o.payload() as usize).copied(),
            _ => None,
        }
    }

    /// A symbol operand.
    /// The operand of symbol `s`; equal symbols share one index, so the
    /// selector's hash-consed `Symbol` nodes of one global are one node
    /// (one address computation per block, not one per use).
    pub fn sym(&mut self, s: SymOperand) -> Operand {
        let next = self.syms.len() as u32;
        let i = *self.sym_ids.entry(s).or_insert(next);
        if i == next {
            self.syms.push(s);
        }
        Operand::sym_index(i)
    }

    /// The symbol of a `Sym` operand.
    pub fn sym_of(&self, o: Operand) -> Option<SymOperand> {
        (o.kind() == OpKind::Sym)
            .then(|| self.syms.get(o.payload() as usize).copied())
            .flatten()
    }

    /// An external symbol by name (interned per function).
    pub fn external(&mut self, name: &str) -> SymTarget {
        let i = match self.ext_names.iter().position(|n| &**n == name) {
            Some(i) => i,
            None => {
                self.ext_names.push(name.into());
                self.ext_names.len() - 1
            }
        };
        SymTarget::External(i as u32)
    }

    // ---- blocks ----

    /// A new empty block (not yet in `order`).
    pub fn create_block(&mut self, ir_block: u32) -> MBlock {
        self.blocks.push(BlockData {
            ir_block,
            ..BlockData::default()
        })
    }

    /// Starts filling block `b`: it is appended to `order` and its range
    /// starts at the end of the layout.
    pub fn begin_block(&mut self, b: MBlock) {
        debug_assert!(self.current.is_none(), "begin_block inside a block");
        let start = self.layout.len() as u32;
        let d = &mut self.blocks[b];
        d.start = start;
        d.end = start;
        self.order.push(b);
        self.current = Some(b);
    }

    /// The block being filled.
    pub fn current_block(&self) -> Option<MBlock> {
        self.current
    }

    /// Finishes the current block with its successors (probabilities not
    /// known).
    pub fn end_block(&mut self, succs: &[MBlock]) {
        self.end_block_with_probs(succs, &[]);
    }

    /// Finishes the current block with its successors and their
    /// probabilities (`probs` empty: not known; otherwise one per
    /// successor, see [`MachFunction::set_succs_with_probs`]).
    pub fn end_block_with_probs(&mut self, succs: &[MBlock], probs: &[BranchProb]) {
        let b = self.current.take().expect("end_block outside a block");
        let end = self.layout.len() as u32;
        self.blocks[b].end = end;
        self.set_succs_with_probs(b, succs, probs);
    }

    /// Splits block `b` (in `order`) before its `at`-th instruction: a new
    /// block, placed right after `b` in `order`, takes the instructions from
    /// there on and `b`'s successors (with their probabilities); `b` is left
    /// without successors for the caller to set. Returns the new block.
    pub fn split_block(&mut self, b: MBlock, at: usize) -> MBlock {
        let d = self.blocks[b];
        let mid = d.start + (at as u32).min(d.end - d.start);
        let nb = self.blocks.push(BlockData {
            start: mid,
            end: d.end,
            succs: d.succs,
            probs: d.probs,
            ir_block: u32::MAX,
            ..BlockData::default()
        });
        let bd = &mut self.blocks[b];
        bd.end = mid;
        bd.succs = PoolRange::default();
        bd.probs = PoolRange::default();
        self.place_after(b, nb);
        nb
    }

    /// A new block holding `insts`, placed right after block `after` in
    /// `order` and in the layout; it has no successors yet.
    pub fn insert_block_after(&mut self, after: MBlock, insts: &[MInst]) -> MBlock {
        let at = self.blocks[after].end;
        let n = insts.len() as u32;
        self.layout
            .splice(at as usize..at as usize, insts.iter().copied());
        for &o in &self.order {
            let d = &mut self.blocks[o];
            if d.start >= at && o != after {
                d.start += n;
                d.end += n;
            }
        }
        let nb = self.blocks.push(BlockData {
            start: at,
            end: at + n,
            ir_block: u32::MAX,
            ..BlockData::default()
        });
        self.place_after(after, nb);
        nb
    }

    /// Puts block `nb` right after `b` in `order` (at the end when `b` is
    /// not in it).
    fn place_after(&mut self, b: MBlock, nb: MBlock) {
        let pos = self.order.iter().position(|&x| x == b);
        let pos = pos.map_or(self.order.len(), |p| p + 1);
        self.order.insert(pos, nb);
    }

    /// Appends instruction `i` (made with [`MachFunction::create`]) to the
    /// end of block `b`, the last block in the layout or any block (the
    /// layout of the blocks after it shifts).
    pub fn append_to_block(&mut self, b: MBlock, i: MInst) {
        let at = self.blocks[b].end;
        self.layout.insert(at as usize, i);
        for &o in &self.order {
            let d = &mut self.blocks[o];
            if o == b {
                d.end += 1;
            } else if d.start >= at && d.end > at {
                d.start += 1;
                d.end += 1;
            }
        }
    }

    /// The instructions of `b`, in order.
    #[inline]
    pub fn block_insts(&self, b: MBlock) -> &[MInst] {
        let d = &self.blocks[b];
        &self.layout[d.start as usize..d.end as usize]
    }

    #[inline]
    pub fn succs(&self, b: MBlock) -> &[MBlock] {
        self.blocks[b].succs.get(&self.succ_pool)
    }

    /// Physical registers live into `b` (for the entry block, see
    /// [`MachFunction::live_ins`]).
    pub fn block_live_ins(&self, b: MBlock) -> &[PReg] {
        self.blocks[b].live_ins.get(&self.live_in_pool)
    }

    /// Sets the live-in physical registers of `b`.
    pub fn set_block_live_ins(&mut self, b: MBlock, regs: &[PReg]) {
        let r = PoolRange::push_slice(&mut self.live_in_pool, regs);
        self.blocks[b].live_ins = r;
    }

    /// Replaces the successors of `b`; their probabilities become
    /// unknown (a pass that keeps them uses
    /// [`MachFunction::set_succs_with_probs`]).
    pub fn set_succs(&mut self, b: MBlock, succs: &[MBlock]) {
        self.set_succs_with_probs(b, succs, &[]);
    }

    /// Replaces the successors of `b` and their probabilities: `probs` is
    /// empty (not known) or parallel to `succs`. Any other length is stored
    /// as given so that the verifier reports it (the MIR reader may build
    /// such a function from a broken file).
    pub fn set_succs_with_probs(&mut self, b: MBlock, succs: &[MBlock], probs: &[BranchProb]) {
        let r = PoolRange::push_slice(&mut self.succ_pool, succs);
        let p = PoolRange::push_slice(&mut self.prob_pool, probs);
        let d = &mut self.blocks[b];
        d.succs = r;
        d.probs = p;
    }

    /// The probabilities of the successors of `b`, parallel to
    /// [`MachFunction::succs`], or `None` when they are not known.
    #[inline]
    pub fn succ_probs(&self, b: MBlock) -> Option<&[BranchProb]> {
        let p = self.blocks[b].probs.get(&self.prob_pool);
        (!p.is_empty()).then_some(p)
    }

    /// The probability of the edge to the `k`-th successor of `b`: the
    /// stored one, or an even share when none are known (LLVM's
    /// `getSuccProbability`).
    pub fn succ_prob(&self, b: MBlock, k: usize) -> BranchProb {
        match self.succ_probs(b) {
            Some(p) if p.len() == self.succs(b).len() => p.get(k).copied().unwrap_or_default(),
            _ => BranchProb::even(self.succs(b).len()),
        }
    }

    /// Predecessor lists of every block, by a counting sort over the
    /// successor lists of the blocks in `order`.
    pub fn preds(&self) -> Preds {
        let n = self.blocks.len();
        let mut start = vec![0u32; n + 1];
        for &b in &self.order {
            for &s in self.succs(b) {
                start[s.index() + 1] += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut pool = vec![MBlock::from_u32(0); start[n] as usize];
        for &b in &self.order {
            for &s in self.succs(b) {
                pool[fill[s.index()] as usize] = b;
                fill[s.index()] += 1;
            }
        }
        Preds { start, pool }
    }

    /// Rewrites the layout block by block: `f(mf, b, old, out)` receives the
    /// block's old instructions and pushes the new sequence to `out`; it may
    /// create instructions with `mf.create`. `scratch` is a reused buffer.
    pub fn rewrite(
        &mut self,
        scratch: &mut Vec<MInst>,
        mut f: impl FnMut(&mut MachFunction, MBlock, &[MInst], &mut Vec<MInst>),
    ) {
        let old = std::mem::take(&mut self.layout);
        scratch.clear();
        // Most rewrites keep about as many instructions.
        scratch.reserve(old.len());
        let order = std::mem::take(&mut self.order);
        for &b in &order {
            let d = self.blocks[b];
            let start = scratch.len() as u32;
            f(self, b, &old[d.start as usize..d.end as usize], scratch);
            let d = &mut self.blocks[b];
            d.start = start;
            d.end = scratch.len() as u32;
        }
        self.order = order;
        self.layout = std::mem::replace(scratch, old);
    }

    // ---- constants and jump tables ----

    /// A constant-pool entry (deduplicated by bytes and alignment).
    pub fn constant(&mut self, bytes: &[u8], align: u32) -> u32 {
        for (i, e) in self.const_pool.iter().enumerate() {
            if e.align == align && e.bytes.get(&self.const_bytes) == bytes {
                return i as u32;
            }
        }
        let r = PoolRange::push_slice(&mut self.const_bytes, bytes);
        self.const_pool.push(ConstEntry { bytes: r, align });
        self.const_pool.len() as u32 - 1
    }

    /// A jump table over `targets`.
    pub fn jump_table(&mut self, targets: &[MBlock]) -> u32 {
        let r = PoolRange::push_slice(&mut self.jt_pool, targets);
        self.jump_tables.push(r);
        self.jump_tables.len() as u32 - 1
    }

    /// Physical registers referenced anywhere (for callee-saved handling).
    pub fn for_each_phys_def(&self, mut f: impl FnMut(PReg)) {
        for &i in &self.layout {
            for o in self.operands(i) {
                if o.is_def() {
                    if let Some(p) = o.reg().as_phys() {
                        f(p);
                    }
                }
            }
        }
    }

    /// The callee-saved registers (preserved by register mask `mask`) that
    /// the allocated function writes, as the widest preserved register of
    /// each family (`RBX`, not `EBX`), for prolog/epilog insertion. Reads
    /// `used_phys`, so it is meaningful after register allocation.
    pub fn callee_saved_written(&self, t: &dyn crate::target::TargetInfo, mask: u32) -> Vec<PReg> {
        let keep = t.preserved_regs(mask);
        let mut used = vec![false; t.num_regs()];
        for u in &self.used_phys {
            if let Some(x) = used.get_mut(u.0 as usize) {
                *x = true;
            }
        }
        let mut out: Vec<PReg> = keep
            .iter()
            .copied()
            .filter(|&r| t.aliases(r).iter().any(|&a| used[a as usize]))
            .filter(|&r| !t.is_reserved(r))
            .filter(|&r| {
                !keep.iter().any(|&w| {
                    w != r && t.aliases(r).contains(&w.0) && t.reg_bits(w) > t.reg_bits(r)
                })
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Whether physical register `r` is reserved, by the target or in this
    /// function ([`MachFunction::reserved`], with every overlapping
    /// register).
    pub fn is_reserved(&self, t: &dyn crate::target::TargetInfo, r: PReg) -> bool {
        t.is_reserved(r) || self.reserved.iter().any(|&x| t.aliases(x).contains(&r.0))
    }

    /// Whether `r` is a virtual register of this function.
    pub fn is_vreg(&self, r: Reg) -> bool {
        r.as_virt()
            .is_some_and(|v| v.index() < self.vreg_class.len())
    }
}

/// Predecessor lists (see [`MachFunction::preds`]).
pub struct Preds {
    start: Vec<u32>,
    pool: Vec<MBlock>,
}

impl Preds {
    pub fn of(&self, b: MBlock) -> &[MBlock] {
        &self.pool[self.start[b.index()] as usize..self.start[b.index() + 1] as usize]
    }
}
