//! `rcc-par`'s options, spelled as llc spells them. One struct holds every
//! knob; nothing else in rcc reads the command line.
//!
//! One table, [`OPTIONS`], lists every option with its argument and a line
//! of help: `-help` prints it and [`parse_args`] accepts exactly what it
//! lists, so the two cannot drift. Each entry's setter checks its value; an
//! unknown option or a bad value is an error.
//!
//! As in llc, `--name` is `-name`, a value follows `=` or comes as the next
//! argument, a boolean option takes `=true`/`=false`, `-O2` is `-O=2` and
//! `-j4` is `-j=4`.

use crate::pipeline;
use std::path::PathBuf;

/// Output kinds (`-filetype=`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum FileType {
    Asm,
    Obj,
    Null,
}

/// Relocation models (`-relocation-model=`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RelocModel {
    /// What the module's `PIC Level` flag says, else PIC.
    Default,
    Static,
    Pic,
}

/// Register allocators (`-regalloc=`).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum RegAlloc {
    Fast = 0,
    Basic = 1,
    Greedy = 2,
}

impl RegAlloc {
    /// The option's spelling.
    pub fn name(self) -> &'static str {
        match self {
            RegAlloc::Fast => "fast",
            RegAlloc::Basic => "basic",
            RegAlloc::Greedy => "greedy",
        }
    }
}

/// What `-debug-pass=` prints.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DebugPass {
    /// The pipeline, one pass a line.
    Structure,
    /// The passes as an argument list.
    Arguments,
}

/// What the command line asks for besides compiling.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Action {
    Compile,
    /// `-help`: list the options.
    Help,
    /// `-version`: the version and the targets.
    Version,
}

/// Every option of `rcc-par`.
#[derive(Clone, Debug)]
pub struct Options {
    pub action: Action,
    pub input: Option<PathBuf>,
    pub output: Option<PathBuf>,
    pub opt_level: u8,
    /// Worker threads; 0 means one per core.
    pub jobs: usize,
    pub triple: Option<String>,
    /// `-march`: a registered target's name.
    pub march: Option<String>,
    pub cpu: Option<String>,
    pub attrs: Vec<String>,
    pub filetype: FileType,
    pub reloc: RelocModel,
    pub frame_pointer: Option<String>,
    pub regalloc: Option<RegAlloc>,
    pub verify_machineinstrs: bool,
    /// `-fast-isel` (llc's option): select `-O0` blocks directly, without
    /// a SelectionDAG, falling back to it per block (unset: the default,
    /// on; only `-O0` uses it).
    pub fast_isel: Option<bool>,
    /// `-join-liveintervals` (LLVM's option, default on): whether the
    /// register coalescer joins copies; off, it only computes liveness and
    /// hints.
    pub join_liveintervals: bool,
    /// `-enable-shrink-wrap` (LLVM's option; unset: the target decides).
    pub enable_shrink_wrap: Option<bool>,
    pub print_after_all: bool,
    pub print_after: Vec<String>,
    pub print_before: Vec<String>,
    pub stop_after: Option<String>,
    pub stop_before: Option<String>,
    /// `-start-after` / `-start-before`: where a pipeline resumed from
    /// MIR input starts (an error for IR input).
    pub start_after: Option<String>,
    pub start_before: Option<String>,
    /// `-run-pass`: exactly these passes, in this order, then MIR out.
    pub run_pass: Vec<String>,
    /// `-mir-roundtrip`: after every pass, write the function as MIR, read
    /// it back into a fresh function, require the same text again, and go
    /// on with the function read back (a test of the MIR format).
    pub mir_roundtrip: bool,
    pub debug_pass: Option<DebugPass>,
    pub time_passes: bool,
    pub stats: bool,
    /// `-function-sections`: each function in a section of its own.
    pub function_sections: bool,
    /// `-data-sections`: each variable in a section of its own.
    pub data_sections: bool,
    /// `-stack-size-section`: a `.stack_sizes` entry per function.
    pub stack_size_section: bool,
    /// `-x86-asm-syntax=intel`: instructions in Intel syntax.
    pub intel_syntax: bool,
    /// Skip freeing the IR after compiling (like clang's `-disable-free`):
    /// set by the `rcc-par` binary, which exits right after; library users
    /// leave it off.
    pub disable_free: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            action: Action::Compile,
            input: None,
            output: None,
            opt_level: 2,
            jobs: 0,
            triple: None,
            march: None,
            cpu: None,
            attrs: Vec::new(),
            filetype: FileType::Asm,
            reloc: RelocModel::Default,
            frame_pointer: None,
            regalloc: None,
            verify_machineinstrs: false,
            fast_isel: None,
            join_liveintervals: true,
            enable_shrink_wrap: None,
            print_after_all: false,
            print_after: Vec::new(),
            print_before: Vec::new(),
            stop_after: None,
            stop_before: None,
            start_after: None,
            start_before: None,
            run_pass: Vec::new(),
            mir_roundtrip: false,
            debug_pass: None,
            time_passes: false,
            stats: false,
            function_sections: false,
            data_sections: false,
            stack_size_section: false,
            intel_syntax: false,
            disable_free: false,
        }
    }
}

