#!/usr/bin/env python3
"""Code quality of rcc-par against llc-19 at the same -O level: run time,
.text size and compile time over the benchmark set (issue 15).

The set: the C kernels of workloads/kernels/*.c (clang-19 -O<level> to
.ll), and the sqlite3 and Lua modules of the corpus
(corpus/ll/{sqlite3,lua}-O<level>.ll) running the project's workloads
(workloads/sqlite/*.sql and workloads/lua/*.lua, each program's scripts
timed together as one run). Every .ll is compiled by llc-19 and by rcc-par with
-relocation-model=pic and linked as PIE by clang-19; both programs must
print the same bytes and exit the same way (exit 1 otherwise).

Measures, over --runs runs, llc and rcc interleaved (who runs first
alternates):
  run       user+sys CPU seconds of the program (less sensitive than wall
            time to other load on a shared machine). Three estimates of
            the ratio: of the medians ("ratio"), of the minimums ("min":
            the run least disturbed by the rest of the machine), and the
            median of the ratios of the runs made one right after the
            other ("pair": a slow period slows both runs of a pair)
  .text     bytes of the object's .text* sections
  compile   wall seconds of the whole compiler process: llc-19, and rcc-par
            at -j1 (the issue's measure) and with its default threads
The "instr" column is --instructions' ratio. Ratios are rcc/llc; the last row is the geometric mean of each ratio
column. --json FILE also writes every sample.

Usage: scripts/bench-code.py [--runs N] [-O LEVEL] [--only NAME,...]
                             [--scale K] [--together] [--aslr] [--aa]
                             [--instructions] [--no-compile-time] [--json FILE]

--scale K passes K to every kernel (workloads/kernels/common.h
scale_arg: K times the work, same code). At 1 a kernel runs 0.1-0.3 s,
which on a shared VM leaves single-program ratios a few percent apart
from run to run; --scale 6 makes them about a second. --together runs
the llc and rcc builds side by side (one per core; they alternate who
starts first) instead of one after the other, so that both see the
same slow periods of a shared VM.

The programs run with address-space randomization off (`setarch -R`),
so that every run of a build sees the same stack and heap addresses and
run-to-run differences are the machine's, not the layout's; --aslr
leaves it on. --aa is the noise floor of the method: the "rcc" column
runs a copy of llc's program, so every ratio should be 1.000 and its
distance from 1 is what the method cannot resolve.

--instructions also counts the instructions each program executes
(valgrind --tool=callgrind, once per build: deterministic, so a ratio
that does not move with the machine's load, though not a run time).
Environment: RCC (default target/release/rcc-par), CORPUS_DIR (default
corpus), WORK_DIR (default target/bench-code).
"""
import argparse
import json
import math
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def die(msg, code=2):
    print(f"bench-code: {msg}", file=sys.stderr)
    sys.exit(code)


def run(cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, **kw)
    if r.returncode != 0:
        die(f"failed ({r.returncode}): {' '.join(cmd)}\n{r.stderr.decode(errors='replace')}", 1)
    return r


def timed(cmd, stdin_path=None):
    """Runs cmd; returns (wall seconds, user+sys seconds, stdout, exit code)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
    try:
        r = subprocess.run(cmd, stdin=stdin, capture_output=True)
    finally:
        if stdin_path:
            stdin.close()
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, r.stdout, r.returncode


def timed_together(cmds, stdin_path=None):
    """Starts every command of cmds at once (one per core) and waits for
    all; returns [(user+sys seconds, stdout, exit code)] in order. Run
    side by side, the builds share the VM's slow periods."""
    import tempfile
    procs = []
    for cmd in cmds:
        out = tempfile.TemporaryFile()
        stdin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        procs.append((subprocess.Popen(cmd, stdin=stdin, stdout=out, stderr=subprocess.DEVNULL), out, stdin))
    res = []
    for proc, out, stdin in procs:
        _pid, status, ru = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if stdin_path:
            stdin.close()
        out.seek(0)
        res.append((ru.ru_utime + ru.ru_stime, out.read(), proc.returncode))
        out.close()
    return res


