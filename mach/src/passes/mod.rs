//! Passes over machine code that are not register allocation: leaving SSA
//! form ([`phi_elim`], [`two_address`]), lowering the generic copy-like
//! opcodes to target instructions after allocation ([`expand_pseudos`]),
//! branch folding over the target's branch hooks ([`branch_folding`]),
//! and the target-independent half of frame lowering ([`frame_layout`]:
//! frame options from function attributes, the call-frame summary and
//! stack-slot placement, which each target's prolog/epilog insertion builds
//! on). Each rewriting pass walks the layout once through
//! [`MachFunction::rewrite`](crate::func::MachFunction::rewrite) and
//! updates the function's [`prop`](crate::func::prop) bits.

pub mod branch_folding;
pub mod expand_pseudos;
pub mod frame_layout;
pub mod phi_elim;
pub mod tail_dup;
pub mod tail_merge;
pub mod two_address;
