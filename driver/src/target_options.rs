//! Checks of the target-selection options (`-mtriple`, `-march`, `-mcpu`,
//! `-mattr`) and of the module's `target triple`, spelled as llc-19 spells
//! them for the x86-64 target.
//!
//! rcc generates code for the x86-64 baseline (SSE2) only: a CPU or a
//! feature that would change code generation is accepted with a warning
//! saying it has no effect yet; a name llc does not know, a 32-bit CPU, a
//! malformed feature or a triple that is not x86-64 ELF is an error.
//!
//! The name lists are llc-19's (`llc -march=x86-64 -mattr=help`).

/// The target name `-march` accepts and `-version` lists.
pub const TARGET_NAME: &str = "x86-64";
/// Its description, as `-version` lists it.
pub const TARGET_DESCRIPTION: &str = "64-bit X86: EM64T and AMD64";
/// The triple used when neither `-mtriple` nor the module names one.
pub const DEFAULT_TRIPLE: &str = "x86_64-unknown-linux-gnu";

/// CPUs whose code is the baseline's: naming them changes nothing.
const BASELINE_CPUS: &[&str] = &["x86-64", "generic"];

/// Features the baseline already has: enabling them changes nothing.
const BASELINE_FEATURES: &[&str] = &["64bit", "cmov", "cx8", "fxsr", "mmx", "sse", "sse2", "x87"];

const CPUS_64: &[&str] = &[
    "alderlake",
    "amdfam10",
    "arrowlake",
    "arrowlake-s",
    "arrowlake_s",
    "athlon-fx",
    "athlon64",
    "athlon64-sse3",
    "atom",
    "atom_sse4_2",
    "atom_sse4_2_movbe",
    "barcelona",
    "bdver1",
    "bdver2",
    "bdver3",
    "bdver4",
    "bonnell",
    "broadwell",
    "btver1",
    "btver2",
    "cannonlake",
    "cascadelake",
    "clearwaterforest",
    "cooperlake",
    "core-avx-i",
    "core-avx2",
    "core2",
    "core_2_duo_sse4_1",
    "core_2_duo_ssse3",
    "core_2nd_gen_avx",
    "core_3rd_gen_avx",
    "core_4th_gen_avx",
    "core_4th_gen_avx_tsx",
    "core_5th_gen_avx",
    "core_5th_gen_avx_tsx",
    "core_aes_pclmulqdq",
    "core_i7_sse4_2",
    "corei7",
    "corei7-avx",
    "emeraldrapids",
    "generic",
    "goldmont",
    "goldmont-plus",
    "goldmont_plus",
    "gracemont",
    "grandridge",
    "graniterapids",
    "graniterapids-d",
    "graniterapids_d",
    "haswell",
    "icelake-client",
    "icelake-server",
    "icelake_client",
    "icelake_server",
    "ivybridge",
    "k8",
    "k8-sse3",
    "knl",
    "knm",
    "lunarlake",
    "meteorlake",
    "mic_avx512",
    "nehalem",
    "nocona",
    "opteron",
    "opteron-sse3",
    "pantherlake",
    "penryn",
    "raptorlake",
    "rocketlake",
    "sandybridge",
    "sapphirerapids",
    "sierraforest",
    "silvermont",
    "skx",
    "skylake",
    "skylake-avx512",
    "skylake_avx512",
    "slm",
    "tigerlake",
    "tremont",
    "westmere",
    "x86-64",
    "x86-64-v2",
    "x86-64-v3",
    "x86-64-v4",
    "znver1",
    "znver2",
    "znver3",
    "znver4",
    "znver5",
];

const CPUS_32: &[&str] = &[
    "athlon",
    "athlon-4",
    "athlon-mp",
    "athlon-tbird",
    "athlon-xp",
    "c3",
    "c3-2",
    "geode",
    "i386",
    "i486",
    "i586",
    "i686",
    "k6",
    "k6-2",
    "k6-3",
    "lakemont",
    "pentium",
    "pentium-m",
    "pentium-mmx",
    "pentium2",
    "pentium3",
    "pentium3m",
    "pentium4",
    "pentium4m",
    "pentium_4",
    "pentium_4_sse3",
    "pentium_ii",
    "pentium_iii",
    "pentium_iii_no_xmm_regs",
    "pentium_m",
    "pentium_mmx",
    "pentium_pro",
    "pentiumpro",
    "prescott",
    "winchip-c6",
    "winchip2",
    "yonah",
];