/// How an option takes its argument, and what it does with it.
#[derive(Copy, Clone)]
pub enum Arg {
    /// A boolean: `-name`, `-name=true` or `-name=false`.
    Flag(fn(&mut Options, bool) -> Result<(), String>),
    /// A value, after `=` or as the next argument; the string shows its
    /// form in `-help`.
    Value(&'static str, fn(&mut Options, String) -> Result<(), String>),
}

/// One option: its name (with one dash), its argument and its help line.
#[derive(Copy, Clone)]
pub struct OptionSpec {
    pub name: &'static str,
    pub arg: Arg,
    pub help: &'static str,
}

impl OptionSpec {
    /// How `-help` shows the option: `-name` or `-name=<values>`.
    pub fn usage(&self) -> String {
        match self.arg {
            Arg::Flag(_) => self.name.to_string(),
            Arg::Value(form, _) => format!("{}={form}", self.name),
        }
    }
}

const fn flag(
    name: &'static str,
    help: &'static str,
    set: fn(&mut Options, bool) -> Result<(), String>,
) -> OptionSpec {
    OptionSpec {
        name,
        arg: Arg::Flag(set),
        help,
    }
}

const fn value(
    name: &'static str,
    form: &'static str,
    help: &'static str,
    set: fn(&mut Options, String) -> Result<(), String>,
) -> OptionSpec {
    OptionSpec {
        name,
        arg: Arg::Value(form, set),
        help,
    }
}

/// Every option `rcc-par` accepts, in `-help` order.
pub const OPTIONS: &[OptionSpec] = &[
    flag("-help", "Display available options (also --help)", |o, on| {
        if on {
            o.action = Action::Help;
        }
        Ok(())
    }),
    flag(
        "-version",
        "Display the version, the default target and the registered targets (also --version)",
        |o, on| {
            if on {
                o.action = Action::Version;
            }
            Ok(())
        },
    ),
    value(
        "-o",
        "<filename>",
        "Output file ('-' is standard output; default: the input's name with .s or .o, or standard output for standard input)",
        |o, v| {
            o.output = Some(PathBuf::from(v));
            Ok(())
        },
    ),
    value(
        "-O",
        "<0|1|2|3>",
        "Optimization level (also -O0 ... -O3; default 2)",
        |o, v| {
            o.opt_level = match v.as_str() {
                "0" => 0,
                "1" => 1,
                "2" => 2,
                "3" => 3,
                _ => return Err(format!("invalid optimization level '-O{v}' (0, 1, 2 or 3)")),
            };
            Ok(())
        },
    ),
    value(
        "-j",
        "<n>",
        "Worker threads; 0 is one per core (also -j<n>, --jobs; default 0)",
        |o, v| {
            o.jobs = v
                .parse()
                .map_err(|_| format!("invalid -j value '{v}' (a number of threads)"))?;
            Ok(())
        },
    ),
    value(
        "-mtriple",
        "<triple>",
        "Target triple, overriding the module's (a registered target; ELF)",
        |o, v| {
            rcc_targets::lookup(Some(&v), None)?;
            o.triple = Some(v);
            Ok(())
        },
    ),
    value(
        "-march",
        "<arch>",
        "Architecture to generate code for (a registered target: see -version)",
        |o, v| {
            rcc_targets::lookup(None, Some(&v))?;
            o.march = Some(v);
            Ok(())
        },
    ),
    value(
        "-mcpu",
        "<cpu>",
        "Target CPU (one whose features have no code yet: a warning; the function's \"target-cpu\" wins)",
        |o, v| {
            o.cpu = Some(v);
            Ok(())
        },
    ),
    value(
        "-mattr",
        "<+a1,-a2,...>",
        "Target features (+f enables, -f disables; a feature without code yet: a warning; disabling the baseline: an error)",
        |o, v| {
            for f in v.split(',').filter(|s| !s.is_empty()) {
                if !f.starts_with(['+', '-']) {
                    return Err(format!("-mattr: feature '{f}' needs a '+' or '-' prefix"));
                }
                o.attrs.push(f.to_string());
            }
            Ok(())
        },
    ),
    value(
        "-filetype",
        "<asm|obj|null>",
        "Output kind: assembly, an ELF object, or nothing (default asm); with a stop option or -run-pass the output is MIR, and null writes nothing",
        |o, v| {
            o.filetype = match v.as_str() {
                "asm" => FileType::Asm,
                "obj" => FileType::Obj,
                "null" => FileType::Null,
                _ => return Err(format!("invalid -filetype '{v}' (asm, obj or null)")),
            };
            Ok(())
        },
    ),
    value(
        "-relocation-model",
        "<static|pic>",
        "Relocation model (default: the module's PIC Level, else pic)",
        |o, v| {
            o.reloc = match v.as_str() {
                "static" => RelocModel::Static,
                "pic" => RelocModel::Pic,
                "dynamic-no-pic" | "ropi" | "rwpi" | "ropi-rwpi" => {
                    return Err(format!(
                        "-relocation-model={v} is not supported for x86-64 ELF (static or pic)"
                    ))
                }
                _ => {
                    return Err(format!(
                        "invalid -relocation-model '{v}' (static or pic)"
                    ))
                }
            };
            Ok(())
        },
    ),
    value(
        "-code-model",
        "<small>",
        "Code model (small only)",
        |_, v| match v.as_str() {
            "small" => Ok(()),
            "tiny" | "kernel" | "medium" | "large" => Err(format!(
                "-code-model={v} is not supported (rcc generates the small code model only)"
            )),
            _ => Err(format!("invalid -code-model '{v}' (small)")),
        },
    ),
    value(
        "-frame-pointer",
        "<all|non-leaf|none|reserved>",
        "When to keep a frame pointer (default: the function's \"frame-pointer\" attribute)",
        |o, v| {
            if !matches!(v.as_str(), "all" | "non-leaf" | "none" | "reserved") {
                return Err(format!(
                    "invalid -frame-pointer '{v}' (all, non-leaf, none or reserved)"
                ));
            }
            o.frame_pointer = Some(v);
            Ok(())
        },
    ),
    flag(
        "-function-sections",
        "Emit each function in a section of its own (.text.<name>)",
        |o, on| {
            o.function_sections = on;
            Ok(())
        },
    ),
    flag(
        "-data-sections",
        "Emit each variable in a section of its own (.data.<name>, .bss.<name>, ...)",
        |o, on| {
            o.data_sections = on;
            Ok(())
        },
    ),
    flag(
        "-stack-size-section",
        "Emit a .stack_sizes section: each function's address and stack size",
        |o, on| {
            o.stack_size_section = on;
            Ok(())
        },
    ),
    flag(
        "-asm-verbose",
        "Add comments to directives (rcc writes llc's -asm-verbose=false output; =true is not supported yet: an error)",
        |_, on| {
            if on {
                Err("-asm-verbose is not supported yet: rcc writes the output of llc's -asm-verbose=false".to_string())
            } else {
                Ok(())
            }
        },
    ),
    value(
        "-x86-asm-syntax",
        "<att|intel>",
        "Assembly syntax of instructions (default att)",
        |o, v| {
            o.intel_syntax = match v.as_str() {
                "att" => false,
                "intel" => true,
                _ => return Err(format!("invalid -x86-asm-syntax '{v}' (att or intel)")),
            };
            Ok(())
        },
    ),
    flag(
        "-verify-machineinstrs",
        "Verify the machine code after each pass",
        |o, on| {
            o.verify_machineinstrs = on;
            Ok(())
        },
    ),
    flag(
        "-fast-isel",
        "Select -O0 code directly, without a SelectionDAG, falling back per block (default true)",
        |o, on| {
            o.fast_isel = Some(on);
            Ok(())
        },
    ),
    flag(
        "-enable-shrink-wrap",
        "Move the prologue and epilogue off paths that need no frame (shrink-wrap; default: the target's choice)",
        |o, on| {
            o.enable_shrink_wrap = Some(on);
            Ok(())
        },
    ),
    flag(
        "-join-liveintervals",
        "Coalesce copies (register-coalescer; default true)",
        |o, on| {
            o.join_liveintervals = on;
            Ok(())
        },
    ),
    value(
        "-regalloc",
        "<fast|basic|greedy>",
        "Register allocator (fast, basic or greedy)",
        |o, v| {
            o.regalloc = Some(match v.as_str() {
                "fast" => RegAlloc::Fast,
                "basic" => RegAlloc::Basic,
                "greedy" => RegAlloc::Greedy,
                _ => return Err(format!("invalid -regalloc '{v}' (fast, basic or greedy)")),
            });
            Ok(())
        },
    ),
    flag(
        "-print-after-all",
        "Print the code after each pass (to standard error)",
        |o, on| {
            o.print_after_all = on;
            Ok(())
        },
    ),
    value(
        "-print-after",
        "<pass>",
        "Print the code after the pass (to standard error)",
        |o, v| {
            o.print_after.push(pass_name("-print-after", v)?);
            Ok(())
        },
    ),
    value(
        "-print-before",
        "<pass>",
        "Print the code before the pass (to standard error)",
        |o, v| {
            o.print_before.push(pass_name("-print-before", v)?);
            Ok(())
        },
    ),
    value(
        "-stop-after",
        "<pass>",
        "Stop after the pass and write the module and its functions as MIR (.mir; after parse: the module only)",
        |o, v| {
            o.stop_after = Some(pass_name("-stop-after", v)?);
            Ok(())
        },
    ),
    value(
        "-stop-before",
        "<pass>",
        "Stop before the pass and write the module and its functions as MIR (.mir)",
        |o, v| {
            o.stop_before = Some(pass_name("-stop-before", v)?);
            Ok(())
        },
    ),
    value(
        "-start-after",
        "<pass>",
        "Resume MIR input (.mir) after the pass: run the rest of the pipeline (or up to -stop-after/-stop-before)",
        |o, v| {
            o.start_after = Some(pass_name("-start-after", v)?);
            Ok(())
        },
    ),
    value(
        "-start-before",
        "<pass>",
        "Resume MIR input (.mir) before the pass: run it and the rest of the pipeline (or up to -stop-after/-stop-before)",
        |o, v| {
            o.start_before = Some(pass_name("-start-before", v)?);
            Ok(())
        },
    ),
    value(
        "-run-pass",
        "<pass>[,<pass>...]",
        "Run exactly these machine passes, in this order, on every function of MIR input and write MIR (on IR input the first must be finalize-isel)",
        |o, v| {
            for p in v.split(',') {
                o.run_pass.push(run_pass_name(p)?);
            }
            Ok(())
        },
    ),
    flag(
        "-mir-roundtrip",
        "Debugging aid: after every pass write each function as MIR, read it back, require the same text, and go on with the function read back",
        |o, on| {
            o.mir_roundtrip = on;
            Ok(())
        },
    ),
    value(
        "-debug-pass",
        "<Structure|Arguments>",
        "Print the pass pipeline of the chosen -O (to standard error)",
        |o, v| {
            o.debug_pass = Some(match v.as_str() {
                "Structure" => DebugPass::Structure,
                "Arguments" => DebugPass::Arguments,
                _ => return Err(format!("invalid -debug-pass '{v}' (Structure or Arguments)")),
            });
            Ok(())
        },
    ),
    flag(
        "-time-passes",
        "Time each pass: user, system and wall time, summed over workers (to standard error)",
        |o, on| {
            o.time_passes = on;
            Ok(())
        },
    ),
    flag(
        "-stats",
        "Print IR sizes and each pass's counters (to standard error)",
        |o, on| {
            o.stats = on;
            Ok(())
        },
    ),
];

/// Long spellings llc and rcc accept for an option of [`OPTIONS`].
const ALIASES: &[(&str, &str)] = &[("-jobs", "-j")];

/// The `-help` text: every option of [`OPTIONS`] on a line of its own.
pub fn help_text(program: &str) -> String {
    let mut s = format!(
        "OVERVIEW: rcc parallel code generator (llc's command line)\n\n\
         USAGE: {program} [options] <input .ll file, '-' or none for standard input>\n\n\
         OPTIONS:\n"
    );
    let width = OPTIONS.iter().map(|o| o.usage().len()).max().unwrap_or(0);
    for o in OPTIONS {
        s.push_str(&format!("  {:<width$} - {}\n", o.usage(), o.help));
    }
    s
}

/// Splits one argument into the option's table name and its inline value.
fn split_option(a: &str) -> (String, Option<String>) {
    let a = match a.strip_prefix("--") {
        Some(rest) => format!("-{rest}"),
        None => a.to_string(),
    };
    let (key, val) = match a.split_once('=') {
        Some((k, v)) => (k.to_string(), Some(v.to_string())),
        None => (a, None),
    };
    // `-O2` and `-j4`: the value glued to the name.
    for short in ["-O", "-j"] {
        if let Some(rest) = key.strip_prefix(short) {
            if val.is_none() && !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit()) {
                return (short.to_string(), Some(rest.to_string()));
            }
        }
    }
    let key = ALIASES
        .iter()
        .find(|(alias, _)| *alias == key)
        .map_or(key, |(_, name)| name.to_string());
    (key, val)
}

