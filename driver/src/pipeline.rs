//! The pass table: every stage of code generation, in order, with its
//! llc name, its description, the optimization levels and register
//! allocators it runs with, and the function that runs it. Everything that names passes is derived from
//! this one table: the pipeline itself ([`crate::codegen`] walks it),
//! `-stop-after`/`-stop-before`/`-start-after`/`-start-before`,
//! `-print-after`/`-print-before`/`-print-after-all`, `-debug-pass`,
//! `-time-passes`, `-stats`, the benchmarks' stop points, and the pipeline
//! sketch in ARCHITECTURE.md (a test compares it with [`structure`]).
//!
//! The first row, `parse`, is the reader (text to verified IR, serial and
//! per module); every other row is a machine pass run per function on the
//! worker pool. `asm-printer` writes the function into its fragment; it is
//! the end of the pipeline, so nothing stops after it.
//!
//! Invariants: names are unique; the order is the execution order; each
//! machine pass sees the function as the previous row left it.

use crate::codegen::{FnCx, Worker};
use crate::options::RegAlloc;
use rcc_mach::passes::two_address::two_address_in;
use rcc_mach::passes::{expand_pseudos::expand_pseudos_in, phi_elim::eliminate_phis};

/// Optimization levels a pass runs at, as a bit set over `-O0`..`-O3`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Levels(u8);

impl Levels {
    /// Every level.
    pub const ALL: Levels = Levels(0b1111);
    /// The optimizing levels, -O1 to -O3.
    pub const OPT: Levels = Levels(0b1110);

    /// Whether the pass runs at `-O<level>`.
    pub fn has(self, level: u8) -> bool {
        level < 4 && self.0 >> level & 1 != 0
    }
}

/// The register allocators a pass runs with (`-regalloc=`), as a bit set
/// over [`RegAlloc`]: the fast allocator's row, the interval allocators'
/// rows (coalescer, basic or greedy, rewriter), or everything else.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Allocators(u8);

impl Allocators {
    /// Every allocator.
    pub const ANY: Allocators = Allocators(0b111);
    pub const FAST: Allocators = Allocators(1 << RegAlloc::Fast as u8);
    pub const BASIC: Allocators = Allocators(1 << RegAlloc::Basic as u8);
    pub const GREEDY: Allocators = Allocators(1 << RegAlloc::Greedy as u8);
    /// Basic or greedy: rows every interval allocator needs.
    pub const INTERVAL: Allocators = Allocators(Self::BASIC.0 | Self::GREEDY.0);

    /// Whether the pass runs with allocator `ra`.
    pub fn has(self, ra: RegAlloc) -> bool {
        self.0 >> ra as u8 & 1 != 0
    }
}

/// What a pass counted on one function (`-stats`), in the order of the
/// pass's [`Pass::counters`].
pub type Counts = [u64; MAX_COUNTERS];

/// The most `-stats` counters one pass reports.
pub const MAX_COUNTERS: usize = 20;

/// `c` padded with zeros to [`Counts`].
pub fn counts(c: &[u64]) -> Counts {
    let mut out = [0; MAX_COUNTERS];
    out[..c.len()].copy_from_slice(c);
    out
}

/// Runs a machine pass on the worker's current function.
pub type PassFn = fn(&FnCx<'_>, &mut Worker) -> Result<Counts, String>;

/// One row of the pass table.
pub struct Pass {
    /// llc's name (`-stop-after=NAME`).
    pub name: &'static str,
    /// What `-debug-pass=Structure` and `-time-passes` print.
    pub description: &'static str,
    pub levels: Levels,
    /// The allocators it runs with.
    pub when: Allocators,
    /// The machine pass; `None` for `parse`, which the driver runs per
    /// module before code generation.
    pub run: Option<PassFn>,
    /// Names of the `-stats` counters the pass reports (at most
    /// [`MAX_COUNTERS`]).
    pub counters: &'static [&'static str],
}

