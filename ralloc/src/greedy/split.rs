//! The split editor (SplitKit's `SplitEditor`, reduced to one model): a
//! split assigns every point where the original vreg is live to one of
//! several *intervals* (0 is the complement, 1.. are opened by the
//! caller); each interval becomes a new vreg standing for the original.
//!
//! The caller describes the assignment per block: the interval the value
//! is in on entry and on exit ([`SplitEditor::set_block`]; blocks not
//! described use interval 0 on both sides), and *cuts*: "from this
//! instruction on, interval k" ([`SplitEditor::cut`]). The editor then
//! (see [`SplitEditor::finish`]):
//! 1. checks that every CFG edge the value crosses leaves and enters in the
//!    same interval (region splits guarantee it through edge bundles);
//! 2. renames every operand of the original to the interval of its
//!    instruction's piece;
//! 3. inserts `COPY new ← old` at each piece boundary where the original is
//!    live (before the cut's instruction; a live-out value changes to the
//!    exit interval before the block's last split point, so terminators
//!    and the call of an invoke read the exit interval);
//! 4. recomputes the new intervals (and the now empty original) with the
//!    edit layer and records new → original in the `VirtRegMap`.
//!
//! Correctness does not depend on where cuts are placed: each new interval
//! is recomputed from its occurrences, and a copy joins the pieces wherever
//! the value crosses from one interval to another. Cut placement only
//! decides the quality of the split.
//!
//! Invariants: cuts at or after a live-out block's last split point are
//! ignored (the exit interval holds there); cuts of one block at the same
//! instruction keep the last one given; no instruction is inserted before
//! all checks pass, so a refused split leaves the function unchanged.
//! Scratch is reused from split to split.

use crate::liveness::{LiveRange, Liveness, SlotIndex};
use rcc_ir::entity::EntityId;
use rcc_mach::{MBlock, MInst, MOpc, MachFunction, Operand, Reg, TargetInfo, VReg};

const DEFAULT: u32 = u32::MAX;

#[derive(Copy, Clone, Debug)]
struct Cut {
    block: MBlock,
    /// The instruction the piece starts at; `None`: the block end.
    anchor: Option<MInst>,
    key: SlotIndex,
    seq: u32,
    intv: u32,
}

/// Why a split was refused (nothing was changed).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SplitRefused {
    /// An edge leaves its block in one interval and enters the successor in
    /// another.
    InconsistentEdge,
    /// The split would leave everything in one interval.
    NoChange,
}

/// The editor (see the module comment).
#[derive(Default)]
pub struct SplitEditor {
    orig: Option<VReg>,
    lr: LiveRange,
    num_intvs: u32,
    io: Vec<(u32, u32)>,
    touched: Vec<MBlock>,
    cuts: Vec<Cut>,
    // Scratch of finish.
    occ: Vec<(MInst, usize)>,
    occ_intv: Vec<u32>,
    copies: Vec<(MBlock, Option<MInst>, u32, u32)>,
    vregs: Vec<Option<VReg>>,
    pieces: Vec<Cut>,
}

impl SplitEditor {
    /// Starts a split of `orig` (whose interval is `lr`) in a function with
    /// `num_blocks` blocks.
    pub fn reset(&mut self, orig: VReg, lr: &LiveRange, num_blocks: usize) {
        self.orig = Some(orig);
        self.lr.clone_from(lr);
        self.num_intvs = 1;
        for &b in &self.touched {
            if let Some(e) = self.io.get_mut(b.index()) {
                *e = (DEFAULT, DEFAULT);
            }
        }
        self.touched.clear();
        if self.io.len() < num_blocks {
            self.io.resize(num_blocks, (DEFAULT, DEFAULT));
        }
        self.cuts.clear();
    }

    /// A new interval number.
    pub fn open_intv(&mut self) -> u32 {
        self.num_intvs += 1;
        self.num_intvs - 1
    }

    pub fn num_intvs(&self) -> u32 {
        self.num_intvs
    }