/// Parses `args` (without the program name).
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Options, String> {
    let mut o = Options::default();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        if a == "-" || !a.starts_with('-') {
            if o.input.is_some() {
                return Err(format!("more than one input file: '{a}'"));
            }
            o.input = Some(PathBuf::from(a));
            continue;
        }
        let (key, val) = split_option(&a);
        let Some(spec) = OPTIONS.iter().find(|s| s.name == key) else {
            return Err(format!("unknown option '{a}' (try: 'rcc-par --help')"));
        };
        match spec.arg {
            Arg::Flag(set) => {
                let on = match val.as_deref() {
                    None | Some("true") | Some("1") => true,
                    Some("false") | Some("0") => false,
                    Some(v) => {
                        return Err(format!("invalid value '{v}' for {key} (true or false)"))
                    }
                };
                set(&mut o, on)?;
            }
            Arg::Value(_, set) => {
                let v = match val {
                    Some(v) => v,
                    None => it
                        .next()
                        .ok_or_else(|| format!("option '{key}' needs a value"))?,
                };
                set(&mut o, v)?;
            }
        }
    }
    Ok(o)
}

fn pass_name(option: &str, p: String) -> Result<String, String> {
    pipeline::check_name(option, &p).map(|()| p)
}

/// One name of `-run-pass`: a machine pass that maps MIR to MIR.
fn run_pass_name(p: &str) -> Result<String, String> {
    pipeline::check_name("-run-pass", p)?;
    match p {
        "parse" => Err(
            "-run-pass=parse: the IR reader is not a machine pass; it runs on every input".into(),
        ),
        "asm-printer" => Err(
            "-run-pass=asm-printer: the assembly printer writes code, not MIR; use -start-before=asm-printer (or -start-after=<last pass>) to emit code from MIR".into(),
        ),
        _ => Ok(p.to_string()),
    }
}

