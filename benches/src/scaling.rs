//! Generated inputs for the scaling suite: one `.ll` generator per
//! dimension of input size, so that compile time can be measured at 1× and
//! 10× the size and checked for super-linear growth.
//!
//! Each generator writes a small, valid module whose size in one dimension
//! is `n` and stays fixed in the others: struct nesting depth, straight-line
//! function size, block count, number of functions, number of globals,
//! switch size, call arguments, and phis live across blocks. The modules are
//! for compile-time measurement; they are not run.
//!
//! Invariants: the output for `(dimension, n)` is deterministic; every
//! module parses and verifies (a unit test checks small sizes, and the
//! scaling test compiles every dimension).

use std::fmt::Write;

/// One dimension of input size.
#[derive(Copy, Clone, Debug)]
pub struct Dimension {
    pub name: &'static str,
    /// The size the 1× measurement uses.
    pub base: usize,
    /// The largest allowed ratio time(10×) / time(1×): 12 for linear
    /// algorithms, 15 where n log n is expected.
    pub bound: f64,
    pub generate: fn(usize) -> String,
}

/// Every dimension of the suite.
pub static DIMENSIONS: &[Dimension] = &[
    Dimension {
        name: "struct-nesting-depth",
        base: 4000,
        bound: 12.0,
        generate: struct_nesting,
    },
    Dimension {
        name: "function-size",
        base: 2000,
        bound: 12.0,
        generate: function_size,
    },
    Dimension {
        name: "block-count",
        base: 2000,
        bound: 12.0,
        generate: block_count,
    },
    Dimension {
        name: "function-count",
        base: 400,
        bound: 12.0,
        generate: function_count,
    },
    Dimension {
        name: "global-count",
        base: 5000,
        bound: 15.0,
        generate: global_count,
    },
    Dimension {
        name: "switch-cases",
        base: 2000,
        bound: 15.0,
        generate: switch_cases,
    },
    Dimension {
        name: "call-arguments",
        base: 300,
        bound: 12.0,
        generate: call_arguments,
    },
    Dimension {
        name: "live-phis",
        base: 200,
        bound: 12.0,
        generate: live_phis,
    },
    Dimension {
        name: "live-values",
        base: 1000,
        bound: 15.0,
        generate: live_values,
    },
];

/// The dimension named `name`.
pub fn dimension(name: &str) -> Option<&'static Dimension> {
    DIMENSIONS.iter().find(|d| d.name == name)
}

const HEADER: &str = "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\ntarget triple = \"x86_64-unknown-linux-gnu\"\n\n";

/// `n` nested struct types, each holding the one below by value, a global
/// of the outermost, and a function that addresses the innermost field
/// through every level.
pub fn struct_nesting(n: usize) -> String {
    let mut s = String::from(HEADER);
    s.push_str("%S0 = type { i32 }\n");
    for k in 1..=n {
        let _ = writeln!(
            s,
            "%S{k} = type {{ %S{}, i8, [{} x i16], ptr }}",
            k - 1,
            k % 3 + 1
        );
    }
    let _ = writeln!(s, "@g = global %S{n} zeroinitializer\n");
    let _ = writeln!(s, "define i32 @f() {{");
    let mut idx = String::from("i32 0");
    for _ in 0..n {
        idx.push_str(", i32 0");
    }
    let _ = writeln!(
        s,
        "  %p = getelementptr inbounds %S{n}, ptr @g, {idx}, i32 0"
    );
    let _ = writeln!(s, "  %v = load i32, ptr %p\n  ret i32 %v\n}}");
    s
}

/// One function of `n` straight-line instructions: arithmetic on its
/// arguments, with loads and stores to a local array.
pub fn function_size(n: usize) -> String {
    let mut s = String::from(HEADER);
    s.push_str("define i64 @f(i64 %a, i64 %b, ptr %p) {\n  %buf = alloca [16 x i64]\n");
    let mut last = "%a".to_string();
    for k in 0..n {
        let v = format!("%v{k}");
        match k % 5 {
            0 => {
                let _ = writeln!(s, "  {v} = add i64 {last}, {}", k + 1);
            }
            1 => {
                let _ = writeln!(s, "  {v} = mul i64 {last}, %b");
            }
            2 => {
                let _ = writeln!(
                    s,
                    "  %q{k} = getelementptr [16 x i64], ptr %buf, i64 0, i64 {}",
                    k % 16
                );
                let _ = writeln!(s, "  store i64 {last}, ptr %q{k}");
                let _ = writeln!(s, "  {v} = xor i64 {last}, {k}");
            }
            3 => {
                let _ = writeln!(s, "  %q{k} = getelementptr i64, ptr %p, i64 {}", k % 32);
                let _ = writeln!(s, "  %l{k} = load i64, ptr %q{k}");
                let _ = writeln!(s, "  {v} = sub i64 {last}, %l{k}");
            }
            _ => {
                let _ = writeln!(s, "  {v} = lshr i64 {last}, {}", k % 7 + 1);
            }
        }
        last = v;
    }
    let _ = writeln!(s, "  ret i64 {last}\n}}");
    s
}

