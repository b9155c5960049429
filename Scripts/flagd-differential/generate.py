#!/usr/bin/env python3
"""Differential vectors for Tweaks' flagd evaluator, answered by flagd's own Python evaluator.

Install the reference (once):
    python3 -m venv /tmp/flagdpy && /tmp/flagdpy/bin/pip install openfeature-provider-flagd==0.6.1
    (it brings openfeature-flagd-core 2.0.0 and panzi-json-logic 1.0.1)
Regenerate the committed vectors:
    /tmp/flagdpy/bin/python Scripts/flagd-differential/generate.py --seed 41 --count 250 \
        --out Tests/TweaksTests/Flagd/Fixtures/flagd-differential.json
Tests/TweaksTests/Flagd/FlagdDifferentialTests.swift reads them and asserts that Tweaks agrees.

What it does: builds `--count` seeded random flagd documents (flags of one value type each, 1-4
variants, defaultVariant present/absent/null, ENABLED/DISABLED, targeting from random JSON Logic
trees, shared `$evaluators` used with `$ref`), writes each to a file, loads it with the Python
provider's FILE resolver (`FlagdProvider(resolver_type=ResolverType.FILE, ...)`, the in-process
evaluator reading a file) and resolves every flag for random typed contexts, with the resolve
method of the flag's type. Each evaluation records value, variant, reason and error code, and
`split`: whether a `fractional` chose a (non-null) bucket during the evaluation (Python says
TARGETING_MATCH for such a match, Tweaks SPLIT).

The domain: JSON Logic as JavaScript's json-logic-js evaluates it (what flagd's contract names),
where panzi-json-logic (Python) agrees. The evaluator's operations are watched while it runs; an
evaluation that touches any of the following is dropped (counted in the output's "dropped"):
- `==`/`!=` between null and a number or Boolean (Python coerces null to 0; JavaScript does not),
  and between two arrays/objects (identity in both, but object identity is not portable);
- `===`/`!==` between a Boolean and a number (Python: True == 1), or with an array/object operand;
- `<`, `<=`, `>`, `>=` with an array/object operand, a string against null or a Boolean (Python
  compares strings, JavaScript numbers), a null third operand; and `>`/`>=` with three operands
  (json-logic-js takes two);
- number conversion of a string JavaScript's Number() reads otherwise than Python's float(): "" or
  blanks (JS 0), "1_0", "inf"/"nan"/"Infinity", "0x1f"; of a one-element array holding a Boolean
  or an array;
- `+` and `*` on anything but numbers and plain decimal strings (json-logic-js uses parseFloat
  there); `*` with one operand; `-` with a null second operand;
- `/` or `%` by zero (a Python exception), `%` where JavaScript's remainder differs (negative
  operands), `min`/`max` with no operand, a NaN or a Boolean;
- text of a Boolean (panzi-json-logic writes "True"/"False", JavaScript "true"/"false": `cat`,
  `in` and `substr` of a Boolean), text of a float that Python's '%.15g' writes otherwise than JavaScript (17 significant digits,
  exponents), of an integer beyond 2^53, of an array holding null (JS writes ""); `cat` of null
  (JS joins it as "");
- `in` with an empty string as haystack, or an array haystack mixing Booleans and numbers with the
  needle, or an array/object needle; `substr` with a null length;
- `all`/`some` over something that is not an array (JS reads strings by index and throws on null);
- `var` of `targetingKey` with a default when the context has no targeting key (Python: null
  present, default used; JavaScript returns null);
- `sem_ver` of an array/object or of a float Python writes otherwise than JavaScript;
- `fractional` bucketing an object (CBOR map ordering), or an integer beyond 2^53;
- a targeting result that is not a string, a Boolean or null (Python names the variant str(x));
- any Python exception inside the evaluator.
Also avoided: `$evaluators` whose JSON text holds a backslash escape (non-ASCII text): Python
substitutes `$ref` with re.sub, which fails on them ("bad escape \\u").
The generator itself never writes: float literals with a zero fraction (`1.0`: JS and Python
disagree on their text, and Tweaks reads them as integers), numbers as variant names, `$flagd.timestamp`
(time-dependent), literals in targeting result positions that are not variant names (a strict
load rejects them), a `reduce` initial value that is an expression (Python does not evaluate it),
characters outside the Basic Multilingual Plane (UTF-16 vs code points), a defaultVariant that is
not a variant or is "" (Tweaks rejects both at load), arrays as variant values (flagd's schema
has object variants; Python takes arrays too, Tweaks rejects a flag mixing them with objects).
"""