const FEATURES: &[&str] = &[
    "16bit-mode",
    "32bit-mode",
    "64bit",
    "64bit-mode",
    "adx",
    "aes",
    "allow-light-256-bit",
    "amx-bf16",
    "amx-complex",
    "amx-fp16",
    "amx-int8",
    "amx-tile",
    "avx",
    "avx10.1-256",
    "avx10.1-512",
    "avx2",
    "avx512bf16",
    "avx512bitalg",
    "avx512bw",
    "avx512cd",
    "avx512dq",
    "avx512f",
    "avx512fp16",
    "avx512ifma",
    "avx512vbmi",
    "avx512vbmi2",
    "avx512vl",
    "avx512vnni",
    "avx512vp2intersect",
    "avx512vpopcntdq",
    "avxifma",
    "avxneconvert",
    "avxvnni",
    "avxvnniint16",
    "avxvnniint8",
    "bmi",
    "bmi2",
    "branch-hint",
    "branchfusion",
    "ccmp",
    "cf",
    "cldemote",
    "clflushopt",
    "clwb",
    "clzero",
    "cmov",
    "cmpccxadd",
    "crc32",
    "cx16",
    "cx8",
    "egpr",
    "enqcmd",
    "ermsb",
    "evex512",
    "f16c",
    "false-deps-getmant",
    "false-deps-lzcnt-tzcnt",
    "false-deps-mulc",
    "false-deps-mullq",
    "false-deps-perm",
    "false-deps-popcnt",
    "false-deps-range",
    "fast-11bytenop",
    "fast-15bytenop",
    "fast-7bytenop",
    "fast-bextr",
    "fast-dpwssd",
    "fast-gather",
    "fast-hops",
    "fast-imm16",
    "fast-lzcnt",
    "fast-movbe",
    "fast-scalar-fsqrt",
    "fast-scalar-shift-masks",
    "fast-shld-rotate",
    "fast-variable-crosslane-shuffle",
    "fast-variable-perlane-shuffle",
    "fast-vector-fsqrt",
    "fast-vector-shift-masks",
    "faster-shift-than-shuffle",
    "fma",
    "fma4",
    "fsgsbase",
    "fsrm",
    "fxsr",
    "gfni",
    "harden-sls-ijmp",
    "harden-sls-ret",
    "hreset",
    "idivl-to-divb",
    "idivq-to-divl",
    "inline-asm-use-gpr32",
    "invpcid",
    "kl",
    "lea-sp",
    "lea-uses-ag",
    "lvi-cfi",
    "lvi-load-hardening",
    "lwp",
    "lzcnt",
    "macrofusion",
    "mmx",
    "movbe",
    "movdir64b",
    "movdiri",
    "mwaitx",
    "ndd",
    "nf",
    "no-bypass-delay",
    "no-bypass-delay-blend",
    "no-bypass-delay-mov",
    "no-bypass-delay-shuffle",
    "nopl",
    "pad-short-functions",
    "pclmul",
    "pconfig",
    "pku",
    "popcnt",
    "ppx",
    "prefer-128-bit",
    "prefer-256-bit",
    "prefer-mask-registers",
    "prefer-movmsk-over-vtest",
    "prefer-no-gather",
    "prefer-no-scatter",
    "prefetchi",
    "prfchw",
    "ptwrite",
    "push2pop2",
    "raoint",
    "rdpid",
    "rdpru",
    "rdrnd",
    "rdseed",
    "retpoline",
    "retpoline-external-thunk",
    "retpoline-indirect-branches",
    "retpoline-indirect-calls",
    "rtm",
    "sahf",
    "sbb-dep-breaking",
    "serialize",
    "seses",
    "sgx",
    "sha",
    "sha512",
    "shstk",
    "slow-3ops-lea",
    "slow-incdec",
    "slow-lea",
    "slow-pmaddwd",
    "slow-pmulld",
    "slow-shld",
    "slow-two-mem-ops",
    "slow-unaligned-mem-16",
    "slow-unaligned-mem-32",
    "sm3",
    "sm4",
    "soft-float",
    "sse",
    "sse-unaligned-mem",
    "sse2",
    "sse3",
    "sse4.1",
    "sse4.2",
    "sse4a",
    "ssse3",
    "tagged-globals",
    "tbm",
    "tsxldtrk",
    "tuning-fast-imm-vector-shift",
    "uintr",
    "use-glm-div-sqrt-costs",
    "use-slm-arith-costs",
    "usermsr",
    "vaes",
    "vpclmulqdq",
    "vzeroupper",
    "waitpkg",
    "wbnoinvd",
    "widekl",
    "x87",
    "xop",
    "xsave",
    "xsavec",
    "xsaveopt",
    "xsaves",
    "zu",
];

