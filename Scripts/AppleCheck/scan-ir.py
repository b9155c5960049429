#!/usr/bin/env python3
"""Scans LLVM IR emitted for an Apple target for what would fail on the oldest supported system.

Usage: scan-ir.py --root ROOT --table runtime-functions.tsv --platform macOS --min 12.0
                  [--demangle swift-demangle] FILE.ll...

Findings (each printed as a line `FINDING <where>: <message>`; exit status 1 if any):
  - a reference to a Swift runtime function that the table (generated from the compiler's
    RuntimeFunctions.def) says is newer than the deployment target, from anywhere but the
    compiler's own `__swift_*_backDeploy` helpers (which test the weak symbol for null first);
  - a weak-linked (`declare extern_weak`) `swift_*` runtime function that the table does not know:
    IRGen weak-links exactly the runtime functions it considers newer than the deployment target,
    so the table is outdated and the reference is suspect;
  - a link to libswiftSynchronization or libswiftObservation (macOS 14-15 / iOS 17-18 and later),
    or a strong reference to one of their symbols.
Notes (printed, not failures): symbols the compiler weak-linked because their `@available` is newer
than the deployment target; such uses must be (and were type-checked to be) behind `#available`.
"""
import argparse
import collections
import os
import re
import subprocess
import sys

ap = argparse.ArgumentParser()
ap.add_argument("--root", required=True)
ap.add_argument("--table", required=True)
ap.add_argument("--platform", required=True, choices=["macOS", "iOS"])
ap.add_argument("--min", required=True)
ap.add_argument("--demangle", default="swift-demangle")
ap.add_argument("--sources", action="append", default=[], help="MODULE=DIR, to locate types")
ap.add_argument("files", nargs="+")
args = ap.parse_args()


def version(text):
    return tuple(int(x) for x in text.split(".")) if text not in ("", "-", "never") else (999,)


minimum = version(args.min)

# function -> (availability, swift runtime version, macOS, iOS)
table = {}
for line in open(args.table, encoding="utf-8"):
    if line.startswith("#") or not line.strip():
        continue
    fn, availability, swift, macos, ios = line.rstrip("\n").split("\t")[:5]
    table[fn] = (availability, swift, macos, ios)


def os_version(fn):
    availability, swift, macos, ios = table[fn]
    return macos if args.platform == "macOS" else ios


newer = {fn for fn in table if version(os_version(fn)) > minimum}

symbol_re = re.compile(r'@("(?:[^"\\]|\\.)*"|[-a-zA-Z$._0-9]+)')
define_re = re.compile(r'^define\b.*?@("(?:[^"\\]|\\.)*"|[-a-zA-Z$._0-9]+)\(')
declare_re = re.compile(r'^declare\b(.*?)@("(?:[^"\\]|\\.)*"|[-a-zA-Z$._0-9]+)\(')
dbg_re = re.compile(r'!dbg (![0-9]+)')
meta_re = re.compile(r'^(![0-9]+) = (?:distinct )?!(\w+)\((.*)\)\s*$')


def unquote(s):
    return s[1:-1] if s.startswith('"') else s


Ref = collections.namedtuple("Ref", "file module opt function target dbg")
refs = []            # references to interesting symbols
calls = collections.defaultdict(set)   # (file, callee) -> callers
weak = collections.defaultdict(set)    # symbol -> files where declared extern_weak
link_libs = collections.defaultdict(set)
subprogram_of = {}   # (file, function) -> dbg id of its DISubprogram
metadata = {}        # (file, id) -> (kind, fields)
interesting_prefixes = ("$s15Synchronization", "$s11Observation")
nullchecked = collections.defaultdict(set)   # (file, function) -> symbols compared with null in it
version_checked = set()                      # (file, function) that call an OS version check
nullcheck_re = re.compile(r'icmp (?:ne|eq) ptr @("(?:[^"\\]|\\.)*"|[-a-zA-Z$._0-9]+), null')
VERSION_CHECKS = ("$ss26_stdlib_isOSVersionAtLeastyBi1_Bw_BwBwtF", "__isPlatformVersionAtLeast",
                  "__isOSVersionAtLeast", "$ss31_stdlib_isOSVersionAtLeast_AEICyBi1_Bw_BwBwtF")

