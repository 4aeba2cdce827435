//! `rcc-mc`: the standalone assembler, like llvm-mc. Reads GNU x86-64 AT&T
//! assembly and writes an ELF object (`-filetype=obj`) or assembly
//! (`-filetype=asm`, the default), optionally with `-show-encoding` and in
//! Intel syntax (`-output-asm-variant=1`).
//! Errors are `file:line:col: error: ...` with the offending line; exit 1.

use rcc_mc::asm_parser as asm;
use rcc_mc::asm_streamer::AsmStreamer;
use rcc_mc::ObjectStreamer;
use rcc_targets::x86_64::{X86AsmParser, X86Backend};
use std::io::{Read, Write};
use std::process::ExitCode;

struct Options {
    input: String,
    output: Option<String>,
    obj: bool,
    show_encoding: bool,
    intel: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        input: "-".into(),
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
            _ if a.starts_with("-triple")
                || a.starts_with("--triple")
                || a.starts_with("-mattr")
                || a.starts_with("-mcpu") =>
            {
                if !a.contains('=') {
                    args.next();
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
    let backend = X86Backend;
    let bytes: Vec<u8> = if o.obj {
        let mut s = ObjectStreamer::new(&backend);
        if let Err(errs) = asm::assemble(&src, &name, &mut s, &X86AsmParser) {
            for e in errs {
                eprintln!("{e}");
            }
            return Ok(false);
        }
        s.finish().map_err(|e| format!("{name}: error: {e}"))?
    } else {
        let mut s = AsmStreamer::new(&backend, o.show_encoding);
        if o.intel {
            s = s.with_intel_syntax();
        }
        if let Err(errs) = asm::assemble(&src, &name, &mut s, &X86AsmParser) {
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