/// The code generation pipeline.
pub static PASSES: &[Pass] = &[
    Pass {
        name: "parse",
        description: "LLVM IR reader and verifier",
        levels: Levels::ALL,
        when: Allocators::ANY,
        run: None,
        counters: &[],
    },
    Pass {
        name: "finalize-isel",
        description: "SelectionDAG instruction selection",
        levels: Levels::ALL,
        when: Allocators::ANY,
        run: Some(isel),
        counters: &[
            "Number of machine instructions selected",
            "Number of machine blocks",
            "fast-isel: blocks selected directly",
            "fast-isel: blocks that fell back to the SelectionDAG",
            "fast-isel: fallback: call",
            "fast-isel: fallback: intrinsic",
            "fast-isel: fallback: invoke",
            "fast-isel: fallback: memory access or address",
            "fast-isel: fallback: atomic",
            "fast-isel: fallback: dynamic alloca",
            "fast-isel: fallback: floating point",
            "fast-isel: fallback: vector",
            "fast-isel: fallback: aggregate",
            "fast-isel: fallback: switch",
            "fast-isel: fallback: special block",
            "fast-isel: fallback: other",
            "codegenprepare: Number of uses of Cmp expressions replaced with uses of sunken Cmps",
        ],
    },
    Pass {
        name: "early-tailduplication",
        description: "Early Tail Duplication",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(early_tail_duplication),
        counters: &[
            "Number of tails duplicated",
            "Number of tail duplicated blocks",
            "Number of instructions added due to tail duplication",
            "Number of instructions removed due to tail duplication",
            "Number of dead blocks removed",
            "Number of phis added",
        ],
    },
    Pass {
        name: "opt-phis",
        description: "Optimize machine instruction PHIs",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(opt_phis),
        counters: &[
            "Number of single input phis optimized",
            "Number of dead phi cycles optimized",
        ],
    },
    Pass {
        name: "dead-mi-elimination",
        description: "Remove dead machine instructions",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(dead_mi_elimination),
        counters: &["Number of dead instructions deleted"],
    },
    Pass {
        name: "early-machinelicm",
        description: "Early Machine Loop Invariant Code Motion",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(early_machinelicm),
        counters: &[
            "Number of machine instructions hoisted out of loops",
            "Number of hoisted machine instructions CSEed",
            "Number of instructions hoisted in low reg pressure situation",
            "Number of folded loads unfolded and hoisted",
        ],
    },
    Pass {
        name: "machine-cse",
        description: "Machine Common Subexpression Elimination",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(machine_cse),
        counters: &[
            "Number of common subexpression eliminated",
            "Number of copies coalesced",
            "Number of dead instructions deleted afterwards",
            "Number of physreg referencing common subexpr eliminated",
        ],
    },
    Pass {
        name: "machine-sink",
        description: "Machine code sinking",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(machine_sink),
        counters: &[
            "Number of machine instructions sunk",
            "Number of copies coalesced",
        ],
    },
    Pass {
        name: "peephole-opt",
        description: "Peephole Optimizations",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(peephole_opt),
        counters: &[
            "Number of compares eliminated",
            "Number of zero extensions made copies",
        ],
    },
    Pass {
        name: "phi-node-elimination",
        description: "Eliminate PHI nodes for register allocation",
        levels: Levels::ALL,
        when: Allocators::ANY,
        run: Some(phi_elimination),
        counters: &[
            "Number of copies inserted",
            "Number of critical edges split",
        ],
    },
    Pass {
        name: "twoaddressinstruction",
        description: "Two-Address instruction pass",
        levels: Levels::ALL,
        when: Allocators::ANY,
        run: Some(two_address_pass),
        counters: &[
            "Number of copies inserted",
            "Number of instructions commuted to coalesce",
        ],
    },
    Pass {
        name: "register-coalescer",
        description: "Register Coalescer",
        levels: Levels::OPT,
        when: Allocators::INTERVAL,
        run: Some(register_coalescer),
        counters: &[
            "Number of copies coalesced",
            "Number of copies rematerialized",
            "Number of copies kept for interference",
            "Number of vregs with allocation hints",
        ],
    },
    Pass {
        name: "regallocfast",
        description: "Fast Register Allocator",
        levels: Levels::ALL,
        when: Allocators::FAST,
        run: Some(regalloc_fast),
        counters: &[
            "Number of stores added (spills)",
            "Number of loads added (reloads)",
            "Number of copies added",
            "Number of spill slots",
        ],
    },
    Pass {
        name: "regallocbasic",
        description: "Basic Register Allocator",
        levels: Levels::ALL,
        when: Allocators::BASIC,
        run: Some(regalloc_basic),
        counters: &[
            "Number of live intervals queued",
            "Number of interferences evicted",
            "Number of spilled operands folded into memory forms",
        ],
    },
    Pass {
        name: "greedy",
        description: "Greedy Register Allocator",
        levels: Levels::ALL,
        when: Allocators::GREEDY,
        run: Some(regalloc_greedy),
        counters: &[
            "Number of live intervals queued",
            "Number of interferences evicted",
            "Number of split local live ranges",
            "Number of single block splits",
            "Number of global splits",
            "Number of spilled operands folded into memory forms",
        ],
    },
    Pass {
        name: "virtregrewriter",
        description: "Virtual Register Rewriter",
        levels: Levels::ALL,
        when: Allocators::INTERVAL,
        run: Some(virt_reg_rewriter),
        counters: &[
            "Number of spill stores inserted",
            "Number of reloads inserted",
            "Number of rematerialized values",
            "Number of spill slots allocated",
            "Number of spill stores deleted as redundant or hoisted",
        ],
    },
    Pass {
        name: "stack-slot-coloring",
        description: "Stack Slot Coloring",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(stack_slot_coloring),
        counters: &[
            "Number of stack slots eliminated due to coloring",
            "Number of spill slots before coloring",
            "Number of spill slots after coloring",
        ],
    },
    Pass {
        name: "machine-cp",
        description: "Machine Copy Propagation Pass",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(machine_cp),
        counters: &[
            "Number of copy uses forwarded",
            "Number of redundant copies erased",
            "Number of dead copies erased",
            "Number of no-op copies erased",
        ],
    },
    Pass {
        name: "postra-machine-sink",
        description: "PostRA Machine Sink",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(postra_machine_sink),
        counters: &["Number of copies sunk after RA"],
    },
    Pass {
        name: "shrink-wrap",
        description: "Shrink Wrapping analysis",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(shrink_wrap),
        counters: &[
            "Number of shrink-wrapping candidates",
            "Number of shrink-wrapping candidates dropped because of frequency",
        ],
    },
    Pass {
        name: "prologepilog",
        description: "Prologue/Epilogue Insertion & Frame Finalization",
        levels: Levels::ALL,
        when: Allocators::ANY,
        run: Some(prolog_epilog),
        counters: &[
            "Number of callee-saved registers saved",
            "Bytes of stack frames",
        ],
    },
    Pass {
        name: "postrapseudos",
        description: "Post-RA pseudo instruction expansion pass",
        levels: Levels::ALL,
        when: Allocators::ANY,
        run: Some(post_ra_pseudos),
        counters: &[],
    },
    Pass {
        name: "branch-folder",
        description: "Control Flow Optimizer",
        levels: Levels::ALL,
        when: Allocators::ANY,
        run: Some(branch_folder),
        counters: &["Number of branches folded", "Number of blocks tail-merged"],
    },
    Pass {
        name: "tailduplication",
        description: "Tail Duplication",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(tail_duplication),
        counters: &["Number of tails duplicated or bypassed"],
    },
    Pass {
        name: "block-placement",
        description: "Branch Probability Basic Block Placement",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(block_placement),
        counters: &[
            "Number of blocks moved",
            "Number of loops rotated",
            "Number of tails duplicated or bypassed after placement",
            "Number of loop blocks aligned",
        ],
    },
    Pass {
        name: "x86-indirect-branch-tracking",
        description: "X86 Indirect Branch Tracking",
        levels: Levels::ALL,
        when: Allocators::ANY,
        run: Some(indirect_branch_tracking),
        counters: &["Number of ENDBR instructions added"],
    },
    Pass {
        name: "x86-fixup-bw-insts",
        description: "X86 Byte/Word Instruction Fixup",
        levels: Levels::OPT,
        when: Allocators::ANY,
        run: Some(fixup_bw_insts),
        counters: &["Number of byte/word instructions widened to 32 bits"],
    },
    Pass {
        name: "asm-printer",
        description: "Assembly Printer",
        levels: Levels::ALL,
        when: Allocators::ANY,
        run: Some(crate::codegen::asm_printer),
        counters: &["Number of machine instructions emitted"],
    },
];

