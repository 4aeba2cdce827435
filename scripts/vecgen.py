#!/usr/bin/env python3
"""Random vector IR programs for differential testing against llc-19.

usage: scripts/vecgen.py SEED [NFUNCS] [--only KIND,...] > out.ll
       scripts/difftest.sh out.ll -O 0,2

Each test function reads two vectors from memory (fixed random bytes),
computes one construct and stores the result; main prints a hash of the
output buffer after each call. Kinds: binop cmp cast bitcast shuffle lanes
reduce splat loop selscalar float maskbits minmax. Every type shape is
drawn (lane counts 1, 2, 3, 4, 8, 16, 32; i8..i64, float, double), so the
programs exercise type legalization (split, widen, promote, scalarize) as
much as selection. Programs avoid undefined results: no undef lanes, shift
amounts masked, divisors odd and positive, conversions in range.
tests/ll/vectors_random.ll is `vecgen.py 7 150`.
"""
import os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from vec_harness import print_dump_and_main  # noqa: E402

seed = int(sys.argv[1])
nf = int(sys.argv[2]) if len(sys.argv) > 2 and not sys.argv[2].startswith('-') else 40
only = None
if '--only' in sys.argv:
    only = sys.argv[sys.argv.index('--only') + 1].split(',')
R = random.Random(seed)

INTS = [8, 16, 32, 64]
LANES = [1, 2, 3, 4, 8, 16, 32]


def vty(n, w):
    return f"<{n} x i{w}>"


def pick_type(maxbits=1024):
    while True:
        w = R.choice(INTS)
        n = R.choice(LANES)
        if n * w <= maxbits and (n * w) % 8 == 0:
            return n, w


out = []
funcs = []


def emit_fn(name, body):
    out.append(f"define void @{name}(ptr %a, ptr %b, ptr %o) noinline {{\n" + body + "  ret void\n}\n")
    funcs.append(name)


def loads(n, w, align=None):
    t = vty(n, w)
    al = align or R.choice([1, 4, 16])
    pa = "%a"
    s = ""
    if al < 16 and R.random() < 0.5:
        s += "  %pa = getelementptr i8, ptr %a, i64 4\n"
        pa = "%pa"
        al = min(al, 4)
    s += f"  %x = load {t}, ptr {pa}, align {al}\n  %y = load {t}, ptr %b, align {al}\n"
    return s


def safe_div(n, w):
    # divisor: (y | 1) & 0x7f..f, so it's never 0 or -1
    t = vty(n, w)
    m = (1 << (w - 1)) - 1
    return (f"  %y1 = or {t} %y, {splat(n, w, 1)}\n"
            f"  %y2 = and {t} %y1, {splat(n, w, m)}\n")


def splat(n, w, v):
    return "<" + ", ".join(f"i{w} {v}" for _ in range(n)) + ">"


def const_vec(n, w):
    vals = []
    for _ in range(n):
        r = R.random()
        if r < 0.1:
            vals.append(f"i{w} undef" if R.random() < 0.5 else f"i{w} poison")
            vals[-1] = f"i{w} 0"  # keep deterministic
        else:
            v = R.getrandbits(w)
            if v >= 1 << (w - 1):
                v -= 1 << w
            vals.append(f"i{w} {v}")
    return "<" + ", ".join(vals) + ">"


def gen_binop(k):
    n, w = pick_type()
    t = vty(n, w)
    op = R.choice(["add", "sub", "mul", "and", "or", "xor", "shl", "lshr", "ashr",
                   "udiv", "sdiv", "urem", "srem", "shl_splat", "lshr_splat", "ashr_splat", "const"])
    s = loads(n, w)
    if op in ("udiv", "sdiv", "urem", "srem"):
        s += safe_div(n, w)
        s += f"  %r = {op} {t} %x, %y2\n"
    elif op in ("shl", "lshr", "ashr"):
        s += f"  %y1 = and {t} %y, {splat(n, w, w - 1)}\n  %r = {op} {t} %x, %y1\n"
    elif op.endswith("_splat"):
        o = op[:-6]
        s += f"  %r = {o} {t} %x, {splat(n, w, R.randrange(w))}\n"
    elif op == "const":
        o = R.choice(["add", "and", "xor", "mul", "or", "sub"])
        s += f"  %r = {o} {t} %x, {const_vec(n, w)}\n"
    else:
        s += f"  %r = {op} {t} %x, %y\n"
    s += f"  store {t} %r, ptr %o, align {R.choice([1, 16])}\n"
    emit_fn(f"t{k}_{op}_{n}x{w}", s)


