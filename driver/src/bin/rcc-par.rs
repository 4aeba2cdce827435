//! `rcc-par`: the parallel code generator, with llc's options.

fn main() {
    eprintln!("rcc-par: not built yet");
    std::process::exit(1);
}