for path in args.files:
    base = os.path.basename(path)
    module, opt = (base[:-3].rsplit(".", 1) + ["?"])[:2]
    current = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if current is None:
                m = define_re.match(line)
                if m:
                    current = unquote(m.group(1))
                    d = re.search(r'!dbg (![0-9]+)', line)
                    if d:
                        subprogram_of[(path, current)] = d.group(1)
                    continue
                m = declare_re.match(line)
                if m:
                    if "extern_weak" in m.group(1):
                        weak[unquote(m.group(2))].add(path)
                    continue
                m = meta_re.match(line)
                if m:
                    metadata[(path, m.group(1))] = (m.group(2), m.group(3))
                    if "-lswiftSynchronization" in line or "-lswiftObservation" in line:
                        link_libs[line.split('"')[1] if '"' in line else line.strip()].add(path)
                    continue
                if line.startswith("!llvm.linker.options") or "!{!\"-lswift" in line:
                    for lib in ("swiftSynchronization", "swiftObservation"):
                        if "-l" + lib in line:
                            link_libs["-l" + lib].add(path)
                # a global initializer may hold a reference too
                if line.startswith("@"):
                    gname = unquote(symbol_re.match(line).group(1)) if symbol_re.match(line) else None
                    for s in symbol_re.findall(line.split("=", 1)[1] if "=" in line else ""):
                        s = unquote(s)
                        if gname and s != gname:
                            calls[(path, s)].add(gname)
                        if s in table or s.startswith(interesting_prefixes):
                            refs.append(Ref(path, module, opt, "(global initializer)", s, None))
                continue
            if line.startswith("}"):
                current = None
                continue
            d = dbg_re.search(line)
            n = nullcheck_re.search(line)
            if n:
                nullchecked[(path, current)].add(unquote(n.group(1)))
            for s in symbol_re.findall(line):
                s = unquote(s)
                if s == current:
                    continue
                calls[(path, s)].add(current)
                if s in VERSION_CHECKS:
                    version_checked.add((path, current))
                if s in table or s.startswith(interesting_prefixes):
                    refs.append(Ref(path, module, opt, current, s, d.group(1) if d else None))


def base(function):
    """An async function's resume funclets (`...TY2_`, `...TQ1_`) are parts of the same function: a
    version check in one guards the code it branches to in the next."""
    return re.sub(r"T[YQ]\d+_$", "", function or "")


guard_null = collections.defaultdict(set)
guard_version = set()
for (path, fn), syms in nullchecked.items():
    guard_null[(path, base(fn))] |= syms
for (path, fn) in version_checked:
    guard_version.add((path, base(fn)))


def guarded(path, function, symbol):
    """The compiler's own patterns for a weak-linked function: a null test of the symbol, or an
    OS-version check (`if #available`), in the function that uses it. (A heuristic: the check is
    not proven to dominate the use; it is how IRGen and the stdlib's inlinable code emit it.)"""
    key = (path, base(function))
    return symbol in guard_null.get(key, ()) or key in guard_version

_demangled = {}


def demangle(names):
    todo = [n for n in names if n not in _demangled]
    if todo:
        try:
            out = subprocess.run([args.demangle, "--simplified"], input="\n".join(todo) + "\n",
                                 capture_output=True, text=True, check=True).stdout.split("\n")
            for n, d in zip(todo, out):
                _demangled[n] = d.strip() or n
        except (OSError, subprocess.CalledProcessError):
            for n in todo:
                _demangled[n] = n
    return [_demangled[n] for n in names]


