//! `rcc-par`'s options, spelled as llc spells them. One struct holds every
//! knob; nothing else in rcc reads the command line.

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
    Fast,
    Basic,
    Greedy,
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

/// Every option of `rcc-par`.
#[derive(Clone, Debug)]
pub struct Options {
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
    pub print_after_all: bool,
    pub print_after: Vec<String>,
    pub print_before: Vec<String>,
    pub stop_after: Option<String>,
    pub stop_before: Option<String>,
    /// `-start-after` / `-start-before`: accepted for MIR input, which
    /// rcc cannot read yet (an error when given).
    pub start_after: Option<String>,
    pub start_before: Option<String>,
    pub debug_pass: Option<DebugPass>,
    pub time_passes: bool,
    pub stats: bool,
    /// Skip freeing the IR after compiling (like clang's `-disable-free`):
    /// set by the `rcc-par` binary, which exits right after; library users
    /// leave it off.
    pub disable_free: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
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
            print_after_all: false,
            print_after: Vec::new(),
            print_before: Vec::new(),
            stop_after: None,
            stop_before: None,
            start_after: None,
            start_before: None,
            debug_pass: None,
            time_passes: false,
            stats: false,
            disable_free: false,
        }
    }
}

/// Parses `args` (without the program name).
pub fn parse_args<I: IntoIterator<Item = String>>(args: I) -> Result<Options, String> {
    let mut o = Options::default();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let (key, val) = match a.split_once('=') {
            Some((k, v)) => (k.to_string(), Some(v.to_string())),
            None => (a.clone(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            match &val {
                Some(v) => Ok(v.clone()),
                None => it
                    .next()
                    .ok_or_else(|| format!("option '{name}' needs a value")),
            }
        };
        match key.as_str() {
            "-O0" | "-O1" | "-O2" | "-O3" => o.opt_level = key.as_bytes()[2] - b'0',
            "-o" => o.output = Some(PathBuf::from(value("-o")?)),
            "-j" | "--jobs" => {
                o.jobs = value("-j")?
                    .parse()
                    .map_err(|_| "invalid -j value".to_string())?
            }
            k if k.starts_with("-j")
                && k[2..].chars().all(|c| c.is_ascii_digit())
                && k.len() > 2 =>
            {
                o.jobs = k[2..].parse().map_err(|_| "invalid -j value".to_string())?;
            }
            "-mtriple" => o.triple = Some(value("-mtriple")?),
            "-march" => o.march = Some(value("-march")?),
            "-mcpu" => o.cpu = Some(value("-mcpu")?),
            "-mattr" => o.attrs.extend(
                value("-mattr")?
                    .split(',')
                    .filter(|s| !s.is_empty())
                    .map(str::to_string),
            ),
            "-filetype" => {
                o.filetype = match value("-filetype")?.as_str() {
                    "asm" => FileType::Asm,
                    "obj" => FileType::Obj,
                    "null" => FileType::Null,
                    v => return Err(format!("invalid -filetype '{v}' (asm, obj or null)")),
                }
            }
            "-relocation-model" => {
                o.reloc = match value("-relocation-model")?.as_str() {
                    "static" => RelocModel::Static,
                    "pic" => RelocModel::Pic,
                    v => return Err(format!("invalid -relocation-model '{v}' (static or pic)")),
                }
            }
            "-frame-pointer" => {
                let v = value("-frame-pointer")?;
                if !matches!(v.as_str(), "all" | "non-leaf" | "none" | "reserved") {
                    return Err(format!(
                        "invalid -frame-pointer '{v}' (all, non-leaf, none or reserved)"
                    ));
                }
                o.frame_pointer = Some(v);
            }
            "-regalloc" => {
                o.regalloc = Some(match value("-regalloc")?.as_str() {
                    "fast" => RegAlloc::Fast,
                    "basic" => RegAlloc::Basic,
                    "greedy" => RegAlloc::Greedy,
                    v => return Err(format!("invalid -regalloc '{v}' (fast, basic or greedy)")),
                })
            }
            "-verify-machineinstrs" => o.verify_machineinstrs = true,
            "-print-after-all" => o.print_after_all = true,
            "-print-after" => o
                .print_after
                .push(pass_name("-print-after", value("-print-after")?)?),
            "-print-before" => o
                .print_before
                .push(pass_name("-print-before", value("-print-before")?)?),
            "-stop-after" => o.stop_after = Some(pass_name("-stop-after", value("-stop-after")?)?),
            "-stop-before" => {
                o.stop_before = Some(pass_name("-stop-before", value("-stop-before")?)?)
            }
            "-start-after" => {
                o.start_after = Some(pass_name("-start-after", value("-start-after")?)?)
            }
            "-start-before" => {
                o.start_before = Some(pass_name("-start-before", value("-start-before")?)?)
            }
            "-debug-pass" => {
                o.debug_pass = Some(match value("-debug-pass")?.as_str() {
                    "Structure" => DebugPass::Structure,
                    "Arguments" => DebugPass::Arguments,
                    v => {
                        return Err(format!(
                            "invalid -debug-pass '{v}' (Structure or Arguments)"
                        ))
                    }
                })
            }
            "-time-passes" => o.time_passes = true,
            "-stats" => o.stats = true,
            "-" => o.input = Some(PathBuf::from("-")),
            k if k.starts_with('-') => return Err(format!("unknown option '{a}'")),
            _ => {
                if o.input.is_some() {
                    return Err(format!("more than one input file: '{a}'"));
                }
                o.input = Some(PathBuf::from(a));
            }
        }
    }
    Ok(o)
}

fn pass_name(option: &str, p: String) -> Result<String, String> {
    crate::pipeline::check_name(option, &p).map(|()| p)
}

impl Options {
    /// Checks combinations the parser cannot see one option at a time:
    /// one stop option at most, start options (MIR input), allocators
    /// that do not exist yet.
    pub fn validate(&self) -> Result<(), String> {
        if self.stop_after.is_some() && self.stop_before.is_some() {
            return Err("-stop-after and -stop-before cannot be used together".into());
        }
        if let Some(p) = self.start_after.as_ref().or(self.start_before.as_ref()) {
            return Err(format!(
                "-start-after/-start-before={p}: starting inside the pipeline needs MIR input, which rcc cannot read yet"
            ));
        }
        if self.print_before.iter().any(|p| p == "parse")
            || self.stop_before.as_deref() == Some("parse")
        {
            return Err("nothing runs before 'parse'".into());
        }
        match self.regalloc {
            Some(RegAlloc::Basic) | Some(RegAlloc::Greedy) => Err(format!(
                "-regalloc={}: this register allocator is not implemented yet (only 'fast' is)",
                self.regalloc.map_or("", RegAlloc::name)
            )),
            _ => Ok(()),
        }
    }

    /// The allocator the pipeline uses.
    pub fn allocator(&self) -> RegAlloc {
        self.regalloc.unwrap_or(RegAlloc::Fast)
    }
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
        assert!(args("-regalloc=greedy x.ll").unwrap().validate().is_err());
        assert!(args("-start-after=regallocfast x.ll")
            .unwrap()
            .validate()
            .is_err());
        assert!(
            args("-stop-after=regallocfast -stop-before=prologepilog x.ll")
                .unwrap()
                .validate()
                .is_err()
        );
        assert!(args("-debug-pass=Details").is_err());
        assert!(args("a.ll b.ll").unwrap_err().contains("more than one"));
    }
}