impl Options {
    /// Checks combinations the parser cannot see one option at a time:
    /// one stop option and one start option at most, `-run-pass` alone.
    /// (Whether the input suits the start options is
    /// [`crate::plan::Plan::new`]'s business.)
    pub fn validate(&self) -> Result<(), String> {
        if self.stop_after.is_some() && self.stop_before.is_some() {
            return Err("-stop-after and -stop-before cannot be used together".into());
        }
        if self.start_after.is_some() && self.start_before.is_some() {
            return Err("-start-after and -start-before cannot be used together".into());
        }
        if !self.run_pass.is_empty()
            && (self.start_after.is_some()
                || self.start_before.is_some()
                || self.stop_after.is_some()
                || self.stop_before.is_some())
        {
            return Err(
                "-run-pass cannot be combined with -start-after/-start-before/-stop-after/-stop-before"
                    .into(),
            );
        }
        if self.print_before.iter().any(|p| p == "parse")
            || self.stop_before.as_deref() == Some("parse")
        {
            return Err("nothing runs before 'parse'".into());
        }
        Ok(())
    }

    /// Whether the output is MIR (a stop option or `-run-pass`).
    pub fn writes_mir(&self) -> bool {
        self.stop_after.is_some() || self.stop_before.is_some() || !self.run_pass.is_empty()
    }

