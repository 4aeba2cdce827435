//! The x86-64 target facts of the driver's IR audit (`driver/src/audit.rs`):
//! the calling conventions rcc lowers and the address spaces memory
//! accesses may use (256, 257, 258: `%gs:`, `%fs:`, `%ss:` prefixes, on
//! plain scalar loads and stores). Everything else is an error naming the
//! function.
//!
//! Calling conventions: llc's `CC_X86_64` sends every convention it does
//! not name to the System V C convention (`CC_X86_64_C`), and
//! `X86RegisterInfo::getCalleeSavedRegs` gives them the C callee-saved
//! set; those are the ones listed. `tailcc`, `swiftcc`, `preserve_*`,
//! `ghccc`, `x86_regcallcc`, `x86_vectorcallcc`, `win64cc`,
//! `x86_intrcc`, `cxx_fast_tlscc` and the rest have their own register
//! assignment, callee-saved set or stack cleanup and are not implemented.

use crate::target::IrSupport;

pub static IR_SUPPORT: IrSupport = IrSupport {
    calling_conventions: &[
        (0, "the C convention"),
        (
            8,
            "fastcc is the C convention without guaranteed tail calls",
        ),
        (9, "coldcc is the C convention on x86-64"),
        (64, "x86_stdcallcc is the C convention on x86-64"),
        (65, "x86_fastcallcc is the C convention on x86-64"),
        (70, "x86_thiscallcc is the C convention on x86-64"),
        (78, "x86_64_sysvcc is the C convention on Linux"),
    ],
    // llc's X86 address spaces: segment-relative accesses. rcc gives
    // them to plain scalar loads and stores (the audit rejects the
    // others), selected by the DAG at every -O.
    address_spaces: &[
        (256, "%gs: segment prefix"),
        (257, "%fs: segment prefix"),
        (258, "%ss: segment prefix"),
    ],
};