import argparse
import collections
import logging
import json
import math
import os
import random
import re
import sys
import tempfile

import json_logic.apply as logic_apply
import json_logic.builtins as logic_builtins
import openfeature.contrib.tools.flagd.core.targeting.targeting  # noqa: F401 (the module, below)
from openfeature.contrib.provider.flagd import FlagdProvider
from openfeature.contrib.provider.flagd.config import ResolverType
from openfeature.evaluation_context import EvaluationContext
from openfeature.exception import OpenFeatureError

# The package exports a function of the same name as the module: take the module itself.
flagd_targeting = sys.modules["openfeature.contrib.tools.flagd.core.targeting.targeting"]

logging.disable(logging.CRITICAL)  # the evaluator logs every operator error with a traceback

# --- The domain watch -----------------------------------------------------------------------

TAINTS: list[str] = []


def taint(why: str) -> None:
    TAINTS.append(why)


DECIMAL = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*")
MAX_SAFE = 2**53


def is_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def check_number_text(s: str) -> None:
    if DECIMAL.fullmatch(s):
        return
    if s.strip() == "" or re.match(r"\s*[+-]?0[xXbBoO]", s):
        taint(f"Number({s!r})")
        return
    try:
        float(s)
        taint(f"float({s!r})")
    except ValueError:
        pass


def js_float_text_ok(v: float) -> bool:
    """Whether Python's repr of `v` is JavaScript's String(v) (and so '%.15g' is, when equal)."""
    if math.isnan(v) or math.isinf(v):
        return False
    return v == 0 or 1e-4 <= abs(v) < 1e16


original_to_number = logic_builtins.to_number
original_to_string = logic_builtins.to_string


def watched_to_number(a):
    if isinstance(a, str):
        check_number_text(a)
    elif isinstance(a, list) and len(a) == 1:
        item = a[0]
        if isinstance(item, (bool, list, dict)):
            taint("Number([bool/array])")
        elif isinstance(item, str):
            check_number_text(item)
    return original_to_number(a)


def contains_null(value) -> bool:
    return isinstance(value, list) and any(x is None or contains_null(x) for x in value)


def watched_to_string(v):
    if isinstance(v, bool):  # panzi-json-logic tests int before bool: "True" where JavaScript writes "true"
        taint("String(bool)")
    elif isinstance(v, float) and not (js_float_text_ok(v) and "%.15g" % v == repr(v).removesuffix(".0")):
        taint(f"String({v!r})")
    elif is_number(v) and abs(v) > MAX_SAFE:
        taint("String(big int)")
    elif contains_null(v):
        taint("String([null])")
    return original_to_string(v)


logic_builtins.to_number = watched_to_number
logic_builtins.to_string = watched_to_string

OPERATORS = flagd_targeting.OPERATORS


def watch(op: str, check) -> None:
    original = OPERATORS[op]

    def watched(data, *args):
        check(data, *args)
        try:
            result = original(data, *args)
        except Exception as error:  # a Python exception is outside the domain
            taint(f"{op} raised {error!r}")
            return None
        if op == "fractional" and result is not None:
            LAST["split"] = True  # a fractional chose a bucket on the way: Tweaks says SPLIT
        return result

    OPERATORS[op] = watched


def structured(x) -> bool:
    return isinstance(x, (list, dict))


def check_equals(data, a=None, b=None, *_):
    if (a is None) != (b is None) and (is_number(a) or is_number(b) or isinstance(a, bool) or isinstance(b, bool)):
        taint("null == number/bool")
    if structured(a) and structured(b):
        taint("array/object == array/object")


