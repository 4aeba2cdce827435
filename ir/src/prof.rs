//! Profile metadata on instructions: the `!prof !{!"branch_weights", ...}`
//! attachment of terminators, calls and selects, read on demand.
//!
//! Syntax (LangRef, LLVM 19): the string `"branch_weights"`, an optional
//! string `"expected"` (weights that `llvm.expect` lowering produced), then
//! one integer weight per successor, unsigned 32-bit (LLVM prints
//! `i32 -2147483648` for 2^31). Other `!prof` kinds (`"VP"` value
//! profiles, `"function_entry_count"`) are not branch weights.
//!
//! Invariants: nothing is cached; the attachment lookup is a binary search
//! over the function's attachments (sorted by instruction) and the node
//! lookup [`Module::md_node`]'s.

use crate::function::{Function, Inst};
use crate::inst::Opcode;
use crate::metadata::{MdElem, MdRef};
use crate::module::Module;

/// What an instruction's `!prof` says about its branches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prof {
    /// No `!prof`, or one that is not `branch_weights`.
    None,
    /// `branch_weights`: one weight per listed operand, and whether they
    /// came from `llvm.expect` (`!"expected"`).
    Weights { weights: Vec<u32>, expected: bool },
}

/// The `!prof` attachment of instruction `i`, if any.
pub fn prof_attachment(m: &Module, f: &Function, i: Inst) -> Option<MdRef> {
    let owner = i.as_u32();
    let first = f.md_attach.partition_point(|a| a.owner < owner);
    f.md_attach[first..]
        .iter()
        .take_while(|a| a.owner == owner)
        .find(|a| m.str(a.kind) == "!prof")
        .map(|a| a.node)
}

/// Reads the branch weights of `i`'s `!prof`. Errors (as LLVM's verifier
/// words them) when the node is not a tuple, has no name string, or a
/// weight is not an integer.
pub fn branch_weights(m: &Module, f: &Function, i: Inst) -> Result<Prof, String> {
    let Some(r) = prof_attachment(m, f, i) else {
        return Ok(Prof::None);
    };
    let elems = match r {
        MdRef::Node(n) => m.md_tuple(n),
        MdRef::Raw(s) => crate::parser::parse_md_tuple(m.str(s), &m.types),
    };
    let Some(elems) = elems else {
        return Err("!prof annotations should be a tuple of a name and operands".into());
    };
    let name = match elems.first() {
        None => return Err("!prof annotations should have no less than 1 operand".into()),
        Some(MdElem::String(s)) => s.as_slice(),
        Some(_) => return Err("expected string with name of the !prof annotation".into()),
    };
    if name != b"branch_weights" {
        return Ok(Prof::None);
    }
    let expected = matches!(elems.get(1), Some(MdElem::String(s)) if s.as_slice() == b"expected");
    let mut weights = Vec::with_capacity(elems.len());
    for e in &elems[1 + expected as usize..] {
        match e {
            MdElem::Int(_, v) => weights.push(*v as u32),
            _ => return Err("!prof brunch_weights operand is not a const int".into()),
        }
    }
    Ok(Prof::Weights { weights, expected })
}

/// How many branch weights instruction `i` takes (LLVM's verifier), or
/// `None` if it may not carry them; an `invoke` takes one or two.
pub fn expected_weights(f: &Function, i: Inst) -> Option<std::ops::RangeInclusive<usize>> {
    let n = match f.op(i) {
        Opcode::Br | Opcode::Switch | Opcode::IndirectBr | Opcode::CallBr => {
            f.successors(i).count()
        }
        Opcode::Invoke => return Some(1..=2),
        Opcode::Call => 1,
        Opcode::Select => 2,
        _ => return None,
    };
    Some(n..=n)
}

/// Checks `i`'s `!prof` as LLVM's verifier does: well formed, and as many
/// weights as `i` has branches.
pub fn check(m: &Module, f: &Function, i: Inst) -> Result<(), String> {
    let Prof::Weights { weights, .. } = branch_weights(m, f, i)? else {
        return Ok(());
    };
    let Some(want) = expected_weights(f, i) else {
        return Err("!prof branch_weights are not allowed for this instruction".into());
    };
    if !want.contains(&weights.len()) {
        let what = if f.op(i) == Opcode::Invoke {
            "Wrong number of InvokeInst branch_weights operands"
        } else {
            "Wrong number of operands"
        };
        return Err(format!(
            "{what}: !prof branch_weights has {} weights, expected {}",
            weights.len(),
            if want.start() == want.end() {
                want.start().to_string()
            } else {
                format!("{} or {}", want.start(), want.end())
            }
        ));
    }
    Ok(())
}
