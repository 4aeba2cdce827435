//! TEMPORARY stand-in for `rcc_mach::mir` until the mir-core branch is
//! merged (same signatures). Removed by that merge.
#![allow(dead_code)]
use rcc_ir::{Module, ParseError};
use rcc_mach::{MachFunction, TargetInfo};
use std::ops::Range;

pub struct FunctionSection {
    pub name: String,
    pub range: Range<usize>,
}
pub struct MirSections {
    pub module: Range<usize>,
    pub functions: Vec<FunctionSection>,
}
pub fn write_header(out: &mut String, module_text: &str) {
    out.push_str("--- rcc MIR\n");
    out.push_str(module_text);
}
pub fn write_function(out: &mut String, mf: &MachFunction, m: &Module, t: &dyn TargetInfo) {
    rcc_mach::printer::print_function(out, mf, m, t, "mir");
}
pub fn split(text: &str) -> Result<MirSections, ParseError> {
    Ok(MirSections {
        module: 0..text.len(),
        functions: Vec::new(),
    })
}
pub fn module_source(text: &str, s: &MirSections) -> String {
    text[s.module.clone()].to_string()
}
pub fn read_function(
    _text: &str,
    s: &FunctionSection,
    _m: &Module,
    _t: &dyn TargetInfo,
    _mf: &mut MachFunction,
) -> Result<(), ParseError> {
    Err(ParseError::new(s.range.start as u32, "no reader yet"))
}