PREDS = ["eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle"]


def gen_cmp(k):
    n, w = pick_type()
    t = vty(n, w)
    p = R.choice(PREDS)
    s = loads(n, w)
    if R.random() < 0.3:
        # make some lanes equal
        s += f"  %y3 = select <{n} x i1> {bool_const(n)}, {t} %x, {t} %y\n"
        y = "%y3"
    else:
        y = "%y"
    s += f"  %c = icmp {p} {t} %x, {y}\n"
    use = R.choice(["select", "sext", "zext", "sext_other", "and"])
    if use == "select":
        s += f"  %r = select <{n} x i1> %c, {t} %x, {t} %y\n  store {t} %r, ptr %o, align 1\n"
    elif use == "sext":
        s += f"  %r = sext <{n} x i1> %c to {t}\n  store {t} %r, ptr %o, align 1\n"
    elif use == "zext":
        s += f"  %r = zext <{n} x i1> %c to {t}\n  store {t} %r, ptr %o, align 1\n"
    elif use == "sext_other":
        w2 = R.choice(INTS)
        s += f"  %r = sext <{n} x i1> %c to {vty(n, w2)}\n  store {vty(n, w2)} %r, ptr %o, align 1\n"
    else:
        s += f"  %c2 = icmp ne {t} %y, zeroinitializer\n  %c3 = and <{n} x i1> %c, %c2\n"
        s += f"  %r = select <{n} x i1> %c3, {t} %x, {t} zeroinitializer\n  store {t} %r, ptr %o, align 1\n"
    emit_fn(f"t{k}_icmp_{p}_{use}_{n}x{w}", s)


def bool_const(n):
    return "<" + ", ".join(f"i1 {R.choice(['true', 'false'])}" for _ in range(n)) + ">"


def gen_cast(k):
    n = R.choice([1, 2, 4, 8, 16])
    w1, w2 = R.sample(INTS, 2)
    t1, t2 = vty(n, w1), vty(n, w2)
    s = loads(n, w1)
    if w1 > w2:
        op = "trunc"
    else:
        op = R.choice(["zext", "sext"])
    s += f"  %r = {op} {t1} %x to {t2}\n  store {t2} %r, ptr %o, align 1\n"
    emit_fn(f"t{k}_{op}_{n}x{w1}_to_{w2}", s)