impl Pass {
    /// Whether the pass runs at `-O<level>` with allocator `ra`.
    pub fn runs(&self, level: u8, ra: RegAlloc) -> bool {
        self.levels.has(level) && self.when.has(ra)
    }
}

/// The pass named `name`.
pub fn find(name: &str) -> Option<&'static Pass> {
    PASSES.iter().find(|p| p.name == name)
}

/// The index of pass `name` in [`PASSES`].
pub fn index(name: &str) -> Option<usize> {
    PASSES.iter().position(|p| p.name == name)
}

/// The names a stop or print option accepts, comma-separated.
pub fn names() -> String {
    PASSES.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}

/// Checks a pass name given to `option`: an unknown one is an error that
/// lists the valid names.
pub fn check_name(option: &str, name: &str) -> Result<(), String> {
    match find(name) {
        Some(p) if p.name == "asm-printer" && option.contains("after") && option.contains("stop") => {
            Err(format!(
                "{option}=asm-printer: the assembly printer is the end of the pipeline; omit the option"
            ))
        }
        Some(_) => Ok(()),
        None => Err(format!(
            "{option}: unknown pass name '{name}' (known: {})",
            names()
        )),
    }
}

/// The pipeline at `-O<level>` with allocator `ra`, one line per pass
/// (`-debug-pass=Structure`, and ARCHITECTURE.md's sketch).
pub fn structure(level: u8, ra: RegAlloc) -> String {
    let mut s = format!("Pass pipeline at -O{level} (-regalloc={}):\n", ra.name());
    for p in PASSES.iter().filter(|p| p.runs(level, ra)) {
        let per = if p.run.is_some() {
            "per function"
        } else {
            "per module"
        };
        // (A name longer than the column still gets its separating space.)
        s.push_str(&format!("  {:<23} {:<13} {}\n", p.name, per, p.description));
    }
    s
}

