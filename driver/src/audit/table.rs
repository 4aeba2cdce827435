//! The audit table: every IR attribute, module flag and metadata kind
//! rcc knows, with what code generation does with it (see [`Class`]).
//! Calling conventions and address spaces are target facts
//! (`rcc_targets::IrSupport`).

/// What code generation does with one construct.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Class {
    /// Implemented; the phrase names the code.
    Implemented(&'static str),
    /// No code-generation effect on x86-64; the phrase says why.
    NoEffect(&'static str),
    /// Changes the code and is not implemented: an error naming the
    /// function and the construct; the phrase says what llc does.
    Unsupported(&'static str),
    /// Not implemented, the output stays correct: a warning; the phrase
    /// says what is lost.
    Degraded(&'static str),
}

/// When a row applies, by the construct's value (a string attribute's
/// value without quotes, a module flag's integer value).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum When {
    Any,
    Is(&'static str),
    IsNot(&'static str),
}

impl When {
    pub fn matches(self, value: &str) -> bool {
        match self {
            When::Any => true,
            When::Is(v) => value == v,
            When::IsNot(v) => value != v,
        }
    }
}

/// One row: a name (a trailing `*` matches any suffix), when it applies,
/// and its class. The first matching row of a name wins.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Row {
    pub name: &'static str,
    pub when: When,
    pub class: Class,
}

const fn row(name: &'static str, class: Class) -> Row {
    Row {
        name,
        when: When::Any,
        class,
    }
}

const fn row_if(name: &'static str, when: When, class: Class) -> Row {
    Row { name, when, class }
}

use Class::{Degraded, Implemented, NoEffect, Unsupported};

const HINT: Class = NoEffect("an optimization fact or hint; rcc's code is correct without it");
const MEMORY_FACT: Class =
    NoEffect("a memory-effect fact for IR optimizers; code generation does not read it");
const OTHER_TARGET: Class = NoEffect("another target's attribute; llc ignores it on x86-64");
const SANITIZER: Class =
    NoEffect("sanitizer instrumentation is inserted by opt before code generation");
const FP_RELAX: Class =
    NoEffect("a permission to relax floating-point semantics; rcc keeps IEEE results");
const DEBUG: Class = Degraded("debug information is not written");

/// Keyword attributes of functions, parameters and return values
/// (LangRef 19 "Parameter Attributes" and "Function Attributes", with
/// their older spellings).
pub static KEYWORDS: &[Row] = &[
    // Parameter and return attributes.
    row(
        "align",
        NoEffect("an alignment fact; byval copies read it in dag/src/build/abi.rs"),
    ),
    row("allocalign", HINT),
    row("allocptr", HINT),
    row(
        "byref",
        NoEffect("the argument is passed as a pointer, as without it"),
    ),
    row(
        "byval",
        Implemented("dag/src/build/abi.rs: copied to the argument area"),
    ),
    row("captures", HINT),
    row("dead_on_unwind", HINT),
    row("dereferenceable", HINT),
    row("dereferenceable_or_null", HINT),
    row(
        "elementtype",
        Implemented("dag/src/build/inline_asm.rs: indirect asm operand types"),
    ),
    row(
        "immarg",
        NoEffect("a verifier rule: the argument is a constant"),
    ),
    row(
        "inalloca",
        Unsupported("llc passes the argument memory in place (32-bit Windows)"),
    ),
    row("initializes", HINT),
    row(
        "inreg",
        NoEffect("the x86-64 System V convention ignores it (llc's CC_X86_64_C)"),
    ),
    row("nest", Unsupported("llc passes the argument in %r10")),
    row("noalias", HINT),
    row("nocapture", HINT),
    row("noext", HINT),
    row("nofpclass", HINT),
    row("nonnull", HINT),
    row("noundef", HINT),
    row(
        "preallocated",
        Unsupported("llc passes the argument memory in place"),
    ),
    row("range", HINT),
    row("returned", HINT),
    row(
        "signext",
        Implemented("dag/src/build/abi.rs: arguments and returns are sign-extended"),
    ),
    row(
        "sret",
        Implemented("dag/src/build/abi.rs: the pointer is returned in %rax"),
    ),
    row(
        "swiftasync",
        Unsupported("llc passes the argument in %r14 (swiftcc)"),
    ),
    row(
        "swifterror",
        Unsupported("llc passes the argument in %r12 (swiftcc)"),
    ),
    row(
        "swiftself",
        Unsupported("llc passes the argument in %r13 (swiftcc)"),
    ),
    row("writable", HINT),
    row(
        "zeroext",
        Implemented("dag/src/build/abi.rs: arguments and returns are zero-extended"),
    ),
    // Function attributes.
    row("allockind", HINT),
    row("allocsize", HINT),
    row(
        "alignstack",
        Implemented("mach/src/passes/frame_layout.rs: stack realignment"),
    ),
    row("alwaysinline", NoEffect("an inliner directive")),
    row("argmemonly", MEMORY_FACT),
    row("builtin", NoEffect("a call-site fact for IR optimizers")),
    row("cold", HINT),
    row(
        "convergent",
        NoEffect("restricts transformations of GPU code; rcc makes none"),
    ),
    row("coro_elide_safe", NoEffect("coroutines are lowered by opt")),
    row(
        "coro_only_destroy_when_complete",
        NoEffect("coroutines are lowered by opt"),
    ),
    row("disable_sanitizer_instrumentation", SANITIZER),
    row(
        "fn_ret_thunk_extern",
        Unsupported("llc returns through `jmp __x86_return_thunk`"),
    ),
    row("hot", HINT),
    row("hybrid_patchable", OTHER_TARGET),
    row("inaccessiblemem_or_argmemonly", MEMORY_FACT),
    row("inaccessiblememonly", MEMORY_FACT),
    row("inlinehint", NoEffect("an inliner directive")),
    row("jumptable", NoEffect("read by opt's type-test lowering")),
    row("memory", MEMORY_FACT),
    row(
        "minsize",
        Implemented(
            "alignment, tail duplication and placement read it (mach/, driver/src/pipeline.rs)",
        ),
    ),
    row("mustprogress", HINT),
    row(
        "naked",
        Unsupported("llc omits the prologue and the epilogue"),
    ),
    row("nobuiltin", NoEffect("a call-site fact for IR optimizers")),
    row("nocallback", MEMORY_FACT),
    row(
        "nocf_check",
        Implemented("x86-indirect-branch-tracking leaves out the entry's endbr64"),
    ),
    row("nocreateundeforpoison", HINT),
    row(
        "noduplicate",
        NoEffect("restricts duplicating calls; rcc duplicates no call"),
    ),
    row("nofree", MEMORY_FACT),
    row(
        "noimplicitfloat",
        Unsupported(
            "llc uses no SSE register the source does not (memcpy expansion, varargs saves)",
        ),
    ),
    row("noinline", NoEffect("an inliner directive")),
    row("nomerge", HINT),
    row(
        "nonlazybind",
        Degraded("calls go through the PLT, not `call *f@GOTPCREL(%rip)`; binding is lazy"),
    ),
    row(
        "noprofile",
        NoEffect("profiling instrumentation is inserted by opt"),
    ),
    row("norecurse", HINT),
    row(
        "noredzone",
        Implemented("mach/src/passes/frame_layout.rs: no red zone"),
    ),
    row("noreturn", HINT),
    row("nosanitize_bounds", SANITIZER),
    row("nosanitize_coverage", SANITIZER),
    row("nosync", MEMORY_FACT),
    row(
        "nounwind",
        Implemented("mach/src/passes/frame_layout.rs, mach/src/eh.rs: unwind tables"),
    ),
    row(
        "null_pointer_is_valid",
        NoEffect("rcc never treats an access to address 0 as undefined"),
    ),
    row("optforfuzzing", HINT),
    row(
        "optnone",
        NoEffect("a per-function -O0 request; rcc's -O output is correct code"),
    ),
    row(
        "optsize",
        Implemented(
            "alignment, tail duplication and placement read it (mach/, driver/src/pipeline.rs)",
        ),
    ),
    row(
        "presplitcoroutine",
        NoEffect("coroutines are lowered by opt"),
    ),
    row("readnone", MEMORY_FACT),
    row("readonly", MEMORY_FACT),
    row(
        "returns_twice",
        NoEffect("a fact about calls to the function; llc ignores it on a definition"),
    ),
    row(
        "safestack",
        Unsupported("llc's SafeStack pass moves unsafe allocas to a separate stack"),
    ),
    row("sanitize_address", SANITIZER),
    row("sanitize_hwaddress", SANITIZER),
    row("sanitize_memory", SANITIZER),
    row("sanitize_memtag", SANITIZER),
    row("sanitize_numerical_stability", SANITIZER),
    row("sanitize_realtime", SANITIZER),
    row("sanitize_thread", SANITIZER),
    row("shadowcallstack", OTHER_TARGET),
    row(
        "skipprofile",
        NoEffect("profiling instrumentation is inserted by opt"),
    ),
    row("speculatable", HINT),
    row(
        "speculative_load_hardening",
        Unsupported("llc hardens loads against Spectre v1 (X86SpeculativeLoadHardening)"),
    ),
    // HARDEN: stack protectors.
    row("ssp", Unsupported("llc inserts a stack protector")),
    row("sspreq", Unsupported("llc inserts a stack protector")),
    row("sspstrong", Unsupported("llc inserts a stack protector")),
    row(
        "strictfp",
        NoEffect("the constrained intrinsics carry the semantics; rcc selects them or fails"),
    ),
    row(
        "uwtable",
        Implemented("mach/src/passes/frame_layout.rs: unwind tables"),
    ),
    row("vscale_range", OTHER_TARGET),
    row("willreturn", HINT),
    row("writeonly", MEMORY_FACT),
];

/// String attributes (`"key"="value"`), by key without quotes.
pub static STRINGS: &[Row] = &[
    row("aarch64_*", OTHER_TARGET),
    row("alloc-family", HINT),
    row("alloc-variant-zeroed", HINT),
    row("amdgpu-*", OTHER_TARGET),
    row("approx-func-fp-math", FP_RELAX),
    row("branch-protection-pauth-lr", OTHER_TARGET),
    row("branch-target-enforcement", OTHER_TARGET),
    row("correctly-rounded-divide-sqrt-fp-math", FP_RELAX),
    row(
        "denormal-fp-math",
        NoEffect("llc-19 reads it on x86-64 only for estimates rcc never makes"),
    ),
    row(
        "denormal-fp-math-f32",
        NoEffect("llc-19 reads it on x86-64 only for estimates rcc never makes"),
    ),
    row_if(
        "disable-tail-calls",
        When::Is("true"),
        Implemented("dag/src/build/tail_call.rs: no sibling calls"),
    ),
    row("disable-tail-calls", NoEffect("tail calls stay allowed")),
    row(
        "dontcall-error",
        Degraded("llc reports calls to the function; rcc does not"),
    ),
    row(
        "dontcall-warn",
        Degraded("llc reports calls to the function; rcc does not"),
    ),
    // HARDEN: `fentry-call`.
    row(
        "fentry-call",
        Unsupported("llc calls __fentry__ at the entry"),
    ),
    row(
        "frame-pointer",
        Implemented("mach/src/passes/frame_layout.rs"),
    ),
    row_if(
        "function-instrument",
        When::Is("xray-never"),
        NoEffect("no XRay sled, as without it"),
    ),
    row("function-instrument", Unsupported("llc emits XRay sleds")),
    row(
        "function-inline-cost-multiplier",
        NoEffect("an inliner parameter"),
    ),
    row(
        "function-inline-threshold",
        NoEffect("an inliner parameter"),
    ),
    row("guarded-control-stack", OTHER_TARGET),
    row(
        "implicit-section-name",
        Unsupported("llc places the function in the named section (#pragma clang section)"),
    ),
    row(
        "indirect-tls-seg-refs",
        Unsupported("llc reads the thread pointer from %fs:0 instead of %fs: operands"),
    ),
    row("inline-remark", NoEffect("an inliner remark")),
    row(
        "instrument-function-entry",
        Unsupported("llc calls the named entry hook"),
    ),
    row(
        "instrument-function-entry-inlined",
        Unsupported("llc calls the named entry hook"),
    ),
    row(
        "instrument-function-exit",
        Unsupported("llc calls the named exit hook"),
    ),
    row(
        "instrument-function-exit-inlined",
        Unsupported("llc calls the named exit hook"),
    ),
    row("less-precise-fpmad", FP_RELAX),
    row(
        "min-legal-vector-width",
        NoEffect("a vector-width hint; rcc selects 128-bit vectors"),
    ),
    row(
        "no-builtin-*",
        NoEffect("read by IR optimizers' library-call recognition"),
    ),
    row(
        "no-builtins",
        NoEffect("read by IR optimizers' library-call recognition"),
    ),
    row_if(
        "no-infs-fp-math",
        When::IsNot("true"),
        NoEffect("IEEE semantics, as rcc keeps"),
    ),
    row("no-infs-fp-math", FP_RELAX),
    row("no-inline-line-tables", NoEffect("debug information only")),
    row_if(
        "no-jump-tables",
        When::Is("true"),
        Degraded("switches may still become jump tables"),
    ),
    row("no-jump-tables", NoEffect("jump tables stay allowed")),
    row("no-nans-fp-math", FP_RELAX),
    row(
        "no-realign-stack",
        Unsupported("llc never realigns the stack of the function"),
    ),
    row("no-signed-zeros-fp-math", FP_RELAX),
    row("no-stack-arg-probe", NoEffect("Windows stack probes only")),
    row("no-trapping-math", FP_RELAX),
    row(
        "no_caller_saved_registers",
        Unsupported("llc saves every register the function writes"),
    ),
    row(
        "nooutline",
        NoEffect("the machine outliner does not run on x86-64 by default"),
    ),
    row(
        "null-pointer-is-valid",
        NoEffect("rcc never treats an access to address 0 as undefined"),
    ),
    // HARDEN: patchable entries.
    row_if(
        "patchable-function",
        When::Is("prologue-short-redirect"),
        Unsupported("llc starts the function with a two-byte nop"),
    ),
    row(
        "patchable-function",
        Unsupported("llc makes the entry patchable"),
    ),
    row(
        "patchable-function-entry",
        Unsupported("llc emits a nop sled and __patchable_function_entries"),
    ),
    row(
        "patchable-function-prefix",
        Unsupported("llc emits a nop sled and __patchable_function_entries"),
    ),
    row(
        "prefer-vector-width",
        NoEffect("a vector-width hint; rcc selects 128-bit vectors"),
    ),
    row(
        "probe-stack",
        Implemented("prologue probes, inline or a call (targets/src/x86_64/frame/probe.rs)"),
    ),
    row("profile-sample-accurate", HINT),
    row("reciprocal-estimates", FP_RELAX),
    row("sample-profile-suffix-elision-policy", HINT),
    row("sign-return-address", OTHER_TARGET),
    row("sign-return-address-key", OTHER_TARGET),
    row(
        "split-stack",
        Unsupported("llc checks the stack limit and calls __morestack in the prologue"),
    ),
    // HARDEN: stack protectors (the buffer size matters only with ssp).
    row(
        "stack-protector-buffer-size",
        NoEffect("read only with ssp/sspstrong, which rcc rejects"),
    ),
    row(
        "stack-probe-size",
        Implemented("the probe interval (mach/src/passes/frame_layout.rs)"),
    ),
    row(
        "stackrealign",
        Unsupported("llc realigns the stack of the function"),
    ),
    row(
        "target-cpu",
        Implemented("driver/src/codegen.rs: the function's subtarget"),
    ),
    row(
        "target-features",
        Implemented("driver/src/codegen.rs: the function's subtarget"),
    ),
    row("thunk", NoEffect("marks a thunk for debug information")),
    row("tls-load-hoist", HINT),
    row(
        "trap-func-name",
        Unsupported("llc lowers llvm.trap to a call of the named function"),
    ),
    row("tune-cpu", NoEffect("scheduling tuning only")),
    row("uniform-work-group-size", OTHER_TARGET),
    row("unsafe-fp-math", FP_RELAX),
    row("use-sample-profile", HINT),
    row_if(
        "use-soft-float",
        When::Is("true"),
        Unsupported("llc calls library routines for floating point"),
    ),
    row(
        "use-soft-float",
        NoEffect("hardware floating point, as rcc uses"),
    ),
    row(
        "warn-stack-size",
        Degraded("llc warns when the frame is larger; rcc does not check"),
    ),
    row("wasm-*", OTHER_TARGET),
    row("xray-*", Unsupported("llc emits XRay sleds")),
    row_if(
        "zero-call-used-regs",
        When::Is("skip"),
        NoEffect("no registers are cleared, as without it"),
    ),
    row(
        "zero-call-used-regs",
        Unsupported("llc clears the used registers before returning"),
    ),
];

/// Module flags (`!llvm.module.flags`), by name; `When` tests the
/// integer value.
pub static MODULE_FLAGS: &[Row] = &[
    row(
        "CG Profile",
        Degraded("no .llvm.call-graph-profile section for the linker"),
    ),
    row(
        "CFI Canonical Jump Tables",
        NoEffect("read by opt's type-test lowering"),
    ),
    row_if(
        "Code Model",
        When::Is("1"),
        NoEffect("the small code model, as rcc's"),
    ),
    row_if(
        "Code Model",
        When::Is("0"),
        NoEffect("the tiny code model is the small one on x86-64"),
    ),
    row(
        "Code Model",
        Unsupported("llc uses the kernel, medium or large code model"),
    ),
    row("CodeView", NoEffect("Windows debug information")),
    row(
        "Cross-DSO CFI",
        NoEffect("read by opt's type-test lowering"),
    ),
    row("Debug Info Version", NoEffect("the debug metadata version")),
    row(
        "Dwarf Version",
        NoEffect("debug information, which rcc does not write"),
    ),
    row("EnableSplitLTOUnit", NoEffect("an LTO linking fact")),
    row(
        "Large Data Threshold",
        NoEffect("read only in the medium code model"),
    ),
    row("MaxTLSAlign", NoEffect("a linking fact")),
    row("NumRegisterParameters", NoEffect("32-bit x86 only")),
    row(
        "Objective-C *",
        Unsupported("llc emits the Objective-C image info section"),
    ),
    row(
        "PIC Level",
        Implemented("driver/src/codegen.rs: the relocation model"),
    ),
    row(
        "PIE Level",
        Implemented("mach/src/emit/symbols.rs, dag/src/build/tls.rs: local symbols and TLS models"),
    ),
    row("ProfileSummary", HINT),
    row(
        "RtLibUseGOT",
        Degraded("library calls go through the PLT, not the GOT"),
    ),
    row_if(
        "SemanticInterposition",
        When::Is("0"),
        NoEffect("no interposition, as rcc assumes"),
    ),
    row(
        "SemanticInterposition",
        Unsupported("llc keeps calls to interposable functions through their symbols"),
    ),
    row_if(
        "SkipRaxSetup",
        When::Is("0"),
        NoEffect("%al is set before variadic calls, as rcc does"),
    ),
    row(
        "SkipRaxSetup",
        Unsupported("llc leaves %al unset before variadic calls"),
    ),
    row("ThinLTO", NoEffect("an LTO linking fact")),
    row(
        "Virtual Function Elim",
        NoEffect("read by opt's whole-program devirtualization"),
    ),
    row("branch-protection-pauth-lr", OTHER_TARGET),
    row("branch-target-enforcement", OTHER_TARGET),
    row(
        "cf-protection-branch",
        Implemented("x86-indirect-branch-tracking and .note.gnu.property (IBT)"),
    ),
    row(
        "cf-protection-return",
        Implemented(".note.gnu.property (SHSTK)"),
    ),
    row("cfguard", NoEffect("Windows control-flow guard")),
    row_if(
        "direct-access-external-data",
        When::IsNot("0"),
        NoEffect("direct access, as rcc does"),
    ),
    row(
        "direct-access-external-data",
        Degraded("external data is accessed directly, not through the GOT"),
    ),
    row("ehcontguard", NoEffect("Windows EH continuation guard")),
    row(
        "frame-pointer",
        NoEffect("the default for new functions; functions carry the attribute"),
    ),
    row("guarded-control-stack", OTHER_TARGET),
    row_if(
        "indirect_branch_cs_prefix",
        When::Is("0"),
        NoEffect("no prefix, as without it"),
    ),
    row(
        "indirect_branch_cs_prefix",
        Unsupported("llc adds a CS prefix to indirect thunk calls"),
    ),
    row(
        "kcfi",
        Unsupported("llc checks the type hash before indirect calls"),
    ),
    row(
        "kcfi-offset",
        Unsupported("llc checks the type hash before indirect calls"),
    ),
    row("min_enum_size", OTHER_TARGET),
    row("nvvm-reflect-*", OTHER_TARGET),
    row(
        "override-stack-alignment",
        Unsupported("llc uses this stack alignment"),
    ),
    row("ptrauth-*", OTHER_TARGET),
    row("sign-return-address", OTHER_TARGET),
    row("sign-return-address-all", OTHER_TARGET),
    row("sign-return-address-with-bkey", OTHER_TARGET),
    row(
        "stack-protector-guard",
        Unsupported("llc reads the stack guard from another place"),
    ),
    row(
        "stack-protector-guard-offset",
        Unsupported("llc reads the stack guard from another place"),
    ),
    row(
        "stack-protector-guard-reg",
        Unsupported("llc reads the stack guard from another place"),
    ),
    row(
        "stack-protector-guard-symbol",
        Unsupported("llc reads the stack guard from another place"),
    ),
    row("target-abi", OTHER_TARGET),
    row(
        "uwtable",
        NoEffect("the default for new functions; functions carry the attribute"),
    ),
    row(
        "wchar_size",
        NoEffect("read by IR optimizers' library-call recognition"),
    ),
    row("zos_*", OTHER_TARGET),
];

/// Metadata attachments of functions and instructions, by kind with its
/// `!`. Attachments of global variables are the emitter's
/// (`mach/src/emit/`: `!associated`, `!exclude`, `!absolute_symbol`).
pub static METADATA: &[Row] = &[
    row("!DIAssignID", NoEffect("debug information only")),
    row(
        "!absolute_symbol",
        Unsupported("llc uses the symbol's known address range"),
    ),
    row("!alias.scope", HINT),
    row("!align", HINT),
    row("!annotation", NoEffect("optimization remarks only")),
    row(
        "!associated",
        Unsupported("llc gives the section SHF_LINK_ORDER"),
    ),
    row("!callback", HINT),
    row("!callees", HINT),
    row("!callsite", NoEffect("memory profiling data for opt")),
    row(
        "!coro.outside.frame",
        NoEffect("coroutines are lowered by opt"),
    ),
    row("!dbg", DEBUG),
    row("!dereferenceable", HINT),
    row("!dereferenceable_or_null", HINT),
    row("!fpmath", FP_RELAX),
    row(
        "!func_sanitize",
        Unsupported("llc emits the sanitizer's function prologue data"),
    ),
    row("!heapallocsite", NoEffect("debug information only")),
    row("!implicit.ref", OTHER_TARGET),
    row("!invariant.group", HINT),
    row("!invariant.load", HINT),
    row("!irr_loop", HINT),
    row(
        "!kcfi_type",
        Unsupported("llc emits the type hash before the function"),
    ),
    row("!llvm.access.group", HINT),
    row("!llvm.loop", HINT),
    row("!llvm.mem.parallel_loop_access", HINT),
    row("!llvm.preserve.access.index", OTHER_TARGET),
    row(
        "!make.implicit",
        NoEffect("implicit null checks are off by default in llc"),
    ),
    row("!memprof", NoEffect("memory profiling data for opt")),
    row(
        "!mmra",
        NoEffect("memory model relaxations; llc ignores them on x86-64"),
    ),
    row("!noalias", HINT),
    row("!noalias.addrspace", HINT),
    row("!nonnull", HINT),
    row(
        "!nontemporal",
        Degraded("ordinary loads and stores, not non-temporal ones"),
    ),
    row("!nosanitize", SANITIZER),
    row("!noundef", HINT),
    row(
        "!pcsections",
        Unsupported("llc records the code addresses in the named sections"),
    ),
    row(
        "!prof",
        Implemented("ir/src/prof.rs: branch weights for block placement"),
    ),
    row("!range", HINT),
    row(
        "!section_prefix",
        Implemented("mach/src/emit/sections.rs: .text.hot./.text.unlikely."),
    ),
    row("!srcloc", NoEffect("inline-asm diagnostics location")),
    row("!tbaa", HINT),
    row("!tbaa.struct", HINT),
    row("!type", NoEffect("read by opt's type-test lowering")),
    row("!unpredictable", HINT),
    row(
        "!vcall_visibility",
        NoEffect("read by opt's whole-program devirtualization"),
    ),
];

/// The first row of `table` for `name` with a value `value` matches.
pub fn lookup(table: &'static [Row], name: &str, value: &str) -> Option<&'static Row> {
    table.iter().find(|r| {
        let named = match r.name.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => r.name == name,
        };
        named && r.when.matches(value)
    })
}