def check_strict_equals(data, a=None, b=None, *_):
    if structured(a) or structured(b):
        taint("=== array/object")
    if (isinstance(a, bool) and is_number(b)) or (isinstance(b, bool) and is_number(a)):
        taint("=== bool/number")


def check_comparison(op):
    def check(data, *args):
        if len(args) >= 3 and (op in (">", ">=") or args[2] is None):
            taint(f"{op} with three operands")
        operands = args[:3] if op in ("<", "<=") else args[:2]
        for a, b in zip(operands, operands[1:]):
            if structured(a) or structured(b):
                taint(f"{op} array/object")
            for x, y in ((a, b), (b, a)):
                if isinstance(x, str) and (y is None or isinstance(y, bool)):
                    taint(f"{op} string vs null/bool")

    return check


def check_parse_float_operands(op):
    def check(data, *args):
        if op == "*" and len(args) < 2:
            taint("* with one operand")
        for a in args:
            if isinstance(a, str):
                if not DECIMAL.fullmatch(a) or a != a.strip():
                    taint(f"{op} of text {a!r}")
            elif not is_number(a):
                taint(f"{op} of {a!r}")

    return check


def check_minus(data, *args):
    if len(args) == 0 or (len(args) >= 2 and args[1] is None):
        taint("- with null second operand")


def check_division(op):
    def check(data, a=None, b=None, *_):
        x, y = original_to_number(a), original_to_number(b)
        if y == 0:
            taint(f"{op} by zero")
        elif op == "%" and not (math.isnan(x) or math.isnan(y)) and (x < 0 or y < 0):
            taint("% of a negative")

    return check


def check_min_max(data, *args):
    if not args:
        taint("min/max of nothing")
    for a in args:
        if isinstance(a, bool) or (isinstance(a, list) and any(isinstance(x, bool) for x in a)):
            taint("min/max of a bool")
        n = original_to_number(a)
        if isinstance(n, float) and math.isnan(n):
            taint("min/max of NaN")


def check_in(data, needle=None, haystack=None, *_):
    if haystack == "":
        taint("in ''")
    if isinstance(haystack, list):
        if structured(needle) or any(structured(x) for x in haystack):
            taint("in array of arrays/objects")
        kinds = {type(x) for x in haystack + [needle] if isinstance(x, (bool, int, float))}
        if bool in kinds and len(kinds) > 1:
            taint("in bool/number")


def check_cat(data, *args):
    if any(a is None for a in args):
        taint("cat null")


def check_substr(data, *args):
    if len(args) >= 3 and args[2] is None:
        taint("substr null length")


def check_var(data, key=None, default=None, *_):
    if not isinstance(key, str):
        taint("var of a non-string")
    elif key.split(".")[0] == "targetingKey" and default is not None and isinstance(data, dict):
        if "targetingKey" in data and data["targetingKey"] is None:
            taint("var targetingKey default, no targeting key")


def check_sem_ver(data, *args):
    for a in args:
        if structured(a) or (isinstance(a, float) and not js_float_text_ok(a)):
            taint("sem_ver of array/object/float")


def check_fractional(data, *args):
    if args and not isinstance(args[0], (list, tuple)):
        bucket = args[0]
        if isinstance(bucket, dict) or (isinstance(bucket, list) and any(structured(x) for x in bucket)):
            taint("fractional of an object")
        if is_number(bucket) and abs(bucket) > MAX_SAFE:
            taint("fractional of a big number")


for name in ("==", "!="):
    watch(name, check_equals)
for name in ("===", "!=="):
    watch(name, check_strict_equals)
for name in ("<", "<=", ">", ">="):
    watch(name, check_comparison(name))
for name in ("+", "*"):
    watch(name, check_parse_float_operands(name))
watch("-", check_minus)
for name in ("/", "%"):
    watch(name, check_division(name))
for name in ("min", "max"):
    watch(name, check_min_max)
watch("in", check_in)
watch("cat", check_cat)
watch("substr", check_substr)
watch("var", check_var)
watch("sem_ver", check_sem_ver)
watch("fractional", check_fractional)