/// One function of `n` blocks in a chain of conditional branches, each
/// block adding to a value carried by a phi.
pub fn block_count(n: usize) -> String {
    let mut s = String::from(HEADER);
    s.push_str("define i64 @f(i64 %a) {\nb0:\n  br label %b1\n");
    for k in 1..=n {
        let prev = if k == 1 {
            "b0".to_string()
        } else {
            format!("c{}", k - 1)
        };
        let incoming = if k == 1 {
            "%a".to_string()
        } else {
            format!("%y{}", k - 1)
        };
        let _ = writeln!(
            s,
            "b{k}:\n  %x{k} = phi i64 [ {incoming}, %{prev} ], [ %t{k}, %d{k} ]"
        );
        let _ = writeln!(s, "  %c{k}v = icmp ult i64 %x{k}, {}", k * 7);
        let _ = writeln!(s, "  br i1 %c{k}v, label %d{k}, label %c{k}");
        let _ = writeln!(
            s,
            "d{k}:\n  %t{k} = add i64 %x{k}, {}\n  br label %b{k}",
            k % 5 + 1
        );
        let _ = writeln!(s, "c{k}:\n  %y{k} = mul i64 %x{k}, 3");
        if k == n {
            let _ = writeln!(s, "  ret i64 %y{k}");
        } else {
            let _ = writeln!(s, "  br label %b{}", k + 1);
        }
    }
    s.push_str("}\n");
    s
}

/// `n` small functions, each calling the one before.
pub fn function_count(n: usize) -> String {
    let mut s = String::from(HEADER);
    s.push_str("define i32 @f0(i32 %x) {\n  ret i32 %x\n}\n");
    for k in 1..n {
        let _ = writeln!(
            s,
            "define i32 @f{k}(i32 %x) {{\n  %a = add i32 %x, {k}\n  %c = icmp sgt i32 %a, 100\n  br i1 %c, label %t, label %e\nt:\n  %r = call i32 @f{}(i32 %a)\n  ret i32 %r\ne:\n  ret i32 %a\n}}",
            k - 1
        );
    }
    s
}

/// `n` globals, each initialized with the address of the one before, and
/// a function reading a few of them.
pub fn global_count(n: usize) -> String {
    let mut s = String::from(HEADER);
    s.push_str("@g0 = global { ptr, i64 } { ptr null, i64 0 }\n");
    for k in 1..n {
        let link = if k % 3 == 0 {
            "internal global"
        } else {
            "global"
        };
        let _ = writeln!(
            s,
            "@g{k} = {link} {{ ptr, i64 }} {{ ptr @g{}, i64 {k} }}",
            k - 1
        );
    }
    let _ = writeln!(s, "@s = constant [{n} x ptr] [");
    for k in 0..n {
        let sep = if k + 1 == n { "" } else { "," };
        let _ = writeln!(s, "  ptr @g{k}{sep}");
    }
    s.push_str("]\n");
    let _ = writeln!(
        s,
        "define i64 @f() {{\n  %p = getelementptr {{ ptr, i64 }}, ptr @g{}, i32 0, i32 1\n  %v = load i64, ptr %p\n  ret i64 %v\n}}",
        n - 1
    );
    s
}

/// One switch of `n` cases: dense runs (jump tables) and sparse values
/// (comparison trees), each case returning its own value.
pub fn switch_cases(n: usize) -> String {
    let mut s = String::from(HEADER);
    s.push_str("define i32 @f(i32 %x) {\nentry:\n  switch i32 %x, label %def [\n");
    let value = |k: usize| {
        if k.is_multiple_of(4) {
            k * 1000 + 100_003
        } else {
            k
        }
    };
    for k in 0..n {
        let _ = writeln!(s, "    i32 {}, label %c{k}", value(k));
    }
    s.push_str("  ]\ndef:\n  ret i32 -1\n");
    for k in 0..n {
        let _ = writeln!(s, "c{k}:\n  ret i32 {}", k * 3 + 1);
    }
    s.push_str("}\n");
    s
}