/// `-debug-pass=Arguments`: the passes as llc's argument list.
pub fn arguments(level: u8, ra: RegAlloc) -> String {
    let args: Vec<String> = PASSES
        .iter()
        .filter(|p| p.runs(level, ra))
        .map(|p| format!("-{}", p.name))
        .collect();
    format!("Pass Arguments:  {}\n", args.join(" "))
}

fn isel(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let env = cx.module.env();
    cx.module
        .target
        .select_function(env, &cx.subtarget, cx.g, &mut w.mf, &mut w.scratch)
        .map_err(|e| e.to_string())?;
    let fs = cx.module.target.fast_isel_stats(&w.scratch);
    let mut c = [0u64; MAX_COUNTERS];
    c[..4].copy_from_slice(&[
        w.mf.num_insts() as u64,
        w.mf.order.len() as u64,
        fs.direct,
        fs.fell_back(),
    ]);
    c[4..4 + fs.fallbacks.len()].copy_from_slice(&fs.fallbacks);
    c[4 + fs.fallbacks.len()] = fs.cmp_uses_sunk;
    Ok(counts(&c))
}

fn dead_mi_elimination(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let n = rcc_mach::passes::dead_mi::eliminate_dead_mis(&mut w.mf, t, &mut w.opt.dead_mi);
    Ok(counts(&[n as u64]))
}

fn early_machinelicm(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let s = rcc_mach::passes::machine_licm::machine_licm(
        &mut w.mf,
        t,
        &mut w.opt.machine_licm,
        &mut w.analyses,
    );
    Ok(counts(&[
        s.hoisted as u64,
        s.cse as u64,
        s.low_rp as u64,
        s.unfolded as u64,
    ]))
}