    /// The allocator the pipeline uses: `-regalloc=`, else fast at `-O0`
    /// and greedy at `-O1`..`-O3`, as llc.
    pub fn allocator(&self) -> RegAlloc {
        self.regalloc.unwrap_or(if self.opt_level == 0 {
            RegAlloc::Fast
        } else {
            RegAlloc::Greedy
        })
    }
}

/// The output llc would write without `-o`: standard input goes to
/// standard output, `x.ll` (or `x.bc`) to `x.s` or `x.o`, any other name
/// gets `.s` or `.o` appended; `-filetype=null` writes nothing.
pub fn default_output(input: &std::path::Path, filetype: FileType) -> PathBuf {
    let Some(name) = input.to_str().filter(|n| *n != "-") else {
        if input.as_os_str() == "-" {
            return PathBuf::from("-");
        }
        let mut p = input.as_os_str().to_owned();
        p.push(if filetype == FileType::Obj {
            ".o"
        } else {
            ".s"
        });
        return PathBuf::from(p);
    };
    if filetype == FileType::Null {
        return PathBuf::from("-");
    }
    let stem = name
        .strip_suffix(".ll")
        .or_else(|| name.strip_suffix(".bc"))
        .or_else(|| name.strip_suffix(".mir"))
        .unwrap_or(name);
    let ext = if filetype == FileType::Obj {
        ".o"
    } else {
        ".s"
    };
    PathBuf::from(format!("{stem}{ext}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Result<Options, String> {
        parse_args(s.split_whitespace().map(str::to_string))
    }

    #[test]
    fn llc_spellings() {
        let o = args("-O0 -j 4 -mtriple=x86_64-unknown-linux-gnu -filetype=obj -o out.o in.ll")
            .unwrap();
        assert_eq!((o.opt_level, o.jobs, o.filetype), (0, 4, FileType::Obj));
        assert_eq!(o.output.unwrap().to_str(), Some("out.o"));
        assert_eq!(o.input.unwrap().to_str(), Some("in.ll"));
        assert_eq!(args("-j2 x.ll").unwrap().jobs, 2);
        assert_eq!(args("--jobs=3 x.ll").unwrap().jobs, 3);
        assert_eq!(args("-O=1 x.ll").unwrap().opt_level, 1);
        assert_eq!(args("--filetype obj").unwrap().filetype, FileType::Obj);
        assert!(args("-function-sections").unwrap().function_sections);
        assert!(
            !args("-function-sections -function-sections=false")
                .unwrap()
                .function_sections
        );
        assert_eq!(args("--help").unwrap().action, Action::Help);
        assert_eq!(args("-version").unwrap().action, Action::Version);
        assert_eq!(
            args("-stop-after=parse x.ll")
                .unwrap()
                .stop_after
                .as_deref(),
            Some("parse")
        );
    }

    #[test]
    fn rejects_bad_options() {
        assert!(args("-filetype=exe x.ll").unwrap_err().contains("filetype"));
        assert!(args("-bogus").unwrap_err().contains("unknown option"));
        assert!(args("-stop-after=nope")
            .unwrap_err()
            .contains("unknown pass"));
        assert!(args("a.ll b.ll").unwrap_err().contains("more than one"));
        assert!(args("-O4").is_err());
        assert!(args("-code-model=large").is_err());
        assert!(args("-relocation-model=ropi").is_err());
        assert!(args("-march=arm").is_err());
        assert!(args("-mattr=avx2").is_err());
        assert!(args("-regalloc=greedy x.ll").is_ok());
        assert!(
            args("-start-after=regallocfast -start-before=prologepilog x.mir")
                .unwrap()
                .validate()
                .is_err()
        );
        assert!(
            args("-run-pass=regallocfast -stop-after=prologepilog x.mir")
                .unwrap()
                .validate()
                .is_err()
        );
        assert!(args("-run-pass=asm-printer")
            .unwrap_err()
            .contains("-start-before=asm-printer"));
        assert!(args("-run-pass=parse").is_err());
        assert!(args("-run-pass=regallocfast,nope")
            .unwrap_err()
            .contains("unknown pass name 'nope'"));
        assert_eq!(
            args("-run-pass=regallocfast,prologepilog -run-pass=branch-folder x.mir")
                .unwrap()
                .run_pass,
            ["regallocfast", "prologepilog", "branch-folder"]
        );
        assert!(
            args("-stop-after=regallocfast -stop-before=prologepilog x.ll")
                .unwrap()
                .validate()
                .is_err()
        );
        assert!(args("-debug-pass=Details").is_err());
        assert!(args("-function-sections=maybe").is_err());
        assert!(args("-o").unwrap_err().contains("needs a value"));
    }

    #[test]
    fn help_lists_every_option() {
        let h = help_text("rcc-par");
        for o in OPTIONS {
            assert!(h.contains(&format!("  {} ", o.usage())), "{}", o.name);
        }
    }

    #[test]
    fn llc_default_output_names() {
        let d = |i: &str, ft| default_output(std::path::Path::new(i), ft);
        assert_eq!(d("dir/x.ll", FileType::Asm), PathBuf::from("dir/x.s"));
        assert_eq!(d("x.ll", FileType::Obj), PathBuf::from("x.o"));
        assert_eq!(d("x.bc", FileType::Obj), PathBuf::from("x.o"));
        assert_eq!(d("x", FileType::Asm), PathBuf::from("x.s"));
        assert_eq!(d("x.txt", FileType::Asm), PathBuf::from("x.txt.s"));
        assert_eq!(d("x.ll", FileType::Null), PathBuf::from("-"));
        assert_eq!(d("-", FileType::Obj), PathBuf::from("-"));
    }
}
