//! The x86-64 target, described as data.
//!
//! # How "described as data" is realised (our TableGen)
//!
//! The description is two text files next to this module:
//! `registers.desc` (register families, sub-registers, classes with
//! allocation order and spill size) and `instructions.desc` (one row per
//! instruction form: name, AT&T mnemonic, operand kinds and roles, encoding,
//! flags, implicit defs/uses). `targets/build.rs` runs
//! `targets/build/tablegen/` (its generic `core` plus the `x86_64`
//! vocabulary) over them and writes `x86_64_gen.rs` into `OUT_DIR`, which
//! [`desc`] includes. Everything else is derived:
//!
//! - the [`Opcode`] constants (`op::ADD32ri8`) and the descriptor table
//!   [`DESCS`] (operands, flags, may-load/may-store inferred from
//!   memory operand roles, implicit registers, relaxation targets, features);
//! - register constants, sub-register and alias tables, class membership;
//! - the assembler's matcher table (mnemonic -> forms in priority order,
//!   condition-code mnemonic patterns, mnemonic aliases);
//! - the [`encoder`] and the AT&T [`printer`], which are interpreters over
//!   the descriptors and contain no per-instruction code.
//!
//! Why a build script over a text table rather than `const` tables written
//! in Rust or a declarative macro: the rows are far more readable as a
//! table (one line per form, aligned columns), templates (`template alu ..`)
//! expand the width x form cross products the way TableGen multiclasses do,
//! the generator checks the description (unknown registers, duplicate names,
//! operand limits) with `file:line` errors at build time, and generating
//! plain `static` arrays keeps compile times low (a macro expanding ~1000
//! rows through recursion is slow to compile and gives poor errors).
//! Generated tables are `static`, so looking up a descriptor is an index.
//!
//! # Operand model
//!
//! `MCInst` operands are in Intel order (destination first) and a
//! two-address destination (`rw`) is one operand: `ADD32rr` is
//! `[dst_and_src1, src2]`. Fixed registers (`%cl` in `SHL32rCL`, `%eax` in
//! `ADD32i32`) and literal operands (the string instructions' `(%rsi)`) are
//! slots in the descriptor, printed and parsed, but not MCInst operands.
//! Condition codes are an operand (`JCC_1 target, cc`) spelled inside the
//! mnemonic (`j{cc}`), as in LLVM.
//!
//! # After register allocation
//!
//! [`frame`] inserts the prologue and epilogues (System V frame layout,
//! CFI) and eliminates frame indices; [`lower`] is the AsmPrinter that turns
//! the finished machine function into MCInsts and streamer calls.

pub mod asm_parser;
pub mod backend;
pub mod branch;
pub mod cmp_opt;
pub mod desc;
pub mod encoder;
pub mod features;
pub mod fixup;
pub mod fixup_bw;
pub mod frame;
pub mod imm;
pub mod intel_printer;
pub mod ir_support;
pub mod isel;
pub mod lower;
pub mod machine;
pub mod matcher;
pub mod opt;
pub mod printer;
pub mod pseudo;
pub mod spill;
pub mod sym_flags;
pub mod target;
pub mod three_address;
pub mod unfold;
pub mod zext_opt;

pub use asm_parser::X86AsmParser;
pub use backend::X86Backend;
pub use desc::{class, op, regs, InstDesc, Opcode, RegClass, DESCS, NUM_OPCODES};
pub use encoder::{encode, EncodeError};
pub use machine::{mclass, X86Info};
pub use opt::optimize_for_encoding;
pub use printer::print_inst;