fn machine_cse(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let s = rcc_mach::passes::machine_cse::machine_cse(
        &mut w.mf,
        t,
        &mut w.opt.machine_cse,
        &mut w.analyses,
    );
    Ok(counts(&[
        s.eliminated as u64,
        s.copies_propagated as u64,
        s.dead as u64,
        s.phys_reused as u64,
    ]))
}

fn early_tail_duplication(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    // As llc, a single instruction in functions optimized for size.
    let mut size = false;
    rcc_mach::passes::frame_layout::for_each_fn_attr(cx.module.m, cx.g, |a| {
        if let rcc_ir::attrs::Attr::Word(s) = a {
            size |= matches!(cx.module.m.str(*s), "optsize" | "minsize");
        }
    });
    let s = rcc_mach::passes::early_tail_dup::early_tail_duplicate(
        &mut w.mf,
        cx.module.target.info(),
        &mut w.opt.early_tail_dup,
        size,
    );
    Ok(counts(&[
        s.tails as u64,
        s.dups as u64,
        s.added as u64,
        s.removed as u64,
        s.dead_blocks as u64,
        s.phis as u64,
    ]))
}

fn machine_sink(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let movable = loads_movable(cx);
    let s = rcc_mach::passes::machine_sink::machine_sink(
        &mut w.mf,
        t,
        &mut w.opt.machine_sink,
        movable,
        &mut w.analyses,
    );
    Ok(counts(&[s.sunk as u64, s.coalesced as u64]))
}

/// Whether the IR function has no volatile or atomic load, nor a
/// volatile `llvm.memcpy`/`llvm.memmove` (machine instructions carry no
/// memory operands, so machine sinking asks the IR whether loads may move).
fn loads_movable(cx: &FnCx<'_>) -> bool {
    use rcc_ir::entity::EntityId;
    use rcc_ir::inst::Opcode;
    use rcc_ir::inst::{ATOMIC, VOLATILE};
    let m = cx.module.m;
    let Some(f) = m.body(cx.g) else {
        return true;
    };
    for k in 0..f.num_insts() {
        match f.opcode[k] {
            Opcode::Load if f.flags[k] & (VOLATILE | ATOMIC) != 0 => return false,
            Opcode::Call | Opcode::Invoke => {
                let i = rcc_ir::Inst::from_index(k);
                let ops = f.inst_ops(i);
                let Some(g) = ops
                    .first()
                    .and_then(|c| c.as_entity::<rcc_ir::GlobalId>(rcc_ir::ValueTag::Global))
                else {
                    continue;
                };
                let name = m.str(m.globals[g].name);
                if !(name.starts_with("llvm.memcpy") || name.starts_with("llvm.memmove")) {
                    continue;
                }
                let nargs = f.call_info(i).num_args as usize;
                let volatile = ops.get(4).filter(|_| nargs >= 4).and_then(|&v| {
                    let c = v.as_entity::<rcc_ir::constant::ConstId>(rcc_ir::ValueTag::Const)?;
                    match f.consts.get(c).kind {
                        rcc_ir::constant::ConstKind::Int(x) => Some(x & 1 != 0),
                        _ => None,
                    }
                });
                if volatile != Some(false) {
                    return false;
                }
            }
            _ => {}
        }
    }
    true
}

fn opt_phis(_cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let s = rcc_mach::passes::opt_phis::opt_phis(&mut w.mf, &mut w.opt.opt_phis);
    Ok(counts(&[s.single_value as u64, s.dead as u64]))
}

fn peephole_opt(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let s = rcc_mach::passes::peephole::peephole(&mut w.mf, t, &mut w.opt.peephole);
    Ok(counts(&[s.compares as u64, s.zexts as u64]))
}

fn phi_elimination(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    // As llc: edges are split only where liveness is computed (-O1 and up).
    let split = if cx.module.opts.opt_level > 0 {
        rcc_mach::passes::phi_split::split_phi_edges(
            &mut w.mf,
            t,
            &mut w.opt.phi_split,
            &mut w.analyses,
        )
    } else {
        0
    };
    let before = w.mf.num_insts();
    eliminate_phis(&mut w.mf, t);
    Ok(counts(&[
        w.mf.num_insts().saturating_sub(before) as u64,
        split as u64,
        0,
        0,
    ]))
}