original_apply = logic_apply.apply


def watched_apply(logic, data=None, operations=logic_builtins.BUILTINS):
    if isinstance(logic, dict) and len(logic) == 1:
        op = next(iter(logic))
        args = logic[op] if isinstance(logic[op], list) else [logic[op]]
        if op in ("all", "some") and len(args) >= 2:
            if not isinstance(original_apply(args[0], data, operations), list):
                taint(f"{op} over a non-array")
        if op in ("and", "or") and not args:
            taint(f"{op} of nothing")
    return original_apply(logic, data, operations)


logic_apply.apply = watched_apply


LAST = {"split": False}


def watched_targeting(logic, data, operations):
    result = watched_apply(logic, data, operations)
    if result is not None and not isinstance(result, (str, bool)):
        taint(f"targeting gave {result!r}")
    return result


flagd_targeting.jsonLogic = watched_targeting

# --- Random documents -------------------------------------------------------------------------

WORDS = ["alice", "bob", "beta", "pro", "free", "gold", "red", "blue", "a@example.com", "b@test.org",
         "x y", "Zed", "ü", "abc", "abcdef", "12", "3.5", "-4", "0", "", "1.2.3", "v2.0.0", "2.1",
         "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0+build", "01.2.3", "user-7", "on", "off"]
VERSIONS = ["1.0.0", "1.2.3", "2.0.0", "2.1.0", "v1.2.3", "V2.0.0", "1.2", "1", "1.0.0-alpha", "1.0.0-beta.2",
            "1.0.0+build.5", "3.0.1", "0.9.9", "10.0.0", "not-a-version", "1.2.3.4"]
VARIANT_NAMES = ["on", "off", "a", "b", "c", "beta", "pro", "free", "gold", "control", "treatment", "red", "blue",
                 "true", "false"]
KEYS = ["age", "score", "ratio", "name", "email", "plan", "beta", "version", "tags", "nums", "user", "country"]
IDS = ["user-1", "user-2", "jon@company.com", "jane@company.com", "5c3d8535-f81a-4478-a6d3-afaa4d51199e",
       "abc", "42", "ü-ser", ""]


