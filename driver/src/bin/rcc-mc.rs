//! `rcc-mc`: the standalone assembler, like llvm-mc. Reads GNU x86-64 AT&T
//! assembly and writes an ELF object (`-filetype=obj`) or assembly
//! (`-filetype=asm`, the default), optionally with `-show-encoding` and in
//! Intel syntax (`-output-asm-variant=1`).
//! `-triple` picks the target through the registry; `-mcpu`/`-mattr` are
//! checked against its feature table (the assembler itself accepts every
//! instruction it knows, as llvm-mc does for x86).
//! Errors are `file:line:col: error: ...` with the offending line; exit 1.

use rcc_mc::asm_parser as asm;
use rcc_mc::asm_streamer::AsmStreamer;
use rcc_mc::ObjectStreamer;
use rcc_targets::Target;
use std::io::{Read, Write};
use std::process::ExitCode;

struct Options {
    input: String,
    triple: Option<String>,
    cpu: Option<String>,
    attrs: Vec<String>,
    output: Option<String>,
    obj: bool,
    show_encoding: bool,
    intel: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        input: "-".into(),
        triple: None,
        cpu: None,
        attrs: Vec::new(),
        output: None,
        obj: false,
        show_encoding: false,
        intel: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "-filetype=obj" => o.obj = true,
            "-filetype=asm" => o.obj = false,
            "-filetype=null" => {}
            "-show-encoding" | "--show-encoding" => o.show_encoding = true,
            "-output-asm-variant=0" | "--output-asm-variant=0" => o.intel = false,
            "-output-asm-variant=1" | "--output-asm-variant=1" => o.intel = true,
            "-o" => o.output = Some(args.next().ok_or("-o needs an argument")?),
            _ if a.starts_with("-o") && a.len() > 2 => o.output = Some(a[2..].to_string()),
            _ if [
                "-triple", "--triple", "-mattr", "--mattr", "-mcpu", "--mcpu",
            ]
            .iter()
            .any(|p| a == *p || a.starts_with(&format!("{p}="))) =>
            {
                let (key, value) = match a.split_once('=') {
                    Some((k, v)) => (k.to_string(), v.to_string()),
                    None => (
                        a.clone(),
                        args.next().ok_or(format!("{a} needs an argument"))?,
                    ),
                };
                match key.trim_start_matches('-') {
                    "triple" => o.triple = Some(value),
                    "mcpu" => o.cpu = Some(value),
                    _ => o.attrs.push(value),
                }
            }
            "-" => o.input = a,
            _ if a.starts_with('-') => return Err(format!("unknown option '{a}'")),
            _ => o.input = a,
        }
    }
    Ok(o)
}

fn run() -> Result<bool, String> {
    let o = parse_args()?;
    let mut src = String::new();
    let name = if o.input == "-" {
        std::io::stdin()
            .read_to_string(&mut src)
            .map_err(|e| format!("<stdin>: {e}"))?;
        "<stdin>".to_string()
    } else {
        src = std::fs::read_to_string(&o.input).map_err(|e| format!("{}: {e}", o.input))?;
        o.input.clone()
    };
    let target: &'static dyn Target = rcc_targets::lookup(o.triple.as_deref(), None)?;
    // The assembler accepts every instruction it knows whatever the
    // features (as llvm-mc does for x86); the CPU and features are checked
    // so that a wrong name is not silently accepted.
    let attrs: Vec<&str> = o.attrs.iter().map(String::as_str).collect();
    let mut found = Vec::new();
    target
        .features()
        .resolve(o.cpu.as_deref(), &attrs, &mut found);
    for f in found {
        if f.error {
            return Err(f.message);
        }
        if !f.message.contains("has no code generation") {
            eprintln!("rcc-mc: warning: {}", f.message);
        }
    }
    let backend = target.backend();
    let parser = target.asm_parser();
    let bytes: Vec<u8> = if o.obj {
        let mut s = ObjectStreamer::new(backend);
        if let Err(errs) = asm::assemble(&src, &name, &mut s, parser) {
            for e in errs {
                eprintln!("{e}");
            }
            return Ok(false);
        }
        s.finish().map_err(|e| format!("{name}: error: {e}"))?
    } else {
        let mut s = AsmStreamer::new(backend, o.show_encoding);
        if o.intel {
            s = s.with_intel_syntax();
        }
        if let Err(errs) = asm::assemble(&src, &name, &mut s, parser) {
            for e in errs {
                eprintln!("{e}");
            }
            return Ok(false);
        }
        s.finish().into_bytes()
    };
    match &o.output {
        Some(p) if p != "-" => std::fs::write(p, &bytes).map_err(|e| format!("{p}: {e}"))?,
        _ => std::io::stdout()
            .write_all(&bytes)
            .map_err(|e| e.to_string())?,
    }
    Ok(true)
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("rcc-mc: {e}");
            ExitCode::FAILURE
        }
    }
}