/// Checks a target triple: its architecture must be x86-64 and its object
/// format ELF.
pub fn check_triple(triple: &str) -> Result<(), String> {
    let mut parts = triple.split('-');
    let arch = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    if !matches!(arch, "x86_64" | "amd64" | "x86_64h") {
        return Err(format!(
            "unsupported target triple '{triple}': rcc generates code for x86-64 only"
        ));
    }
    let non_elf = [
        "darwin", "macos", "ios", "windows", "win32", "mingw32", "cygwin", "uefi",
    ];
    if let Some(os) = rest
        .iter()
        .find(|p| non_elf.iter().any(|n| p.starts_with(n)))
    {
        return Err(format!(
            "unsupported target triple '{triple}': rcc writes ELF objects, not for '{os}'"
        ));
    }
    if let Some(env) = rest.iter().find(|p| p.ends_with("x32")) {
        return Err(format!(
            "unsupported target triple '{triple}': the '{env}' environment has 32-bit pointers"
        ));
    }
    Ok(())
}

/// The triple to compile for: `-mtriple`, else the module's, else the
/// default; `-march=x86-64` sets its architecture (as llc does).
pub fn effective_triple(option: Option<&str>, module: Option<&str>, march: bool) -> String {
    let t = option.or(module).unwrap_or(DEFAULT_TRIPLE);
    if march {
        match t.split_once('-') {
            Some((_, rest)) => format!("x86_64-{rest}"),
            None => "x86_64".to_string(),
        }
    } else {
        t.to_string()
    }
}

/// Checks `-march`.
pub fn check_march(arch: &str) -> Result<(), String> {
    if arch == TARGET_NAME {
        Ok(())
    } else {
        Err(format!(
            "invalid target '{arch}' for -march (registered targets: {TARGET_NAME})"
        ))
    }
}

/// Checks `-mcpu`: an unknown or 32-bit CPU is an error.
pub fn check_cpu(cpu: &str) -> Result<(), String> {
    if CPUS_32.contains(&cpu) {
        Err(format!(
            "-mcpu={cpu}: '{cpu}' is a 32-bit processor; x86-64 code needs a 64-bit one"
        ))
    } else if CPUS_64.contains(&cpu) {
        Ok(())
    } else {
        Err(format!(
            "-mcpu={cpu}: '{cpu}' is not a recognized processor for this target"
        ))
    }
}

/// Checks one `-mattr` entry (`+name` or `-name`).
pub fn check_feature(f: &str) -> Result<(), String> {
    let Some(name) = f.strip_prefix('+').or_else(|| f.strip_prefix('-')) else {
        return Err(format!("-mattr: feature '{f}' must start with '+' or '-'"));
    };
    if FEATURES.contains(&name) {
        Ok(())
    } else {
        Err(format!(
            "-mattr: '{f}' is not a recognized feature for this target"
        ))
    }
}

/// The warnings for a checked `-mcpu` and `-mattr`: one for each request
/// that would change code generation, which has no effect yet.
pub fn warnings(cpu: Option<&str>, attrs: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(cpu) = cpu.filter(|c| !BASELINE_CPUS.contains(c)) {
        out.push(format!(
            "-mcpu={cpu} has no effect yet: rcc generates code for the x86-64 baseline (SSE2) until subtarget features are implemented"
        ));
    }
    for f in attrs {
        let baseline = f
            .strip_prefix('+')
            .is_some_and(|n| BASELINE_FEATURES.contains(&n));
        if !baseline {
            out.push(format!(
                "-mattr={f} has no effect yet: rcc generates code for the x86-64 baseline (SSE2) until subtarget features are implemented"
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn triples() {
        assert!(check_triple("x86_64-pc-linux-gnu").is_ok());
        assert!(check_triple("x86_64-unknown-linux-gnu").is_ok());
        assert!(check_triple("x86_64").is_ok());
        assert!(check_triple("aarch64-linux-gnu").is_err());
        assert!(check_triple("x86_64-apple-darwin").is_err());
        assert!(check_triple("x86_64-pc-windows-msvc").is_err());
        assert!(check_triple("x86_64-linux-gnux32").is_err());
        assert_eq!(
            effective_triple(None, Some("i686-pc-linux-gnu"), true),
            "x86_64-pc-linux-gnu"
        );
        assert_eq!(effective_triple(None, None, false), DEFAULT_TRIPLE);
    }

    #[test]
    fn cpus_and_features() {
        assert!(check_cpu("skylake").is_ok());
        assert!(check_cpu("i686").is_err());
        assert!(check_cpu("nonesuch").is_err());
        assert!(check_feature("+avx2").is_ok());
        assert!(check_feature("avx2").is_err());
        assert!(check_feature("+nonesuch").is_err());
        assert!(warnings(Some("x86-64"), &["+sse2".into()]).is_empty());
        assert_eq!(
            warnings(Some("skylake"), &["+avx2".into(), "-sse2".into()]).len(),
            3
        );
    }
}