fn two_address_pass(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let before = w.mf.num_insts();
    let commuted = two_address_in(&mut w.mf, cx.module.target.info(), &mut w.opt.two_address);
    Ok(counts(&[
        w.mf.num_insts().saturating_sub(before) as u64,
        commuted,
        0,
        0,
    ]))
}

/// Computes liveness (the first interval row), coalesces, and leaves the
/// allocation hints of the coalesced function in `ra_scratch.hints` for
/// the allocator.
fn register_coalescer(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let Worker {
        mf,
        ra,
        ra_scratch,
        coalesce,
        analyses,
        ..
    } = w;
    if !ra.valid {
        ra.compute(mf, t);
    }
    ra_scratch.freqs.compute(mf, t, analyses);
    let s = if cx.module.opts.join_liveintervals {
        rcc_ralloc::coalesce::coalesce(mf, t, ra, &ra_scratch.freqs, coalesce)
    } else {
        Default::default()
    };
    let freqs = &ra_scratch.freqs;
    ra_scratch.hints.compute(mf, t, |b| freqs.freq(b));
    // The allocator starts from the coalescer's liveness brought to the
    // canonical form a fresh computation gives (indexes renumbered, use
    // lists rebuilt, the intervals of the vregs the coalescer touched
    // recomputed): a run resumed from `-stop-after=register-coalescer`
    // MIR, or a `-mir-roundtrip`, computes it afresh and allocates exactly
    // as the whole pipeline does. `-verify-machineinstrs` checks that.
    ra.canonicalize(mf, t);
    if cx.module.opts.verify_machineinstrs {
        ra.check_fresh(mf, t)
            .map_err(|e| format!("register-coalescer: kept liveness is not canonical: {e}"))?;
    }
    Ok(counts(&[
        s.joined as u64,
        s.remat as u64,
        s.interfering as u64,
        ra_scratch.hints.num_hinted() as u64,
    ]))
}

fn regalloc_fast(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target;
    let reserved = t.reserved_regs(&w.mf, &cx.frame);
    let fast = rcc_ralloc::fast::FastOptions {
        frame_pointer: reserved.frame_pointer,
        base_pointer: reserved.base_pointer,
        check: cx.module.opts.verify_machineinstrs,
    };
    let s = rcc_ralloc::run_fast_in(&mut w.mf, t.info(), &fast, &mut w.fast)
        .map_err(|e| e.to_string())?;
    Ok(counts(&[
        s.spills as u64,
        s.reloads as u64,
        s.moves as u64,
        s.spill_slots as u64,
    ]))
}

/// The options of the interval allocators for the current function.
fn interval_options(cx: &FnCx<'_>, w: &Worker) -> rcc_ralloc::basic::IntervalOptions {
    let reserved = cx.module.target.reserved_regs(&w.mf, &cx.frame);
    rcc_ralloc::basic::IntervalOptions {
        frame_pointer: reserved.frame_pointer,
        base_pointer: reserved.base_pointer,
        check: cx.module.opts.verify_machineinstrs,
    }
}

fn regalloc_basic(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let opts = interval_options(cx, w);
    let Worker {
        mf,
        ra,
        ra_scratch,
        analyses,
        ..
    } = w;
    let s = rcc_ralloc::basic::allocate(mf, t, ra, ra_scratch, &opts, analyses)
        .map_err(|e| e.to_string())?;
    ra.materialize(mf);
    Ok(counts(&[
        s.intervals as u64,
        s.evictions as u64,
        s.spill.folds as u64,
        0,
    ]))
}