/// A function of `n` arguments (integers and doubles alternating, most on
/// the stack) and a caller passing them.
pub fn call_arguments(n: usize) -> String {
    let mut s = String::from(HEADER);
    let ty = |k: usize| if k.is_multiple_of(2) { "i64" } else { "double" };
    let params: Vec<String> = (0..n).map(|k| format!("{} %a{k}", ty(k))).collect();
    let _ = writeln!(s, "define i64 @callee({}) {{", params.join(", "));
    let mut last = "0".to_string();
    for k in (0..n).step_by(2) {
        let _ = writeln!(s, "  %s{k} = add i64 {last}, %a{k}");
        last = format!("%s{k}");
    }
    let _ = writeln!(s, "  ret i64 {last}\n}}");
    let args: Vec<String> = (0..n)
        .map(|k| {
            if k.is_multiple_of(2) {
                format!("i64 {k}")
            } else {
                format!("double {k}.5")
            }
        })
        .collect();
    let _ = writeln!(
        s,
        "define i64 @caller() {{\n  %r = call i64 @callee({})\n  ret i64 %r\n}}",
        args.join(", ")
    );
    s
}

/// A loop carrying `n` phis, all live across its blocks.
pub fn live_phis(n: usize) -> String {
    let mut s = String::from(HEADER);
    s.push_str("define i64 @f(i64 %a, i64 %m) {\nentry:\n  br label %loop\nloop:\n  %i = phi i64 [ 0, %entry ], [ %i1, %latch ]\n");
    for k in 0..n {
        let _ = writeln!(s, "  %p{k} = phi i64 [ {k}, %entry ], [ %q{k}, %latch ]");
    }
    s.push_str("  %c = icmp ult i64 %i, %m\n  br i1 %c, label %body, label %exit\nbody:\n");
    for k in 0..n {
        let _ = writeln!(s, "  %q{k} = add i64 %p{k}, %p{}", (k + 1) % n);
    }
    s.push_str("  br label %latch\nlatch:\n  %i1 = add i64 %i, 1\n  br label %loop\nexit:\n");
    let mut last = "%a".to_string();
    for k in 0..n {
        let _ = writeln!(s, "  %r{k} = xor i64 {last}, %p{k}");
        last = format!("%r{k}");
    }
    let _ = writeln!(s, "  ret i64 {last}\n}}");
    s
}

/// A straight-line function with `n` values live at once and about `10 n`
/// instructions: `n` loads, then a chain of `8 n` operations each reading
/// the chain and one loaded value (every value is read about 8 times, the
/// last reads spread over the chain), then a sum of every value in reverse
/// order so all of them stay live until the end. The register allocators'
/// scaling input (issue 14: 100,000 instructions and 10,000 live values at
/// `n = 10_000`).
pub fn live_values(n: usize) -> String {
    let mut s = String::from(HEADER);
    s.push_str("define i64 @f(ptr %p, i64 %x) {\nentry:\n");
    for k in 0..n {
        let _ = writeln!(s, "  %a{k} = getelementptr inbounds i64, ptr %p, i64 {k}");
        let _ = writeln!(s, "  %v{k} = load i64, ptr %a{k}, align 8");
    }
    let mut last = "%x".to_string();
    for k in 0..8 * n {
        let v = (k * 7919) % n;
        let op = ["add", "xor", "sub", "or"][k % 4];
        let _ = writeln!(s, "  %t{k} = {op} i64 {last}, %v{v}");
        last = format!("%t{k}");
    }
    for k in (0..n).rev() {
        let _ = writeln!(s, "  %s{k} = add i64 {last}, %v{k}");
        last = format!("%s{k}");
    }
    let _ = writeln!(s, "  ret i64 {last}\n}}");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dimension_parses_and_verifies() {
        for d in DIMENSIONS {
            for n in [1, 3, 17] {
                let text = (d.generate)(n);
                let m = rcc_ir::parse_module(text.clone(), "gen.ll")
                    .unwrap_or_else(|e| panic!("{} at {n}: {e}\n{text}", d.name));
                rcc_ir::verify_module(&m).unwrap_or_else(|e| {
                    panic!(
                        "{} at {n}: {}\n{text}",
                        d.name,
                        rcc_ir::Diagnostic::locate("gen.ll", &m.text, &e)
                    )
                });
            }
        }
    }
}
