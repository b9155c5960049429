#!/usr/bin/env python3
"""Rewrites a Linux .swiftinterface of the toolchain so that it compiles for an Apple target.

Usage: patch-interface.py IN OUT TRIPLE

- retargets the `swift-module-flags` line to TRIPLE;
- `@backDeployed(before: ...)` declarations whose body the Linux interface omits get a
  placeholder body (`{ Swift.fatalError() }`), so the attribute (and the back-deployment thunk
  callers get on Apple platforms) is kept;
- the `@_implements(Proto, Name)` typealiases the compiler synthesised for a conformance carry the
  availability of the conforming type (e.g. macOS 10.15) although the associated type they witness
  (e.g. `AsyncIteratorProtocol.Failure`) is newer (macOS 15): they get the associated type's
  `@available` instead, read from its declaration in the same interface (Apple's own interfaces are
  compiled by Apple's toolchain with the same rules; this one would not type-check otherwise);
- `import Glibc` is dropped: no module the check builds uses anything from it (Synchronization and
  Observation only import it), and the Darwin stand-in is built later, from the package's stand-ins;
- Synchronization's Linux `_MutexHandle` (a futex) calls the C shim `_swift_stdlib_gettid`, which
  the shim header only declares on Linux; a bodiless `@usableFromInline` Swift declaration of the
  same name stands in for it. (Apple's `_MutexHandle` wraps `os_unfair_lock`; the layout differs,
  the availability — macOS 15 / iOS 18 — is the same, and availability is what the check reads.)
"""
import re
import sys

src, dst, triple = sys.argv[1:4]
lines = open(src, encoding="utf-8").read().split("\n")
# availability of each associated type declared in this interface
assoc_availability = {}
for k, l in enumerate(lines):
    m = re.match(r"\s*associatedtype (\w+)", l)
    if m and k > 0 and lines[k - 1].strip().startswith("@available("):
        assoc_availability[m.group(1)] = lines[k - 1].strip()
out = []
i = 0
patched = 0
while i < len(lines):
    line = lines[i]
    if i < 8 and line.startswith("// swift-module-flags:"):
        line = line.replace("-target x86_64-unknown-linux-gnu", "-target " + triple)
    if line.strip() == "import Glibc":
        line = "// import Glibc (dropped by apple-check)"
    m = re.match(r"(\s*)@_implements\([\w.]+, (\w+)\) public typealias", line)
    if m and m.group(2) in assoc_availability and out and out[-1].strip().startswith("@available("):
        out[-1] = m.group(1) + assoc_availability[m.group(2)]
    out.append(line)
    if re.match(r"\s*@backDeployed\(", line):
        # Find the declaration line the attribute belongs to (skip further attribute lines).
        j = i + 1
        while j < len(lines) and re.match(r"\s*@[A-Za-z_]+(\(.*\))?\s*$", lines[j]):
            out.append(lines[j])
            j += 1
        decl = lines[j]
        if not decl.rstrip().endswith("{") and not decl.rstrip().endswith("}"):
            if re.search(r"\b(func|init)\b", decl):
                decl = decl.rstrip() + " { Swift.fatalError() }"
                patched += 1
            elif re.search(r"\b(var|subscript)\b", decl):
                decl = decl.rstrip() + " { get { Swift.fatalError() } }"
                patched += 1
        out.append(decl)
        i = j + 1
        continue
    i += 1
text = "\n".join(out)
if "_swift_stdlib_gettid()" in text and "func _swift_stdlib_gettid" not in text:
    text += ("\n// apple-check stand-in for the Linux-only C shim of the same name\n"
             "@usableFromInline internal func _swift_stdlib_gettid() -> Swift.UInt32\n")
# The toolchain's interfaces are x86_64 ones: Float80 is declared unconditionally, and its inlinable
# code calls the long-double C shims, which SwiftShims declares only where long double is 80-bit.
# For an arm64 target they get bodiless stand-ins (Float80 itself does not exist on arm64 Apple
# platforms; Tweaks does not use it).
if not triple.startswith(("x86_64", "i386")) and "_stdlib_squareRootl(" in text:
    text += ("\n// apple-check stand-ins for long-double C shims missing on this architecture\n"
             "@usableFromInline internal func _stdlib_remainderl(_ x: Swift.Float80, _ y: Swift.Float80) -> Swift.Float80\n"
             "@usableFromInline internal func _stdlib_squareRootl(_ x: Swift.Float80) -> Swift.Float80\n")
open(dst, "w", encoding="utf-8").write(text)
if patched:
    print(f"patched {patched} bodiless @backDeployed declaration(s) in {src.split('/')[-2]}", file=sys.stderr)
