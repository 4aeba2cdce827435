//! Passes over machine code that are not register allocation: leaving SSA
//! form ([`phi_elim`], [`two_address`]) and, after allocation, lowering the
//! generic copy-like opcodes to target instructions ([`expand_pseudos`]).
//! Each pass rewrites the layout in one walk through
//! [`MachFunction::rewrite`](crate::func::MachFunction::rewrite) and
//! updates the function's [`prop`](crate::func::prop) bits.

pub mod expand_pseudos;
pub mod phi_elim;
pub mod two_address;
