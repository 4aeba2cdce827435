//! Lexes a file and reports the token count and time (lexer throughput).
fn main() {
    let path = std::env::args().nth(1).expect("file");
    let text = std::fs::read_to_string(&path).expect("read");
    let t = std::time::Instant::now();
    let mut n = 0usize;
    let mut lx = rcc_ir::lexer::Lexer::new(&text, 0, text.len());
    loop {
        let tok = lx.next_tok();
        if tok.kind == rcc_ir::lexer::TokKind::Eof {
            break;
        }
        n += 1;
    }
    println!("{n} tokens in {:?}", t.elapsed());
}
