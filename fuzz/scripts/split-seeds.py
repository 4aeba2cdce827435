#!/usr/bin/env python3
"""Cuts small self-contained seed modules out of a big .ll file: each small
function with the type definitions it needs and `external global`
placeholders for the globals it names. Metadata and attribute references are
dropped. Usage: split-seeds.py IN.ll OUTDIR PREFIX [MAXBYTES]"""
import re, sys

src, outdir, prefix = sys.argv[1], sys.argv[2], sys.argv[3]
maxb = int(sys.argv[4]) if len(sys.argv) > 4 else 3000
lines = open(src).read().split("\n")
types, funcs, i = {}, [], 0
while i < len(lines):
    l = lines[i]
    m = re.match(r'^(%[-\w.$"]+) = type ', l)
    if m:
        types[m.group(1)] = l
    if l.startswith("define "):
        j = i
        while lines[j] != "}":
            j += 1
        funcs.append("\n".join(lines[i : j + 1]))
        i = j
    i += 1

def clean(t):
    t = re.sub(r", ![\w.]+ ![0-9]+", "", t)
    t = re.sub(r" ![\w.]+ ![0-9]+", "", t)
    t = re.sub(r" #[0-9]+", "", t)
    t = re.sub(r"^\s*#dbg_.*$", "", t, flags=re.M)
    return t

n = 0
for f in funcs:
    f = clean(f)
    if len(f) > maxb or "!" in f:
        continue
    need, todo = [], re.findall(r'%[-\w.$]+(?= |\*|,|\]|\}|>)', f)
    seen = set()
    while todo:
        t = todo.pop()
        if t in types and t not in seen:
            seen.add(t)
            need.append(types[t])
            todo += re.findall(r'%[-\w.$]+', types[t])
    own = re.match(r'define [^@]*(@[-\w.$]+)', f).group(1)
    globs = sorted(set(re.findall(r'@[-\w.$]+', f)) - {own})
    out = "\n".join(need + [g + " = external global i8" for g in globs] + [f]) + "\n"
    if len(out) > maxb:
        continue
    open(f"{outdir}/{prefix}-{n:04}.ll", "w").write(out)
    n += 1
print(n, "seeds")