    /// The original interval being split.
    pub fn orig_range(&self) -> &LiveRange {
        &self.lr
    }

    /// The value enters `b` in interval `entry` and leaves it in `exit`.
    pub fn set_block(&mut self, b: MBlock, entry: u32, exit: u32) {
        if self.io[b.index()] == (DEFAULT, DEFAULT) {
            self.touched.push(b);
        }
        self.io[b.index()] = (entry, exit);
    }

    fn io_of(&self, b: MBlock) -> (u32, u32) {
        let (i, o) = self
            .io
            .get(b.index())
            .copied()
            .unwrap_or((DEFAULT, DEFAULT));
        (
            if i == DEFAULT { 0 } else { i },
            if o == DEFAULT { 0 } else { o },
        )
    }

    /// From `anchor` on (the block end when `None`), block `b` is in
    /// interval `intv`. `st` gives the anchor's index.
    pub fn cut(&mut self, st: &Liveness, b: MBlock, anchor: Option<MInst>, intv: u32) {
        if self.io[b.index()] == (DEFAULT, DEFAULT) {
            self.touched.push(b);
            self.io[b.index()] = (0, 0);
        }
        let key = match anchor {
            Some(i) => st.indexes.index(i),
            None => st.indexes.block_end(b),
        };
        let seq = self.cuts.len() as u32;
        self.cuts.push(Cut {
            block: b,
            anchor,
            key,
            seq,
            intv,
        });
    }

