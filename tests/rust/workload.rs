//! rcc's Rust differential-execution program (scripts/rust-difftest.sh):
//! std collections and formatting, a panic caught with `catch_unwind`,
//! threads, and i128 arithmetic. Everything it prints is deterministic
//! (hash maps are printed sorted).

use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet, VecDeque};
use std::hint::black_box;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn collections(rng: &mut Rng) {
    let mut words: HashMap<String, usize> = HashMap::new();
    let text = "the quick brown fox jumps over the lazy dog the end fox";
    for w in text.split_whitespace() {
        *words.entry(w.to_string()).or_default() += 1;
    }
    let mut sorted: Vec<(&String, &usize)> = words.iter().collect();
    sorted.sort();
    println!("words: {sorted:?}");

    let mut tree = BTreeMap::new();
    for i in 0..50u64 {
        tree.insert(rng.next() % 1000, i);
    }
    let first: Vec<_> = tree.iter().take(5).collect();
    println!("tree: len {} first {:?} range sum {}", tree.len(), first, tree.range(100..500).map(|(_, v)| v).sum::<u64>());

    let mut heap: BinaryHeap<i64> = (0..20).map(|_| (rng.next() % 200) as i64 - 100).collect();
    let top: Vec<i64> = (0..5).filter_map(|_| heap.pop()).collect();
    println!("heap top {top:?}");

    let mut dq: VecDeque<u32> = VecDeque::new();
    for i in 0..10 {
        if i % 3 == 0 { dq.push_front(i) } else { dq.push_back(i) }
    }
    dq.rotate_left(2);
    println!("deque {dq:?}");

    let set: HashSet<u64> = (0..100).map(|_| rng.next() % 64).collect();
    let mut v: Vec<u64> = set.into_iter().collect();
    v.sort_unstable();
    println!("set len {} min {:?} max {:?}", v.len(), v.first(), v.last());

    let mut people = vec![("ada", 36, 1.75f64), ("linus", 28, 1.80), ("grace", 45, 1.60), ("alan", 41, 1.78)];
    people.sort_by(|a, b| b.2.partial_cmp(&a.2).unwrap());
    for (name, age, h) in &people {
        println!("{name:>8}|{age:<4}|{h:.3}|{:#x}|{:+e}", age * 1000, h * 1e3);
    }
    let s: String = people.iter().map(|p| p.0.to_uppercase()).collect::<Vec<_>>().join("-");
    println!("{s} {} {:?}", s.len(), s.find("GRACE"));
}

#[derive(Debug)]
struct Guard(&'static str);

impl Drop for Guard {
    fn drop(&mut self) {
        println!("drop {}", self.0);
    }
}

#[inline(never)]
fn deep(n: u32) -> u32 {
    let _g = Guard(if n % 2 == 0 { "even" } else { "odd" });
    if n == 0 {
        let v: Vec<u32> = black_box(Vec::new());
        // Indexing an empty vector panics here, three frames down.
        return v[black_box(3)];
    }
    deep(n - 1) + 1
}

fn panics() {
    std::panic::set_hook(Box::new(|_| {}));
    let r = std::panic::catch_unwind(|| deep(black_box(3)));
    println!("caught: {}", r.is_err());
    let r = std::panic::catch_unwind(|| {
        let _g = Guard("closure");
        if black_box(true) {
            std::panic::panic_any(42i32);
        }
        7
    });
    match r {
        Err(e) => println!("payload {:?}", e.downcast_ref::<i32>()),
        Ok(v) => println!("no panic {v}"),
    }
    let ok = std::panic::catch_unwind(|| black_box(5) * 2);
    println!("ok {ok:?}");
    let msg = std::panic::catch_unwind(|| {
        let x: Option<u8> = black_box(None);
        x.expect("nothing there")
    });
    println!("expect: {:?}", msg.err().and_then(|e| e.downcast_ref::<&str>().map(|s| s.to_string())));
}

fn threads() {
    let total = Arc::new(Mutex::new(0u64));
    let (tx, rx) = mpsc::channel();
    let handles: Vec<_> = (0..4u64)
        .map(|id| {
            let total = Arc::clone(&total);
            let tx = tx.clone();
            thread::spawn(move || {
                let mut rng = Rng(id * 7919 + 1);
                let mut local = 0u64;
                for _ in 0..1000 {
                    local = local.wrapping_add(rng.next() % 1000);
                }
                *total.lock().unwrap() += local;
                tx.send((id, local)).unwrap();
                if id == 2 {
                    panic!("thread {id} fails");
                }
                local
            })
        })
        .collect();
    drop(tx);
    let results: Vec<_> = handles.into_iter().map(|h| h.join().ok()).collect();
    let mut got: Vec<(u64, u64)> = rx.iter().collect();
    got.sort();
    println!("threads {results:?}");
    println!("messages {got:?} total {}", total.lock().unwrap());
    let scoped: u64 = thread::scope(|s| {
        let hs: Vec<_> = (1..=3u64).map(|k| s.spawn(move || (1..=k * 100).sum::<u64>())).collect();
        hs.into_iter().map(|h| h.join().unwrap()).sum()
    });
    println!("scoped {scoped}");
}

fn wide(rng: &mut Rng) {
    let mut acc: i128 = 1;
    let mut uacc: u128 = 0xdead_beef;
    for i in 0..40 {
        let a = ((rng.next() as i128) << 64 | rng.next() as i128) >> (i % 60);
        let b = (rng.next() % 1_000_000) as i128 + 1;
        acc = acc.wrapping_mul(a | 1).wrapping_add(a / b) ^ (a % b);
        uacc = uacc.rotate_left(13) ^ (a as u128).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        if let Some(v) = acc.checked_mul(b) {
            acc = v >> 7;
        }
        let (s, o) = uacc.overflowing_add(u128::MAX / 3);
        uacc = s ^ o as u128;
    }
    println!("i128 {acc} {uacc:x} {}", acc.leading_zeros() + uacc.count_ones());
    let p: i128 = "-170141183460469231731687303715884105728".parse().unwrap();
    println!("min {p} abs {:?} sat {} div {}", p.checked_abs(), p.saturating_sub(1), p / -7);
    let big = u128::MAX;
    println!("{} {} {}", big / 10, big % 1_000_000_007, (big >> 64) as u64);
    let m = black_box(12_345_678_901_234_567_890_123_456_789i128);
    println!("{:e} {:>45} {:#b}", m as f64, m * -3, (m as u128) >> 90);
}

fn main() {
    let mut rng = Rng(0x1234_5678_9abc_def1);
    collections(&mut rng);
    panics();
    threads();
    wide(&mut rng);
    std::process::exit((rng.next() % 7) as i32);
}
