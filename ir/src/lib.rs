//! rcc's IR model: an in-memory form of LLVM textual IR, with the `.ll`
//! parser, the verifier and the printer.
//!
//! Pipeline position: the first stage. `parse` turns text into a [`Module`]
//! (bodies parsed in parallel), `verify` checks it, `print` writes it back as
//! `.ll` text that LLVM accepts. Everything downstream reads a `Module`.

pub mod attrs;
pub mod constant;
pub mod dom;
pub mod entity;
pub mod error;
pub mod function;
pub mod inst;
pub mod layout;
pub mod lexer;
pub mod metadata;
pub mod module;
pub mod parser;
pub mod printer;
pub mod prof;
pub mod source;
pub mod span;
pub mod types;
pub mod value;
pub mod verify;

pub use error::{Diagnostic, ParseError};
pub use function::{Block, Function, Inst};
pub use module::{Global, GlobalId, Module};
pub use parser::{parse_and_verify_timed, parse_module, parse_module_timed, ParseTimes};
pub use printer::print_module;
pub use source::Source;
pub use types::{Type, TypeId};
pub use value::{Value, ValueTag};
pub use verify::verify_module;
