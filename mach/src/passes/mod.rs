//! Passes over machine code that are not register allocation: leaving SSA
//! form ([`phi_elim`], after [`phi_split`] splits the critical edges
//! LLVM splits, and [`two_address`]), lowering the generic copy-like
//! opcodes to target instructions after allocation ([`expand_pseudos`]),
//! branch folding over the target's branch hooks ([`branch_folding`]),
//! block placement ([`block_placement`], `block-placement`),
//! post-allocation copy propagation ([`copy_prop`], `machine-cp`) and
//! copy sinking ([`postra_sink`], `postra-machine-sink`), shrink wrapping
//! ([`shrink_wrap`], `shrink-wrap`), SSA
//! optimizations ([`early_tail_dup`], `early-tailduplication`; [`opt_phis`], `opt-phis`; [`dead_mi`], `dead-mi-elimination`; [`machine_licm`], `early-machinelicm`;
//! [`machine_cse`],
//! `machine-cse`; [`machine_sink`], `machine-sink`; [`peephole`], `peephole-opt`),
//! and the target-independent half of frame lowering ([`frame_layout`]:
//! frame options from function attributes, the call-frame summary and
//! stack-slot placement, which each target's prolog/epilog insertion builds
//! on). Each rewriting pass walks the layout once through
//! [`MachFunction::rewrite`](crate::func::MachFunction::rewrite) and
//! updates the function's [`prop`](crate::func::prop) bits.

pub mod block_placement;
pub mod branch_folding;
pub mod copy_prop;
pub mod dead_mi;
pub mod early_tail_dup;
pub mod expand_pseudos;
pub mod frame_layout;
pub mod indirect_branch_tracking;
pub mod machine_cse;
pub mod machine_licm;
pub mod machine_sink;
pub mod opt_phis;
pub mod peephole;
pub mod phi_elim;
pub mod phi_split;
pub mod postra_sink;
pub mod shrink_wrap;
pub mod tail_dup;
pub mod tail_merge;
pub mod two_address;

/// The per-worker buffers of the optimization passes over machine code
/// (one field per pass), reused from function to function.
#[derive(Default)]
pub struct OptScratch {
    pub block_placement: block_placement::BlockPlacement,
    pub copy_prop: copy_prop::CopyProp,
    pub dead_mi: dead_mi::DeadMi,
    pub early_tail_dup: early_tail_dup::EarlyTailDup,
    pub machine_cse: machine_cse::MachineCse,
    pub machine_licm: machine_licm::MachineLicm,
    pub machine_sink: machine_sink::MachineSink,
    pub opt_phis: opt_phis::OptPhis,
    pub peephole: peephole::Peephole,
    pub phi_split: phi_split::PhiSplit,
    pub postra_sink: postra_sink::PostRaSink,
    pub two_address: two_address::TwoAddressScratch,
    /// The layout buffer of passes that rebuild the layout without other
    /// state (post-RA pseudo expansion).
    pub layout: Vec<crate::func::MInst>,
}

/// Whether every implicit def of target opcode `op` is present on `i` and
/// marked dead: what the SSA passes require before they delete, move or
/// merge an instruction (a live implicit def, such as EFLAGS read later,
/// pins it).
pub(crate) fn implicit_defs_dead(
    mf: &crate::func::MachFunction,
    t: &dyn crate::target::TargetInfo,
    i: crate::func::MInst,
    op: u16,
) -> bool {
    use crate::operand::flag;
    use crate::reg::Reg;
    t.implicit_defs(op).iter().all(|&p| {
        mf.operands(i)
            .iter()
            .any(|o| o.is_def() && o.has(flag::DEAD) && o.reg() == Reg::phys(p))
    })
}
