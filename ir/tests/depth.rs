//! Guards the parser's nesting limit: for every recursive path (types,
//! aggregate constants, constant expressions, function types; at top level and
//! inside function bodies, which are parsed on rayon workers), input nested
//! just inside the limit parses without overflowing a 2 MiB stack (the size
//! of rayon's worker threads and of spawned std threads), and one level more
//! is a located "nesting deeper than" error.

use rcc_ir::parse_module;

/// The stack of the thread the top-level parser runs on in these tests:
/// the smallest a caller is likely to use (the default for spawned threads).
const STACK: usize = 2 << 20;

/// `[1 x [1 x ... i8]]`, `n` deep.
fn arr(n: usize) -> String {
    format!("{}i8{}", "[1 x ".repeat(n), "]".repeat(n))
}

/// An aggregate constant of type `arr(n)`: `[[1 x i8] [i8 1]]`-style.
fn arr_const(n: usize) -> String {
    let mut v = "i8 1".to_string();
    for k in 1..n {
        v = format!("{} [{v}]", arr(k));
    }
    format!("[{v}]")
}

/// `n` nested getelementptr constant expressions around `null`.
fn gep(n: usize) -> String {
    format!(
        "{}null{}",
        "getelementptr (i8, ptr ".repeat(n),
        ", i64 1)".repeat(n)
    )
}

/// `void (void (... void ()* ...)*)*`, `n` deep: function types nest
/// through (typed) pointers, since a parameter cannot be a function.
fn fn_ty(n: usize) -> String {
    format!("{}void ()*{}", "void (".repeat(n), ")*".repeat(n))
}

/// A named input generator: `n` levels of nesting in, module text out.
type Case = (&'static str, fn(usize) -> String);

/// Each case builds a module nested `n` levels deep.
const CASES: &[Case] = &[
    ("struct type, top level", |n| {
        format!(
            "@g = external global {}i32{}\n",
            "{ ".repeat(n),
            " }".repeat(n)
        )
    }),
    ("function type, top level", |n| {
        format!("declare void @f({})\n", fn_ty(n))
    }),
    ("constant expression, top level", |n| {
        format!("@g = global ptr {}\n", gep(n))
    }),
    ("aggregate constant, top level", |n| {
        format!("@g = global {} {}\n", arr(n), arr_const(n))
    }),
    ("array type, body", |n| {
        format!(
            "define void @f() {{\n  %p = alloca {}\n  ret void\n}}\n",
            arr(n)
        )
    }),
    ("aggregate constant, body", |n| {
        format!(
            "define void @f(ptr %p) {{\n  store {} {}, ptr %p\n  ret void\n}}\n",
            arr(n),
            arr_const(n)
        )
    }),
    ("constant expression, body", |n| {
        format!("define ptr @f() {{\n  ret ptr {}\n}}\n", gep(n))
    }),
    ("packed struct type, body", |n| {
        format!(
            "define void @f() {{\n  %p = alloca {}i8{}\n  ret void\n}}\n",
            "<{ ".repeat(n),
            " }>".repeat(n)
        )
    }),
];

/// Whether `text` parses; panics if it fails for a reason other than depth.
fn parses(name: &str, text: String) -> bool {
    match parse_module(text, "depth.ll") {
        Ok(_) => true,
        Err(d) => {
            assert!(
                d.message.contains("nesting deeper than"),
                "{name}: unexpected error:\n{d}"
            );
            assert!(d.line >= 1 && d.col >= 1);
            false
        }
    }
}

/// The deepest nesting `case` accepts, found by bisection.
fn deepest(name: &str, case: fn(usize) -> String) -> usize {
    let (mut ok, mut bad) = (1, 1000);
    assert!(parses(name, case(ok)), "{name}: depth 1 does not parse");
    assert!(!parses(name, case(bad)), "{name}: depth {bad} parses");
    while bad - ok > 1 {
        let mid = (ok + bad) / 2;
        if parses(name, case(mid)) {
            ok = mid;
        } else {
            bad = mid;
        }
    }
    ok
}

#[test]
fn nesting_at_the_limit_fits_in_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(STACK)
        .spawn(|| {
            for &(name, case) in CASES {
                let n = deepest(name, case);
                // The limit must allow real code: clang emits types and
                // constants a few dozen levels deep at most.
                assert!(n >= 64, "{name}: only {n} levels accepted");
                eprintln!("{name}: {n} levels accepted");
                // Parse the deepest accepted input once more, for the record.
                assert!(parses(name, case(n)));
            }
        })
        .expect("spawn")
        .join()
        .expect("a case panicked");
}