def gen_bitcast(k):
    while True:
        n, w = pick_type(256)
        bits = n * w
        cands = [(bits // w2, w2) for w2 in INTS if bits % w2 == 0 and w2 != w]
        if cands:
            break
    n2, w2 = R.choice(cands)
    t1 = vty(n, w)
    t2 = vty(n2, w2) if n2 > 1 or R.random() < 0.5 else f"i{w2}"
    if bits in (16, 32, 64) and R.random() < 0.3:
        t2 = f"i{bits}"
    s = loads(n, w)
    s += f"  %x2 = add {t1} %x, %y\n  %r = bitcast {t1} %x2 to {t2}\n"
    if t2.startswith("<"):
        s += f"  %r2 = add {t2} %r, %r\n"
    else:
        s += f"  %r2 = add {t2} %r, 1\n"
    s += f"  store {t2} %r2, ptr %o, align 1\n"
    emit_fn(f"t{k}_bitcast_{n}x{w}", s)


def gen_shuffle(k):
    n, w = pick_type(512)
    t = vty(n, w)
    m = R.choice([n, n, n * 2, max(1, n // 2), R.choice(LANES)])
    if m * w > 1024:
        m = n
    kind = R.random()
    mask = []
    for i in range(m):
        r = R.random()
        if kind < 0.3:
            mask.append(f"i32 {R.randrange(n)}")
        else:
            mask.append(f"i32 {R.randrange(2 * n)}")
    # interesting structured masks
    st = R.random()
    if st < 0.15 and m == n:
        mask = [f"i32 {2 * i % (2 * n)}" for i in range(m)]
    elif st < 0.25 and m == n:
        mask = [f"i32 {(i // 2) + (n if i % 2 else 0)}" for i in range(m)]
    elif st < 0.35 and m == n:
        mask = [f"i32 {n - 1 - i}" for i in range(m)]
    s = loads(n, w)
    s += f"  %r = shufflevector {t} %x, {t} %y, <{m} x i32> <{', '.join(mask)}>\n"
    s += f"  %r2 = add {vty(m, w)} %r, {splat(m, w, 1)}\n"
    s += f"  store {vty(m, w)} %r2, ptr %o, align 1\n"
    emit_fn(f"t{k}_shuffle_{n}x{w}_to_{m}", s)


def gen_lanes(k):
    n, w = pick_type(512)
    t = vty(n, w)
    s = loads(n, w)
    kind = R.choice(["extract_c", "extract_v", "insert_c", "insert_v", "build"])
    if kind == "extract_c":
        i = R.randrange(n)
        s += f"  %e = extractelement {t} %x, i32 {i}\n  %e2 = add i{w} %e, 3\n  store i{w} %e2, ptr %o, align 1\n"
    elif kind == "extract_v":
        s += f"  %i0 = load i32, ptr %b, align 4\n  %i = and i32 %i0, {n - 1 if n & (n - 1) == 0 else 0}\n"
        s += f"  %e = extractelement {t} %x, i32 %i\n  store i{w} %e, ptr %o, align 1\n"
    elif kind == "insert_c":
        i = R.randrange(n)
        s += f"  %e = load i{w}, ptr %b, align 1\n  %e2 = mul i{w} %e, 7\n  %r = insertelement {t} %x, i{w} %e2, i64 {i}\n"
        s += f"  store {t} %r, ptr %o, align 1\n"
    elif kind == "insert_v":
        s += f"  %i0 = load i32, ptr %b, align 4\n  %i = and i32 %i0, {n - 1 if n & (n - 1) == 0 else 0}\n"
        s += f"  %e = load i{w}, ptr %a, align 1\n  %r = insertelement {t} %y, i{w} %e, i32 %i\n"
        s += f"  store {t} %r, ptr %o, align 1\n"
    else:
        # build from scalars
        s += f"  %s0 = load i{w}, ptr %b, align 1\n"
        prev = "undef"
        for i in range(n):
            v = "%s0" if R.random() < 0.5 else f"{R.getrandbits(w - 1)}"
            if R.random() < 0.3:
                s += f"  %s{i + 1} = add i{w} %s0, {i}\n"
                v = f"%s{i + 1}"
            s += f"  %v{i} = insertelement {t} {prev}, i{w} {v}, i32 {i}\n"
            prev = f"%v{i}"
        s += f"  %r = add {t} {prev}, %x\n  store {t} %r, ptr %o, align 1\n"
    emit_fn(f"t{k}_{kind}_{n}x{w}", s)


def gen_reduce(k):
    n = R.choice([2, 4, 8, 16])
    w = R.choice(INTS)
    while n * w > 1024:
        n //= 2
    t = vty(n, w)
    op = R.choice(["add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin"])
    s = loads(n, w)
    s += f"  %r = call i{w} @llvm.vector.reduce.{op}.v{n}i{w}({t} %x)\n  store i{w} %r, ptr %o, align 1\n"
    decls.add(f"declare i{w} @llvm.vector.reduce.{op}.v{n}i{w}({t})")
    emit_fn(f"t{k}_reduce_{op}_{n}x{w}", s)


def gen_splat(k):
    n, w = pick_type(512)
    t = vty(n, w)
    s = loads(n, w)
    s += f"  %e = load i{w}, ptr %b, align 1\n"
    s += f"  %i = insertelement {t} poison, i{w} %e, i64 0\n"
    s += f"  %sp = shufflevector {t} %i, {t} poison, <{n} x i32> zeroinitializer\n"
    s += f"  %r = add {t} %sp, %x\n  store {t} %r, ptr %o, align 1\n"
    emit_fn(f"t{k}_splat_{n}x{w}", s)


def gen_loop(k):
    # A vector carried through a loop (phi), with a reduction at the end.
    n, w = pick_type(512)
    t = vty(n, w)
    s = loads(n, w)
    s += ("  br label %loop\nloop:\n"
          f"  %i = phi i32 [ 0, %0 ], [ %i2, %loop ]\n"
          f"  %acc = phi {t} [ %x, %0 ], [ %acc2, %loop ]\n"
          f"  %m = mul {t} %acc, {splat(n, w, 3)}\n"
          f"  %acc2 = add {t} %m, %y\n"
          f"  %i2 = add i32 %i, 1\n"
          f"  %d = icmp eq i32 %i2, 5\n"
          f"  br i1 %d, label %exit, label %loop\nexit:\n"
          f"  store {t} %acc2, ptr %o, align 1\n")
    emit_fn(f"t{k}_loop_{n}x{w}", s)


def gen_select_scalar(k):
    n, w = pick_type(512)
    t = vty(n, w)
    s = loads(n, w)
    s += f"  %e = load i8, ptr %b, align 1\n  %c = trunc i8 %e to i1\n"
    s += f"  %r = select i1 %c, {t} %x, {t} %y\n  store {t} %r, ptr %o, align 1\n"
    emit_fn(f"t{k}_selscalar_{n}x{w}", s)


FTYS = [("float", 32), ("double", 64)]


def fvty(n, t):
    return f"<{n} x {t}>"


def gen_float(k):
    t, w = R.choice(FTYS)
    n = R.choice([1, 2, 3, 4, 8])
    vt = fvty(n, t)
    s = (f"  %x = load {vt}, ptr %a, align 4\n  %y = load {vt}, ptr %b, align 4\n"
         # tame the random bits: integers converted to float
         )
    it = vty(n, w)
    s = (f"  %xi = load {it}, ptr %a, align 4\n  %yi = load {it}, ptr %b, align 4\n"
         f"  %xs = ashr {it} %xi, {splat(n, w, 8)}\n  %ys = ashr {it} %yi, {splat(n, w, 8)}\n"
         f"  %x = sitofp {it} %xs to {vt}\n  %y = sitofp {it} %ys to {vt}\n")
    kind = R.choice(["arith", "cmp", "fptosi", "fpext", "lane", "shuffle", "fabs", "fneg", "uitofp"])
    if kind == "arith":
        op = R.choice(["fadd", "fsub", "fmul", "fdiv"])
        s += f"  %r = {op} {vt} %x, %y\n  store {vt} %r, ptr %o, align 4\n"
    elif kind == "fabs":
        s += f"  %r = call {vt} @llvm.fabs.v{n}f{w}({vt} %x)\n  store {vt} %r, ptr %o, align 4\n"
        decls.add(f"declare {vt} @llvm.fabs.v{n}f{w}({vt})")
    elif kind == "fneg":
        s += f"  %r = fneg {vt} %x\n  store {vt} %r, ptr %o, align 4\n"
    elif kind == "cmp":
        p = R.choice(["oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno"])
        s += f"  %q = fdiv {vt} %x, %y\n"  # NaNs from 0/0
        s += f"  %c = fcmp {p} {vt} %q, %x\n  %r = sext <{n} x i1> %c to {it}\n  store {it} %r, ptr %o, align 4\n"
    elif kind == "fptosi":
        s += f"  %r = fptosi {vt} %x to {it}\n  store {it} %r, ptr %o, align 4\n"
    elif kind == "uitofp":
        s += f"  %u = lshr {it} %xi, {splat(n, w, 12)}\n  %r = uitofp {it} %u to {vt}\n  store {vt} %r, ptr %o, align 4\n"
    elif kind == "fpext":
        if t == "float":
            s += f"  %r = fpext {vt} %x to {fvty(n, 'double')}\n  store {fvty(n, 'double')} %r, ptr %o, align 8\n"
        else:
            s += f"  %r = fptrunc {vt} %x to {fvty(n, 'float')}\n  store {fvty(n, 'float')} %r, ptr %o, align 4\n"
    elif kind == "lane":
        i = R.randrange(n)
        s += f"  %e = extractelement {vt} %x, i32 {i}\n  %e2 = fadd {t} %e, 1.0\n"
        s += f"  %r = insertelement {vt} %y, {t} %e2, i32 {R.randrange(n)}\n  store {vt} %r, ptr %o, align 4\n"
    else:
        m = [f"i32 {R.randrange(2 * n)}" for _ in range(n)]
        s += f"  %r = shufflevector {vt} %x, {vt} %y, <{n} x i32> <{', '.join(m)}>\n  store {vt} %r, ptr %o, align 4\n"
    emit_fn(f"t{k}_f{kind}_{n}x{t}", s)


def gen_maskbits(k):
    n = R.choice([2, 4, 8, 16, 32, 64])
    w = R.choice(INTS)
    while n * w > 1024:
        w //= 2
    t = vty(n, w)
    s = loads(n, w)
    if R.random() < 0.5:
        s += f"  %c = icmp {R.choice(PREDS)} {t} %x, %y\n  %m = bitcast <{n} x i1> %c to i{n}\n"
        s += f"  %r = add i{n} %m, 1\n"
        if n < 8:
            s += f"  %r8 = zext i{n} %r to i8\n  store i8 %r8, ptr %o, align 1\n"
        else:
            s += f"  store i{n} %r, ptr %o, align 1\n"
    else:
        if n < 8:
            s += f"  %m8 = load i8, ptr %b, align 1\n  %m = trunc i8 %m8 to i{n}\n"
        else:
            s += f"  %m = load i{n}, ptr %b, align 1\n"
        s += f"  %c = bitcast i{n} %m to <{n} x i1>\n"
        s += f"  %r = select <{n} x i1> %c, {t} %x, {t} zeroinitializer\n  store {t} %r, ptr %o, align 1\n"
    emit_fn(f"t{k}_maskbits_{n}x{w}", s)


def gen_minmax(k):
    n, w = pick_type(512)
    t = vty(n, w)
    s = loads(n, w)
    op = R.choice(["smax", "smin", "umax", "umin", "abs"])
    if op == "abs":
        s += f"  %r = call {t} @llvm.abs.v{n}i{w}({t} %x, i1 false)\n"
        decls.add(f"declare {t} @llvm.abs.v{n}i{w}({t}, i1)")
    else:
        s += f"  %r = call {t} @llvm.{op}.v{n}i{w}({t} %x, {t} %y)\n"
        decls.add(f"declare {t} @llvm.{op}.v{n}i{w}({t}, {t})")
    s += f"  store {t} %r, ptr %o, align 1\n"
    emit_fn(f"t{k}_{op}_{n}x{w}", s)


decls = set()
gens = {
    "maskbits": gen_maskbits, "minmax": gen_minmax,
    "float": gen_float,
    "binop": gen_binop, "cmp": gen_cmp, "cast": gen_cast, "bitcast": gen_bitcast,
    "shuffle": gen_shuffle, "lanes": gen_lanes, "reduce": gen_reduce, "splat": gen_splat,
    "loop": gen_loop, "selscalar": gen_select_scalar,
}
names = only or list(gens)
for k in range(nf):
    gens[R.choice(names)](k)

data = lambda: "".join(f"\\{R.getrandbits(8):02X}" for _ in range(256))
print('target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"')
print('target triple = "x86_64-pc-linux-gnu"')
print(f'@A = global [256 x i8] c"{data()}", align 16')
print(f'@B = global [256 x i8] c"{data()}", align 16')
print('@O = global [256 x i8] zeroinitializer, align 16')
print('@fmt = private constant [9 x i8] c"%d %08x\\0A\\00"')
print("declare i32 @printf(ptr, ...)")
for d in sorted(decls):
    print(d)
print("".join(out))
print_dump_and_main(funcs)
