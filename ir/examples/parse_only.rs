//! Parses each file given on the command line and reports timing or the error.
fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("read");
        let t = std::time::Instant::now();
        match rcc_ir::parse_module(text, &path) {
            Ok(m) => println!(
                "{path}: ok {} globals, {} bodies, {} types in {:?}",
                m.globals.len(),
                m.bodies.len(),
                m.types.len(),
                t.elapsed()
            ),
            Err(d) => println!("{d}"),
        }
    }
}