class Generator:
    def __init__(self, rng: random.Random):
        self.r = rng

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def float(self, low=-100.0, high=100.0) -> float:
        while True:
            value = round(self.r.uniform(low, high), self.r.choice([1, 2, 3]))
            if value != int(value):
                return value

    def scalar(self):
        kind = self.r.choice(["str", "str", "int", "float", "bool"])
        if kind == "str":
            return self.r.choice(WORDS)
        if kind == "int":
            return self.r.choice([0, 1, 2, 3, 5, 7, 10, 18, 21, 42, 100, -1, -7])
        if kind == "float":
            return self.float()
        return self.chance(0.5)

    # Contexts

    def attribute(self, key: str):
        typical = {
            "age": lambda: self.r.randint(-5, 99), "score": lambda: self.float(0, 100),
            "ratio": lambda: self.float(0, 1), "name": lambda: self.r.choice(WORDS),
            "email": lambda: self.r.choice(["ballmer@macrosoft.com", "a@example.com", "b@test.org", "x"]),
            "plan": lambda: self.r.choice(["beta", "pro", "free", "gold", "red"]), "beta": lambda: self.chance(0.5),
            "version": lambda: self.r.choice(VERSIONS), "country": lambda: self.r.choice(["DE", "US", "FR", "de"]),
            "tags": lambda: [self.r.choice(["beta", "pro", "x", "a b", "12"]) for _ in range(self.r.randint(0, 3))],
            "nums": lambda: [self.r.choice([1, 2, 3, 10, -4]) for _ in range(self.r.randint(0, 4))],
            "user": lambda: {"name": self.r.choice(WORDS), "age": self.r.randint(0, 90),
                             "tier": self.r.choice(["premium", "basic"]),
                             "roles": [self.r.choice(["admin", "dev"]) for _ in range(self.r.randint(0, 2))],
                             "address": {"city": self.r.choice(["Berlin", "Paris"]), "zip": self.r.randint(1000, 9999)}},
        }
        return typical[key]() if self.chance(0.85) else self.scalar()

    def context(self):
        targeting_key = self.r.choice(IDS) if self.chance(0.85) else None
        attributes = {key: self.attribute(key) for key in self.r.sample(KEYS, self.r.randint(0, len(KEYS)))}
        return targeting_key, attributes

    # Expressions

    def path(self) -> str:
        return self.r.choice(["age", "score", "ratio", "name", "email", "plan", "beta", "version", "tags", "nums",
                              "country", "user.name", "user.age", "user.tier", "user.roles", "user.address.city",
                              "user.address.zip", "tags.0", "nums.1", "missing", "user.missing.deep",
                              "targetingKey", "$flagd.flagKey"])

    def var(self):
        path = self.path()
        if self.chance(0.25):
            return {"var": [path, self.scalar()]}
        return {"var": path if self.chance(0.7) else [path]}

    def value(self, depth: int):
        """Any value: a literal, a variable, or an operation."""
        if depth <= 0 or self.chance(0.35):
            return self.scalar() if self.chance(0.4) else self.var()
        op = self.r.choice(["+", "-", "*", "/", "%", "min", "max", "cat", "substr", "if", "var", "merge", "map",
                            "filter", "reduce", "missing", "missing_some", "or", "and", "!!", "=="])
        d = depth - 1
        if op in ("+", "*"):
            return {op: [self.number(d) for _ in range(self.r.randint(2, 3))]}
        if op == "-":
            return {op: [self.number(d)] if self.chance(0.2) else [self.number(d), self.number(d)]}
        if op in ("/", "%"):
            return {op: [self.number(d), self.number(d)]}
        if op in ("min", "max"):
            return {op: [self.number(d) for _ in range(self.r.randint(1, 3))]}
        if op == "cat":
            return {op: [self.value(d) for _ in range(self.r.randint(1, 3))]}
        if op == "substr":
            args = [self.value(d), self.r.randint(-6, 6)]
            if self.chance(0.5):
                args.append(self.r.randint(-4, 5))
            return {op: args}
        if op == "if":
            return {op: self.if_args(d, lambda: self.value(d))}
        if op == "merge":
            return {op: [self.array(d) if self.chance(0.6) else self.value(d) for _ in range(self.r.randint(1, 3))]}
        if op in ("map", "filter"):
            item = {"var": ""}
            sub = ({"+": [item, self.r.randint(1, 3)]} if self.chance(0.5) else {"cat": [item, "!"]}) if op == "map" \
                else {self.r.choice([">", "<", "==", "!="]): [item, self.scalar()]}
            return {op: [self.array(d), sub]}
        if op == "reduce":
            return {op: [self.array(d), {"+": [{"var": "current"}, {"var": "accumulator"}]}, self.r.randint(0, 5)]}
        if op == "missing":
            keys = self.r.sample(["age", "name", "plan", "user.name", "missing", "email"], self.r.randint(1, 3))
            return {op: keys if self.chance(0.5) else [keys]}
        if op == "missing_some":
            keys = self.r.sample(["age", "name", "plan", "user.name", "missing", "email"], self.r.randint(1, 4))
            return {op: [self.r.randint(0, len(keys)), keys]}
        if op in ("or", "and"):
            return {op: [self.value(d) for _ in range(self.r.randint(1, 3))]}
        if op == "!!":
            return {op: [self.value(d)]}
        if op == "var":  # a path computed at evaluation time
            path = {"cat": [self.r.choice(["user", "nums", "tags", "plan"]), self.r.choice([".name", ".0", ".tier", ""])]}
            return {op: [path, self.scalar()] if self.chance(0.5) else path}
        return {op: [self.value(d), self.value(d)]}

    def number(self, depth: int):
        if depth <= 0 or self.chance(0.5):
            return self.r.choice([self.r.randint(-10, 100), self.float(), {"var": self.r.choice(
                ["age", "score", "ratio", "user.age", "nums.0", "missing"])}, "7", "2.5"])
        return self.value(depth)

    def array(self, depth: int):
        if self.chance(0.5):
            return {"var": self.r.choice(["tags", "nums", "user.roles", "missing"])}
        return [self.scalar() for _ in range(self.r.randint(0, 4))]

    def condition(self, depth: int, evaluators: list[str], plain: bool = False):
        """A condition; a `plain` one has no literal it could return (a literal that names no
        variant where a targeting's result is read is an error of a strict load)."""
        if evaluators and self.chance(0.1):
            return {"$ref": self.r.choice(evaluators)}
        if depth <= 0:
            return self.var() if self.chance(0.3) else {"==": [self.var(), self.scalar()]}
        d = depth - 1
        op = self.r.choice(["==", "!=", "===", "!==", "<", "<=", ">", ">=", "!", "!!", "and", "or", "in", "in",
                            "starts_with", "ends_with", "sem_ver", "sem_ver", "missing", "all", "some", "none",
                            "fractional"] + ([] if plain else ["value"]))
        if op in ("==", "!=", "===", "!=="):
            return {op: [self.value(d), self.value(d) if self.chance(0.5) else self.scalar()]}
        if op in ("<", "<="):
            if self.chance(0.3):
                return {op: [self.number(d), self.value(d), self.number(d)]}
            return {op: [self.value(d), self.number(d) if self.chance(0.6) else self.scalar()]}
        if op in (">", ">="):
            return {op: [self.value(d), self.number(d) if self.chance(0.6) else self.scalar()]}
        if op in ("!", "!!"):
            return {op: [self.condition(d, evaluators, plain) if self.chance(0.5) else self.value(d)]}
        if op in ("and", "or"):
            return {op: [self.condition(d, evaluators, plain) for _ in range(self.r.randint(2, 3))]}
        if op == "in":
            if self.chance(0.5):
                return {op: [self.value(d), self.r.choice(["beta pro gold", "a@example.com", "abcdef", "12345"])]}
            return {op: [self.value(d), self.array(d)]}
        if op in ("starts_with", "ends_with"):
            return {op: [self.var(), self.r.choice(["a", "b", "beta", ".com", "@example.com", "", "1", "user"])]}
        if op == "sem_ver":
            operator = self.r.choice(["=", "!=", "<", "<=", ">", ">=", "^", "~"])
            return {op: [{"var": "version"} if self.chance(0.85) else self.var(), operator, self.r.choice(VERSIONS[:12])]}
        if op == "missing":
            return {"!": {"missing": self.r.sample(["age", "name", "plan", "user.name", "email"], self.r.randint(1, 2))}}
        if op in ("all", "some", "none"):
            return {op: [self.array(d) if self.chance(0.8) else {"var": "name"},
                         {self.r.choice(["==", "!=", ">", "<", "in"]): [{"var": ""}, self.scalar()]}]}
        if op == "fractional":
            return {op: [[False, self.r.randint(0, 50)], [True, self.r.randint(0, 50)]]}
        return self.value(d)

    def if_args(self, depth: int, result):
        args = []
        for _ in range(self.r.randint(1, 3)):
            args += [self.condition(depth, []), result()]
        if self.chance(0.7):
            args.append(result())
        return args

    def result(self, depth: int, variants: list[str], evaluators: list[str], flag_key: str):
        """A targeting result: a variant name, null, or an expression giving one (or not)."""
        if depth <= 0 or self.chance(0.45):
            return self.r.choice(variants) if self.chance(0.9) else None
        d = depth - 1
        kind = self.r.choice(["if", "if", "fractional", "var", "or", "cat", "bool"])
        if kind == "if":
            args = []
            for _ in range(self.r.randint(1, 3)):
                args += [self.condition(d, evaluators), self.result(d, variants, evaluators, flag_key)]
            if self.chance(0.6):
                args.append(self.result(d, variants, evaluators, flag_key))
            return {self.r.choice(["if", "if", "?:"]): args}
        if kind == "fractional":
            return self.fractional(d, variants, evaluators, flag_key)
        if kind == "var":
            return {"var": self.r.choice(["plan", "name", "user.tier", "country", "targetingKey"])}
        if kind == "or":
            return {"or": [{"var": self.r.choice(["plan", "user.tier", "missing"])}, self.r.choice(variants)]}
        if kind == "cat":
            return {"cat": [self.r.choice(["", "b", "t"]), {"var": self.r.choice(["plan", "name", "missing"])}]}
        return self.condition(d, evaluators, plain=True) if {"true", "false"} <= set(variants) else self.r.choice(variants)

    def fractional(self, depth: int, variants: list[str], evaluators: list[str], flag_key: str):
        buckets = []
        for _ in range(self.r.randint(1, 4)):
            name = self.r.choice(variants) if self.chance(0.85) else (
                None if self.chance(0.3) else self.result(depth, variants, evaluators, flag_key))
            if self.chance(0.15):
                buckets.append([name])
            else:
                weight = self.r.choice([0, 1, 5, 10, 25, 50, 100, -10, 7, 33])
                if self.chance(0.1):
                    weight = {"if": [self.condition(0, []), self.r.randint(0, 100), self.r.randint(0, 100)]}
                buckets.append([name, weight])
        if self.chance(0.4):
            return {"fractional": buckets}
        bucket_by = self.r.choice([
            {"var": "targetingKey"}, {"var": "user.name"}, {"var": "email"}, {"var": "age"}, {"var": "score"},
            {"var": "beta"}, {"var": "missing"},
            {"cat": [{"var": "$flagd.flagKey"}, {"var": "targetingKey"}]}, {"cat": ["seed", {"var": "name"}]},
            "fixed-seed", 42, 2.5, True,
        ])
        return {"fractional": [bucket_by] + buckets}

    def variant_values(self, kind: str, count: int):
        def one():
            if kind == "boolean":
                return self.chance(0.5)
            if kind == "string":
                return self.r.choice(WORDS)
            if kind == "integer":
                return self.r.randint(-1000, 1000)
            if kind == "float":
                return self.float(-1000, 1000)
            return {key: self.scalar() if self.chance(0.8) else {"n": [self.scalar()]}
                    for key in self.r.sample(["title", "count", "on", "ratio", "nested"], self.r.randint(0, 4))}
        return [one() for _ in range(count)]

    def document(self, index: int):
        evaluators = {}
        if self.chance(0.3):
            for name in self.r.sample(["is_beta", "is_adult", "is_pro", "has_email"], self.r.randint(1, 2)):
                rule = self.condition(2, [], plain=True)
                while "\\" in json.dumps(rule):  # Python's $ref substitution (re.sub) fails on escapes
                    rule = self.condition(2, [], plain=True)
                evaluators[name] = rule
        flags = {}
        for number in range(self.r.randint(1, 5)):
            key = f"flag-{index}-{number}" if self.chance(0.75) else f"feature{number}.flag-{index}"
            kind = self.r.choice(["boolean", "string", "integer", "float", "object"])
            names = self.r.sample(VARIANT_NAMES, self.r.randint(1, 4))
            if kind == "boolean" and self.chance(0.5):
                names = ["true", "false"][: self.r.randint(1, 2)] + names[:1]
                names = list(dict.fromkeys(names))
            flag = {"state": "DISABLED" if self.chance(0.12) else "ENABLED",
                    "variants": dict(zip(names, self.variant_values(kind, len(names))))}
            roll = self.r.random()
            if roll < 0.8:
                flag["defaultVariant"] = self.r.choice(names)
            elif roll < 0.9:
                flag["defaultVariant"] = None
            if self.chance(0.8):
                flag["targeting"] = {} if self.chance(0.03) else self.targeting(names, list(evaluators), key)
            if self.chance(0.1):
                flag["metadata"] = {"owner": "team", "version": 3}
            flags[key] = (kind, flag)
        document = {"flags": {key: flag for key, (_, flag) in flags.items()}}
        if evaluators:
            document["$evaluators"] = evaluators
        return document, {key: kind for key, (kind, _) in flags.items()}

    def targeting(self, variants: list[str], evaluators: list[str], key: str):
        shape = self.r.random()
        if shape < 0.2:
            return self.fractional(2, variants, evaluators, key)
        if shape < 0.3 and {"true", "false"} <= set(variants):
            return self.condition(3, evaluators, plain=True)
        if shape < 0.35:
            return {"or": [{"var": self.r.choice(["plan", "user.tier"])}, self.r.choice(variants)]}
        args = []
        for _ in range(self.r.randint(1, 3)):
            args += [self.condition(3, evaluators), self.result(2, variants, evaluators, key)]
        if self.chance(0.6):
            args.append(self.result(2, variants, evaluators, key))
        return {"if": args}