def location(path, dbg):
    """file:line of a !DILocation (or of a function's !DISubprogram)."""
    seen = 0
    while dbg and seen < 20:
        seen += 1
        kind, fields = metadata.get((path, dbg), (None, ""))
        if kind is None:
            return None
        if kind in ("DILocation", "DISubprogram"):
            line = re.search(r'\bline: (\d+)', fields)
            scope = re.search(r'\b(?:scope|file): (![0-9]+)', fields)
            file_id = re.search(r'\bfile: (![0-9]+)', fields)
            if kind == "DISubprogram" and file_id and line and line.group(1) != "0":
                f = file_name(path, file_id.group(1))
                if f:
                    return f"{f}:{line.group(1)}"
            if kind == "DILocation" and line and line.group(1) != "0" and scope:
                f = scope_file(path, scope.group(1))
                if f:
                    return f"{f}:{line.group(1)}"
            if kind == "DILocation" and scope:
                dbg = scope.group(1)
                continue
        return None
    return None


def file_name(path, fid):
    kind, fields = metadata.get((path, fid), (None, ""))
    if kind != "DIFile":
        return None
    name = re.search(r'filename: "([^"]*)"', fields)
    directory = re.search(r'directory: "([^"]*)"', fields)
    if not name or not name.group(1) or name.group(1) == "<compiler-generated>":
        return None
    full = name.group(1)
    if not full.startswith("/") and directory:
        full = os.path.join(directory.group(1), full)
    return os.path.relpath(full, args.root) if full.startswith(args.root) else full


def scope_file(path, sid):
    for _ in range(20):
        kind, fields = metadata.get((path, sid), (None, ""))
        if kind is None:
            return None
        m = re.search(r'\bfile: (![0-9]+)', fields)
        if m:
            return file_name(path, m.group(1))
        m = re.search(r'\bscope: (![0-9]+)', fields)
        if not m:
            return None
        sid = m.group(1)
    return None


def origin(path, function, depth=0, seen=None):
    """The functions in the module's own source that (transitively) reach `function`, with the
    file:line of each, stopping at the first ones that have a source location."""
    seen = seen if seen is not None else set()
    if function in seen or depth > 6:
        return []
    seen.add(function)
    loc = location(path, subprogram_of.get((path, function)))
    if loc and not loc.startswith(("/", "<")):
        return [(function, loc)]
    found = []
    for caller in sorted(calls.get((path, function), ())):
        if caller is None:
            continue
        found += origin(path, caller, depth + 1, seen)
        if len(found) >= 4:
            break
    return found


source_dirs = dict(x.split("=", 1) for x in args.sources)


def declaration(module, demangled):
    """file:line of the type a compiler-generated function is for ("type metadata accessor for
    Tweaks.TweakValueCodec<A>"), found by name in the module's sources."""
    directory = source_dirs.get(module)
    m = re.search(r"(?:\bfor |\w\.)(\w+)(?:<.*)?$", demangled or "")
    if not directory or not m:
        return None
    decl = re.compile(r"\b(?:struct|class|enum|actor|protocol|typealias)\s+" + re.escape(m.group(1)) + r"\b")
    for base_dir, _, names in sorted(os.walk(directory)):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(base_dir, name)
            for number, line in enumerate(open(path, encoding="utf-8", errors="replace"), 1):
                if decl.search(line):
                    return f"{os.path.relpath(path, args.root)}:{number}"
    return None


findings = collections.OrderedDict()   # message -> set of (module, opt)
notes = collections.OrderedDict()


def add(store, key, module, opt):
    store.setdefault(key, set()).add(f"{module} -{opt}")