def text_size(obj):
    out = run(["llvm-readelf-19", "-S", "-W", obj]).stdout.decode()
    total = 0
    for line in out.splitlines():
        parts = line.replace("[ ", "[").split()
        # [Nr] Name Type Address Off Size ...
        if len(parts) > 5 and parts[0].startswith("[") and parts[1].startswith(".text"):
            total += int(parts[5], 16)
    return total


class Program:
    def __init__(self, name, ll, extra_objs, commands):
        self.name = name
        self.ll = ll
        self.extra_objs = extra_objs  # objects linked in, built by clang-19
        self.commands = commands  # list of (argv suffix, stdin) per run


def main():
    ap = argparse.ArgumentParser(add_help=True, usage=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("-O", dest="level", default="2")
    ap.add_argument("--only", default="")
    ap.add_argument("--scale", type=int, default=1)
    ap.add_argument("--together", action="store_true")
    ap.add_argument("--aslr", action="store_true")
    ap.add_argument("--aa", action="store_true")
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--no-compile-time", action="store_true")
    ap.add_argument("--json", default="")
    a = ap.parse_args()
    if a.runs < 1:
        die("--runs must be at least 1")
    if a.scale < 1:
        die("--scale must be at least 1")
    lvl = a.level.lstrip("O")
    rcc = os.environ.get("RCC", os.path.join(REPO, "target/release/rcc-par"))
    corpus = os.environ.get("CORPUS_DIR", os.path.join(REPO, "corpus"))
    work = os.environ.get("WORK_DIR", os.path.join(REPO, "target/bench-code"))
    norand = []
    if not a.aslr:
        if not shutil.which("setarch"):
            die("setarch not found (util-linux); pass --aslr to run with randomization")
        norand = ["setarch", "-R"]
    if a.instructions and not shutil.which("valgrind"):
        die("--instructions needs valgrind")
    for tool in ("clang-19", "llc-19", "llvm-readelf-19"):
        if not shutil.which(tool):
            die(f"{tool} not found (scripts/build-corpus.sh installs it)")
    if not os.access(rcc, os.X_OK):
        die(f"{rcc} missing: cargo build --release --bin rcc-par")
    os.makedirs(work, exist_ok=True)

    progs = []
    kdir = os.path.join(REPO, "workloads/kernels")
    for f in sorted(os.listdir(kdir)):
        if f.endswith(".c"):
            name = f[:-2]
            ll = os.path.join(work, f"{name}-O{lvl}.ll")
            run(["clang-19", f"-O{lvl}", "-S", "-emit-llvm", os.path.join(kdir, f), "-o", ll])
            kargs = [str(a.scale)] if a.scale > 1 else []
            progs.append(Program(name, ll, [], [(kargs, None)]))
    sq = os.path.join(corpus, f"ll/sqlite3-O{lvl}.ll")
    lua = os.path.join(corpus, f"ll/lua-O{lvl}.ll")
    if os.path.exists(sq):
        drv = os.path.join(work, "sqlite-driver.o")
        run(["clang-19", "-c", f"-O{lvl}", "-fPIE", f"-I{corpus}/src/sqlite3",
             os.path.join(REPO, "workloads/sqlite/driver.c"), "-o", drv])
        sdir = os.path.join(REPO, "workloads/sqlite")
        cmds = [([os.path.join(sdir, s)], None) for s in sorted(os.listdir(sdir)) if s.endswith(".sql")]
        progs.append(Program("sqlite3", sq, [drv], cmds))
    else:
        print(f"bench-code: {sq} missing, sqlite3 skipped (scripts/build-corpus.sh)", file=sys.stderr)
    if os.path.exists(lua):
        ldir = os.path.join(REPO, "workloads/lua")
        cmds = [([os.path.join(ldir, s)], None) for s in sorted(os.listdir(ldir)) if s.endswith(".lua")]
        progs.append(Program("lua", lua, [], cmds))
    else:
        print(f"bench-code: {lua} missing, Lua skipped (scripts/build-corpus.sh)", file=sys.stderr)
    if a.only:
        keep = set(a.only.split(","))
        progs = [p for p in progs if p.name in keep]
        if not progs:
            die(f"--only {a.only}: no such program")

    compilers = {
        "llc": lambda ll, o: ["llc-19", f"-O{lvl}", "-relocation-model=pic", "-filetype=obj", ll, "-o", o],
        "rcc": lambda ll, o: [rcc, "-j1", f"-O{lvl}", "-relocation-model=pic", "-filetype=obj", ll, "-o", o],
        "rccmt": lambda ll, o: [rcc, f"-O{lvl}", "-relocation-model=pic", "-filetype=obj", ll, "-o", o],
    }
    rows = []
    samples = {}
    failed = False
    for p in progs:
        exe = {}
        ctimes = {k: [] for k in compilers}
        text = {}
        for tool in ("llc", "rcc"):
            obj = os.path.join(work, f"{p.name}-O{lvl}.{tool}.o")
            run(compilers[tool](p.ll, obj))
            text[tool] = text_size(obj)
            exe[tool] = os.path.join(work, f"{p.name}-O{lvl}.{tool}")
            run(["clang-19", "-fuse-ld=bfd", *p.extra_objs, obj, "-lm", "-o", exe[tool]])
        if a.aa:
            exe["rcc"] = exe["llc"] + ".copy"
            shutil.copyfile(exe["llc"], exe["rcc"])
            shutil.copymode(exe["llc"], exe["rcc"])
        if not a.no_compile_time:
            tmp = os.path.join(work, "compile-timing.o")
            for _ in range(a.runs):
                for tool, mk in compilers.items():
                    w, _c, _o, rc = timed(mk(p.ll, tmp))
                    if rc != 0:
                        die(f"{tool} failed on {p.ll}", 1)
                    ctimes[tool].append(w)
        instrs = {"llc": float("nan"), "rcc": float("nan")}
        if a.instructions:
            for tool in ("llc", "rcc"):
                cg = os.path.join(work, f"{p.name}.{tool}.callgrind")
                n = 0
                for args, stdin in p.commands:
                    r = subprocess.run([*norand, "valgrind", "--tool=callgrind",
                                        f"--callgrind-out-file={cg}", exe[tool], *args],
                                       stdin=open(stdin, "rb") if stdin else subprocess.DEVNULL,
                                       capture_output=True)
                    if r.returncode != 0 and not os.path.exists(cg):
                        die(f"valgrind failed on {p.name} ({tool})", 1)
                    tot = [ln for ln in open(cg) if ln.startswith("totals:") or ln.startswith("summary:")]
                    if not tot:
                        die(f"no callgrind totals for {p.name} ({tool})", 1)
                    n += int(tot[-1].split()[1])
                instrs[tool] = n
        rtimes = {"llc": [], "rcc": []}
        outs = {}
        for run_no in range(a.runs):
            totals = {"llc": 0.0, "rcc": 0.0}
            runout = {"llc": b"", "rcc": b""}
            order = ("llc", "rcc") if run_no % 2 == 0 else ("rcc", "llc")
            for args, stdin in p.commands:
                if a.together:
                    res = zip(order, timed_together([[*norand, exe[t], *args] for t in order], stdin))
                else:
                    res = [(t, timed([*norand, exe[t], *args], stdin)[1:]) for t in order]
                for tool, (cpu, o, rc) in res:
                    totals[tool] += cpu
                    runout[tool] += o + f"\nexit {rc}\n".encode()
            for tool in ("llc", "rcc"):
                out = runout[tool]
                rtimes[tool].append(totals[tool])
                if outs.setdefault(tool, out) != out:
                    print(f"bench-code: {p.name}: {tool} build printed different output across runs",
                          file=sys.stderr)
                    failed = True
        if outs["llc"] != outs["rcc"]:
            print(f"bench-code: {p.name}: rcc build's output differs from llc build's", file=sys.stderr)
            failed = True
        med = {k: statistics.median(v) for k, v in rtimes.items()}
        low = {k: min(v) for k, v in rtimes.items()}
        pair = statistics.median(r / l for l, r in zip(rtimes["llc"], rtimes["rcc"]))
        cmed = {k: (statistics.median(v) if v else float("nan")) for k, v in ctimes.items()}
        row = {
            "name": p.name,
            "run_llc": med["llc"], "run_rcc": med["rcc"], "run_ratio": med["rcc"] / med["llc"],
            "run_min_ratio": low["rcc"] / low["llc"], "run_pair_ratio": pair,
            "instr_llc": instrs["llc"], "instr_rcc": instrs["rcc"],
            "instr_ratio": instrs["rcc"] / instrs["llc"],
            "text_llc": text["llc"], "text_rcc": text["rcc"], "text_ratio": text["rcc"] / text["llc"],
            "compile_llc": cmed["llc"], "compile_rcc_j1": cmed["rcc"], "compile_rcc": cmed["rccmt"],
            "compile_ratio_j1": cmed["rcc"] / cmed["llc"], "compile_ratio": cmed["rccmt"] / cmed["llc"],
        }
        rows.append(row)
        samples[p.name] = {"run": rtimes, "compile": ctimes}
        print_row(row, file=sys.stderr)

    what = "llc-19 against a copy of itself (--aa)" if a.aa else f"rcc-par vs llc-19 at -O{lvl}"
    print(f"\n{what}: medians of {a.runs} runs (run: user+sys s; compile: wall s)")
    hdr = f"{'program':<10} {'run llc':>8} {'run rcc':>8} {'ratio':>6} {'min':>6} {'pair':>6} {'text llc':>9} {'text rcc':>9} {'ratio':>6} {'cc llc':>7} {'cc -j1':>7} {'ratio':>6} {'cc -jN':>7} {'ratio':>6} {'instr':>6}"
    print(hdr)
    print("-" * len(hdr))
    for r in rows:
        print_row(r)
    print("-" * len(hdr))

    def geo(k):
        vals = [r[k] for r in rows if r[k] == r[k] and r[k] > 0]
        return math.exp(sum(math.log(v) for v in vals) / len(vals)) if vals else float("nan")

    print(f"{'geomean':<10} {'':>8} {'':>8} {geo('run_ratio'):6.3f} {geo('run_min_ratio'):6.3f} "
          f"{geo('run_pair_ratio'):6.3f} {'':>9} {'':>9} {geo('text_ratio'):6.3f} "
          f"{'':>7} {'':>7} {geo('compile_ratio_j1'):6.3f} {'':>7} {geo('compile_ratio'):6.3f} {geo('instr_ratio'):6.3f}")
    for k, what in (("run_ratio", "medians"), ("run_min_ratio", "minimums"), ("run_pair_ratio", "pairs"),
                    ("instr_ratio", "instructions")):
        if all(r[k] != r[k] for r in rows):
            continue
        worst = max(rows, key=lambda r: r[k] if r[k] == r[k] else 0)
        print(f"slowest relative run time ({what}): {worst['name']} {worst[k]:.3f}")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"level": lvl, "runs": a.runs, "rows": rows, "samples": samples}, f, indent=1)
    sys.exit(1 if failed else 0)


def print_row(r, file=sys.stdout):
    print(f"{r['name']:<10} {r['run_llc']:8.3f} {r['run_rcc']:8.3f} {r['run_ratio']:6.3f} "
          f"{r['run_min_ratio']:6.3f} {r['run_pair_ratio']:6.3f} "
          f"{r['text_llc']:9d} {r['text_rcc']:9d} {r['text_ratio']:6.3f} "
          f"{r['compile_llc']:7.3f} {r['compile_rcc_j1']:7.3f} {r['compile_ratio_j1']:6.3f} "
          f"{r['compile_rcc']:7.3f} {r['compile_ratio']:6.3f} {r['instr_ratio']:6.3f}", file=file)


if __name__ == "__main__":
    main()
