//! Lexes a file to the end and reports tokens and time (lexer benchmark).
fn main() {
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("readable UTF-8 file");
        let mut best = f64::MAX;
        let mut n = 0usize;
        for _ in 0..15 {
            let t0 = std::time::Instant::now();
            let mut l = rcc_ir::lexer::Lexer::new(&text, 0, text.len());
            n = 0;
            loop {
                let t = l.next_tok();
                if t.kind == rcc_ir::lexer::TokKind::Eof {
                    break;
                }
                n += 1;
            }
            best = best.min(t0.elapsed().as_secs_f64());
        }
        println!("{path}: {n} tokens, best {:.2} ms", best * 1e3);
        if std::env::var_os("RCC_KINDS").is_some() {
            let mut counts = std::collections::BTreeMap::new();
            let mut l = rcc_ir::lexer::Lexer::new(&text, 0, text.len());
            loop {
                let t = l.next_tok();
                if t.kind == rcc_ir::lexer::TokKind::Eof {
                    break;
                }
                *counts.entry(format!("{:?}", t.kind)).or_insert(0usize) += 1;
            }
            for (k, c) in counts {
                println!("{k:>16} {c}");
            }
        }
    }
}