for r in refs:
    if r.target in table:
        if r.target not in newer:
            continue
        if guarded(r.file, r.function, r.target):
            add(notes, f"{r.module}: {r.target} is newer than {args.platform} {args.min} but its use in "
                       f"{demangle([r.function])[0]} is guarded (null test or #available)", r.module, r.opt)
            continue
        availability, swift, macos, ios = table[r.target]
        since = f"Swift {swift} runtime: macOS {macos}, iOS {ios}"
        where = location(r.file, r.dbg) if r.dbg else None
        fn_name = demangle([r.function])[0] if not r.function.startswith("(") else r.function
        chain = []
        if not where or where.startswith("/"):
            for caller, loc in origin(r.file, r.function):
                chain.append(f"{loc} ({demangle([caller])[0]})")
        if not chain:
            # compiler-generated (metadata accessors): name the callers and the type's declaration
            callers, frontier = [], [r.function]
            for _ in range(3):   # through private helpers (get_type_metadata ... <- field descriptor)
                nxt = sorted(c for f in frontier for c in calls.get((r.file, f), ()) if c)
                if not nxt:
                    break
                callers, frontier = nxt[:3], nxt[:3]
                if any(declaration(r.module, demangle([c])[0]) for c in callers):
                    break
            for c in callers:
                d = demangle([c])[0]
                loc = declaration(r.module, d) or r.module
                chain.append(f"{loc} ({d})")
        head = where if where and not where.startswith("/") else (chain[0].split(" ", 1)[0] if chain else r.module)
        msg = (f"{head}: error: calls {r.target} ({since}), newer than {args.platform} {args.min}; "
               f"in {fn_name}")
        if chain:
            msg += "; reached from " + ", ".join(chain)
        add(findings, msg, r.module, r.opt)
    elif r.target.startswith(interesting_prefixes):
        lib = "Synchronization" if "Synchronization" in r.target else "Observation"
        if r.target in weak:
            continue   # weak: only behind #available, which the type-check enforced
        fn_name = demangle([r.function])[0] if not r.function.startswith("(") else r.function
        msg = (f"{r.module}: error: strong reference to {lib} symbol {demangle([r.target])[0]} "
               f"(lib{'swift' + lib} is newer than {args.platform} {args.min}); in {fn_name}")
        add(findings, msg, r.module, r.opt)

for lib, files in link_libs.items():
    for f in files:
        module, opt = (os.path.basename(f)[:-3].rsplit(".", 1) + ["?"])[:2]
        add(findings, f"{module}: error: links {lib.lstrip('-l')} (autolink), which "
                      f"{args.platform} {args.min} does not have", module, opt)

for sym, files in weak.items():
    for f in files:
        module, opt = (os.path.basename(f)[:-3].rsplit(".", 1) + ["?"])[:2]
        users = [fn for (fp, callee), fns in calls.items() if fp == f and callee == sym for fn in fns]
        unguarded = [fn for fn in users if fn and not guarded(f, fn, sym)]
        if sym.startswith("swift_") and sym not in table and not unguarded:
            add(notes, f"{module}: runtime function {sym} is weak-linked (newer than {args.platform} "
                       f"{args.min}, unknown to runtime-functions.tsv) and every use is guarded", module, opt)
        elif sym.startswith("swift_") and sym not in table:
            add(findings, f"{module}: error: the compiler weak-links runtime function {sym} (so it is "
                          f"newer than {args.platform} {args.min}) but runtime-functions.tsv does not know it: "
                          f"regenerate the table (README); unguarded use in "
                          f"{', '.join(demangle(sorted(set(unguarded)))[:3])}", module, opt)
        elif sym in table:
            pass   # reported above if used outside a back-deployment helper
        else:
            add(notes, f"{module}: weak-linked (newer than {args.platform} {args.min}, must be behind "
                       f"#available): {demangle([sym])[0]}", module, opt)

for msg, where in findings.items():
    print(f"FINDING {msg} [{', '.join(sorted(where))}]")
for msg, where in notes.items():
    print(f"note: {msg} [{', '.join(sorted(where))}]")
scanned = ", ".join(sorted({os.path.basename(f)[:-3] for f in args.files}))
print(f"IR scan for {args.platform} {args.min}: {len(findings)} finding(s) in {scanned}")
sys.exit(1 if findings else 0)