fn regalloc_greedy(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let opts = interval_options(cx, w);
    let Worker {
        mf,
        ra,
        ra_scratch,
        greedy,
        analyses,
        ..
    } = w;
    let s = greedy
        .allocate(mf, t, ra, ra_scratch, &opts, analyses)
        .map_err(|e| e.to_string())?;
    ra.materialize(mf);
    Ok(counts(&[
        s.intervals as u64,
        s.evictions as u64,
        s.local_splits as u64,
        s.block_splits as u64,
        s.region_splits as u64,
        s.spill.folds as u64,
    ]))
}

fn virt_reg_rewriter(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let opts = interval_options(cx, w);
    let Worker {
        mf, ra, ra_scratch, ..
    } = w;
    if !ra.valid {
        return Err(
            "virtregrewriter: no register assignment (run an interval allocator first, in the same invocation)"
                .into(),
        );
    }
    rcc_ralloc::rewrite::rewrite(mf, t, ra, ra_scratch, opts.check).map_err(|e| e.to_string())?;
    let s = ra_scratch.spiller.stats;
    Ok(counts(&[
        s.spills as u64,
        s.reloads as u64,
        s.remats as u64,
        s.slots as u64,
        s.redundant as u64,
    ]))
}

fn stack_slot_coloring(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let s = rcc_ralloc::stack_coloring::color_stack_slots(&mut w.mf, t, &mut w.slot_coloring);
    let after = s.spill_slots.saturating_sub(s.eliminated);
    Ok(counts(&[
        s.eliminated as u64,
        s.spill_slots as u64,
        after as u64,
    ]))
}

fn machine_cp(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let s = rcc_mach::passes::copy_prop::propagate_copies(&mut w.mf, t, &mut w.opt.copy_prop);
    Ok(counts(&[
        s.forwarded as u64,
        s.redundant as u64,
        s.dead as u64,
        s.nop as u64,
    ]))
}

fn postra_machine_sink(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target.info();
    let n = rcc_mach::passes::postra_sink::sink_copies(&mut w.mf, t, &mut w.opt.postra_sink);
    Ok(counts(&[n as u64, 0, 0, 0]))
}

fn shrink_wrap(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    w.mf.frame.save_point = None;
    w.mf.frame.restore_point = None;
    // LLVM's isShrinkWrapEnabled: `-enable-shrink-wrap` when given, else
    // the target's choice, except in sanitized functions.
    let enabled = cx.module.opts.enable_shrink_wrap.unwrap_or_else(|| {
        let mut sanitized = false;
        rcc_mach::passes::frame_layout::for_each_fn_attr(cx.module.m, cx.g, |a| {
            if let rcc_ir::attrs::Attr::Word(s) = a {
                sanitized |= matches!(
                    cx.module.m.str(*s),
                    "sanitize_address"
                        | "sanitize_thread"
                        | "sanitize_memory"
                        | "sanitize_hwaddress"
                );
            }
        });
        !sanitized
    });
    if !enabled {
        return Ok([0; MAX_COUNTERS]);
    }
    let s = cx
        .module
        .target
        .shrink_wrap(&mut w.mf, &cx.frame, &mut w.analyses);
    Ok(counts(&[
        u64::from(s.candidate),
        u64::from(s.dropped),
        0,
        0,
    ]))
}

fn indirect_branch_tracking(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target;
    let (Some(info), Some(endbr)) = (&cx.module.ibt, t.endbr_opcode()) else {
        return Ok([0; MAX_COUNTERS]);
    };
    let em = &cx.module.emitter;
    let n = rcc_mach::passes::indirect_branch_tracking::insert_endbr(
        &mut w.mf,
        cx.module.m,
        cx.g,
        info,
        t.info(),
        endbr,
        &|b| em.block_address_taken(cx.g, b),
    );
    Ok(counts(&[u64::from(n), 0, 0, 0]))
}

fn prolog_epilog(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let t = cx.module.target;
    let csrs = t.callee_saved_written(&w.mf);
    t.insert_prolog_epilog(&mut w.mf, cx.module.m, &csrs, &cx.frame, &mut w.scratch)?;
    Ok(counts(&[csrs.len() as u64, w.mf.frame.stack_size, 0, 0]))
}