    /// Applies the split (see the module comment). Returns the new vregs
    /// with their interval numbers in `out`.
    pub fn finish(
        &mut self,
        mf: &mut MachFunction,
        t: &dyn TargetInfo,
        st: &mut Liveness,
        out: &mut Vec<(VReg, u32)>,
    ) -> Result<(), SplitRefused> {
        let _ = t;
        out.clear();
        let orig = self.orig.expect("SplitEditor::finish without reset");
        // 1. Edges, of the blocks the value is live in (found from its
        // segments, so the cost is what the interval covers).
        let blocks = st.indexes.blocks();
        for seg in self.lr.segments() {
            let mut k = blocks.partition_point(|&(s, _)| s <= seg.start).max(1) - 1;
            while k < blocks.len() && blocks[k].0 < seg.end {
                let b = blocks[k].1;
                k += 1;
                let end = st.indexes.block_end(b);
                if seg.end < end || !self.lr.live_at(end.prev_slot()) {
                    continue;
                }
                let exit = self.io_of(b).1;
                for &s in mf.succs(b) {
                    if self.lr.live_at(st.indexes.block_start(s)) && self.io_of(s).0 != exit {
                        return Err(SplitRefused::InconsistentEdge);
                    }
                }
            }
        }
        // 2. Pieces per touched block: the entry piece, the cuts, the
        // exit piece at the last split point.
        self.pieces.clear();
        for k in 0..self.touched.len() {
            let b = self.touched[k];
            let (entry, exit) = self.io_of(b);
            self.pieces.push(Cut {
                block: b,
                anchor: None,
                key: st.indexes.block_start(b),
                seq: 0,
                intv: entry,
            });
            let end = st.indexes.block_end(b);
            if self.lr.live_at(end.prev_slot()) {
                let lsp = st.indexes.last_split_point(mf, t, b);
                self.pieces.push(Cut {
                    block: b,
                    anchor: lsp.inst,
                    key: lsp.idx,
                    seq: u32::MAX,
                    intv: exit,
                });
            }
        }
        for c in &self.cuts {
            let Cut { seq, .. } = *c;
            self.pieces.push(Cut { seq: seq + 1, ..*c });
        }
        // Order blocks by their start so a block's pieces are contiguous.
        let si = &st.indexes;
        self.pieces
            .sort_by_key(|c| (si.block_start(c.block), c.key, c.seq));
        // Drop cuts after a live-out block's exit piece, and collapse cuts
        // at one key (the last wins).
        let mut w = 0;
        for r in 0..self.pieces.len() {
            let c = self.pieces[r];
            if w > 0 {
                let p = self.pieces[w - 1];
                if p.block == c.block && p.seq == u32::MAX {
                    continue;
                }
                if p.block == c.block && p.key == c.key {
                    self.pieces[w - 1] = Cut {
                        anchor: if c.seq == u32::MAX {
                            c.anchor
                        } else {
                            p.anchor
                        },
                        ..c
                    };
                    continue;
                }
            }
            self.pieces[w] = c;
            w += 1;
        }
        self.pieces.truncate(w);
        if self.num_intvs <= 1 && self.pieces.iter().all(|c| c.intv == 0) {
            return Err(SplitRefused::NoChange);
        }
        // 3. Copies at piece changes where the value is live (before any
        // insertion: indexes are stable until then).
        self.copies.clear();
        for k in 1..self.pieces.len() {
            let (p, c) = (self.pieces[k - 1], self.pieces[k]);
            if p.block != c.block || p.intv == c.intv {
                continue;
            }
            let live = match c.anchor {
                Some(_) => self.lr.live_at(c.key),
                None => self.lr.live_at(c.key.prev_slot()),
            };
            if live {
                self.copies.push((c.block, c.anchor, p.intv, c.intv));
            }
        }
        // 4. The interval of every occurrence; a split that leaves
        // everything in one interval is refused before anything changes.
        self.occ.clear();
        self.occ.extend(st.uses.iter(orig));
        self.occ_intv.clear();
        for k in 0..self.occ.len() {
            let i = self.occ[k].0;
            let idx = st.indexes.index(i);
            let intv = match st.indexes.inst_block(i) {
                Some(b) => {
                    let bs = st.indexes.block_start(b);
                    let si = &st.indexes;
                    let hi = self
                        .pieces
                        .partition_point(|c| (si.block_start(c.block), c.key) <= (bs, idx));
                    match hi.checked_sub(1).map(|h| self.pieces[h]) {
                        Some(c) if c.block == b => c.intv,
                        _ => self.io_of(b).0,
                    }
                }
                None => 0,
            };
            self.occ_intv.push(intv);
        }
        let first = self
            .occ_intv
            .first()
            .copied()
            .or_else(|| self.copies.first().map(|c| c.2));
        let uniform = self.occ_intv.iter().all(|&k| Some(k) == first)
            && self
                .copies
                .iter()
                .all(|c| Some(c.2) == first && Some(c.3) == first);
        if uniform {
            return Err(SplitRefused::NoChange);
        }
        // Renames.
        self.vregs.clear();
        self.vregs.resize(self.num_intvs as usize, None);
        for k in 0..self.occ.len() {
            let (i, pos) = self.occ[k];
            let intv = self.occ_intv[k];
            let v = self.vreg(mf, st, orig, intv);
            let op = pos - mf.operand_range(i).start;
            st.set_operand_reg(mf, i, op, Reg::virt(v));
        }
        // 5. Copies.
        for k in 0..self.copies.len() {
            let (b, anchor, from, to) = self.copies[k];
            let src = self.vreg(mf, st, orig, from);
            let dst = self.vreg(mf, st, orig, to);
            let c = mf.create(
                MOpc::COPY,
                &[
                    Operand::reg_def(Reg::virt(dst)),
                    Operand::reg_use(Reg::virt(src)),
                ],
            );
            st.insert_at(mf, b, anchor, c);
        }
        // 6. Intervals.
        st.recompute(mf, orig);
        for (k, v) in self.vregs.iter().enumerate() {
            if let Some(v) = *v {
                st.recompute(mf, v);
                out.push((v, k as u32));
            }
        }
        Ok(())
    }

    fn vreg(&mut self, mf: &mut MachFunction, st: &mut Liveness, orig: VReg, intv: u32) -> VReg {
        if let Some(v) = self.vregs[intv as usize] {
            return v;
        }
        let v = st.new_vreg_like(mf, orig);
        self.vregs[intv as usize] = Some(v);
        v
    }
}