# --- The reference --------------------------------------------------------------------------

DEFAULTS = {"boolean": False, "string": "<caller>", "integer": -999999, "float": -0.125, "object": {"caller": True}}


def typed(value):
    """A value with its JSON type kept apart from its JSON spelling (the Swift side needs to tell
    an integer from a float and a Boolean from a number)."""
    if isinstance(value, bool):
        return {"b": value}
    if isinstance(value, int):
        return {"i": value}
    if isinstance(value, float):
        return {"d": value}
    if isinstance(value, str):
        return {"s": value}
    if isinstance(value, list):
        return {"l": [typed(x) for x in value]}
    return {"o": {k: typed(v) for k, v in value.items()}}


def resolve(provider, kind: str, key: str, context: EvaluationContext):
    method = getattr(provider, f"resolve_{kind}_details")
    del TAINTS[:]
    LAST["split"] = False
    try:
        details = method(key, DEFAULTS[kind], context)
    except OpenFeatureError as error:
        return {"errorCode": error.error_code.value, "reason": "ERROR"}
    outcome = {"reason": str(details.reason.value if hasattr(details.reason, "value") else details.reason),
               "variant": details.variant}
    if details.error_code:
        outcome["errorCode"] = details.error_code.value
    if details.variant is not None:
        outcome["value"] = typed(details.value)
    outcome["split"] = LAST["split"] and outcome["reason"] == "TARGETING_MATCH"
    return outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument("--count", type=int, default=250, help="documents")
    parser.add_argument("--contexts", type=int, default=8, help="contexts per document")
    parser.add_argument("--out", required=True)
    options = parser.parse_args()
    generator = Generator(random.Random(options.seed))
    documents, dropped, kept, why = [], 0, 0, collections.Counter()
    with tempfile.TemporaryDirectory() as folder:
        for index in range(options.count):
            document, kinds = generator.document(index)
            text = json.dumps(document)
            path = os.path.join(folder, f"flags-{index}.json")
            with open(path, "w") as file:
                file.write(text)
            provider = FlagdProvider(resolver_type=ResolverType.FILE, offline_flag_source_path=path,
                                     deadline_ms=3_600_000)
            provider.initialize(EvaluationContext())
            evaluations = []
            for _ in range(options.contexts):
                targeting_key, attributes = generator.context()
                context = EvaluationContext(targeting_key=targeting_key, attributes=attributes)
                for key, kind in kinds.items():
                    outcome = resolve(provider, kind, key, context)
                    if TAINTS:
                        dropped += 1
                        why[re.sub(r"'.*|\(.*", "", TAINTS[0])] += 1
                        continue
                    kept += 1
                    evaluation = {"flag": key, "attributes": {k: typed(v) for k, v in attributes.items()}}
                    if targeting_key is not None:
                        evaluation["targetingKey"] = targeting_key
                    evaluation.update(outcome)
                    evaluations.append(evaluation)
            provider.shutdown()
            documents.append({"document": text, "evaluations": evaluations})
    with open(options.out, "w") as file:
        json.dump({"generator": "Scripts/flagd-differential/generate.py", "seed": options.seed,
                   "reference": "openfeature-provider-flagd 0.6.1 (FILE resolver), openfeature-flagd-core 2.0.0",
                   "evaluations": kept, "dropped": dropped, "documents": documents}, file, separators=(",", ":"))
    print(f"{len(documents)} documents, {kept} evaluations kept, {dropped} dropped: {dict(why)}", file=sys.stderr)


if __name__ == "__main__":
    main()
