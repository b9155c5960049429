#!/usr/bin/env python3
"""Prints the build plan of the package for apple-check, from `swift package dump-package` JSON.

Usage: plan.py PACKAGE-ROOT DUMP.json
Prints, in dependency order, one line per target the check compiles:
  KIND<TAB>NAME<TAB>DIR<TAB>DEP,DEP,...
KIND is c (C-family target), swift (library), exec (executable: macOS only) or plugin.
Test targets and helper targets under Tests/ are left out (they are not shipped to apps).
Then one line `platform<TAB>NAME<TAB>VERSION` per platform of the manifest.
"""
import json
import os
import sys

root, dump = sys.argv[1:3]
package = json.load(open(dump))
targets = {t["name"]: t for t in package["targets"]}


def directory(t):
    if t.get("path"):
        return os.path.join(root, t["path"])
    return os.path.join(root, "Plugins" if t["type"] == "plugin" else "Sources", t["name"])


def deps(t):
    names = []
    for d in t["dependencies"]:
        (kind, value), = d.items()
        name = value[0]
        if kind in ("byName", "target") and name in targets:
            names.append(name)
    return names


def kind(t):
    if t["type"] == "plugin":
        return "plugin"
    if t["type"] == "executable":
        return "exec"
    files = []
    for base, _, names in os.walk(directory(t)):
        files += names
    if not any(f.endswith(".swift") for f in files) and any(f.endswith((".c", ".m", ".cpp", ".mm")) for f in files):
        return "c"
    return "swift"


wanted = [n for n, t in targets.items()
          if t["type"] in ("regular", "executable", "plugin")
          and not (t.get("path") or "").startswith("Tests/")]
order, seen = [], set()


def visit(name):
    if name in seen:
        return
    seen.add(name)
    for d in deps(targets[name]):
        if d in wanted:
            visit(d)
    order.append(name)


for n in wanted:
    visit(n)
for n in order:
    t = targets[n]
    print("\t".join([kind(t), n, directory(t), ",".join(d for d in deps(t) if d in wanted)]))
for p in package.get("platforms", []):
    print("\t".join(["platform", p["platformName"], p["version"]]))