fn post_ra_pseudos(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    expand_pseudos_in(
        &mut w.mf,
        cx.module.m,
        cx.module.target.info(),
        &mut w.opt.layout,
    )?;
    Ok([0; MAX_COUNTERS])
}

fn branch_folder(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    // As in llc, tail merging is part of the optimizing pipeline only.
    let mut merged = 0;
    if cx.module.opts.opt_level > 0 {
        // Merging makes new joins (the tails' blocks): merge again, as
        // LLVM's OptimizeFunction loop does, a bounded number of times.
        let mut loops = rcc_mach::passes::tail_merge::LoopMap::default();
        for _ in 0..4 {
            let n = rcc_mach::passes::tail_merge::tail_merge(
                &mut w.mf,
                cx.module.target.info(),
                &mut loops,
            );
            merged += n;
            if n == 0 {
                break;
            }
        }
    }
    let n = rcc_mach::passes::branch_folding::fold_branches(
        &mut w.mf,
        cx.module.target.info(),
        &mut w.insts,
    );
    Ok(counts(&[n as u64, merged as u64, 0, 0]))
}

fn tail_duplication(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let n = rcc_mach::passes::tail_dup::tail_duplicate(&mut w.mf, cx.module.target.info());
    Ok(counts(&[n as u64, 0, 0, 0]))
}

fn block_placement(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    // As llc, no loop alignment in functions optimized for size.
    let mut size = false;
    rcc_mach::passes::frame_layout::for_each_fn_attr(cx.module.m, cx.g, |a| {
        if let rcc_ir::attrs::Attr::Word(s) = a {
            size |= matches!(cx.module.m.str(*s), "optsize" | "minsize");
        }
    });
    let s = rcc_mach::passes::block_placement::place_blocks(
        &mut w.mf,
        cx.module.target.info(),
        &mut w.opt.block_placement,
        !size,
    )?;
    // LLVM duplicates small tails during placement and runs the branch
    // folder after it: blocks the new layout leaves as a lone `jmp`, or
    // as a small tail reached by a jump, go away the same way here.
    let dup = if s.moved > 0 {
        rcc_mach::passes::tail_dup::tail_duplicate(&mut w.mf, cx.module.target.info())
    } else {
        0
    };
    // Then LLVM's `optimizeBranches` / branch folder: a conditional branch
    // to the next block (left by tail duplication, or kept from the old
    // layout) is reversed to fall through.
    rcc_mach::passes::branch_folding::fold_branches(
        &mut w.mf,
        cx.module.target.info(),
        &mut w.insts,
    );
    Ok(counts(&[
        s.moved as u64,
        s.rotated as u64,
        dup as u64,
        s.aligned as u64,
    ]))
}

fn fixup_bw_insts(cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    target_pass("x86-fixup-bw-insts", cx, w)
}

/// Runs a pass the target provides (`Target::run_target_pass`); a target
/// without it has nothing to do there.
fn target_pass(name: &str, cx: &FnCx<'_>, w: &mut Worker) -> Result<Counts, String> {
    let env = cx.module.env();
    match cx
        .module
        .target
        .run_target_pass(name, env, cx.g, &mut w.mf, &mut w.scratch)
    {
        Some(r) => r.map(|c| counts(&c)),
        None => Ok([0; MAX_COUNTERS]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_counters_fit() {
        for (i, p) in PASSES.iter().enumerate() {
            assert!(PASSES[..i].iter().all(|q| q.name != p.name), "{}", p.name);
            assert!(p.counters.len() <= MAX_COUNTERS, "{}", p.name);
        }
        assert!(PASSES[0].run.is_none() && PASSES[1..].iter().all(|p| p.run.is_some()));
    }

    #[test]
    fn unknown_names_list_the_valid_ones() {
        let e = check_name("-stop-after", "nope").unwrap_err();
        assert!(
            e.contains("unknown pass name 'nope'") && e.contains("regallocfast"),
            "{e}"
        );
        assert!(check_name("-stop-after", "asm-printer").is_err());
        assert!(check_name("-print-after", "asm-printer").is_ok());
        assert!(structure(0, RegAlloc::Fast).contains("finalize-isel"));
    }
}
