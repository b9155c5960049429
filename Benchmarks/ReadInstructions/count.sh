#!/usr/bin/env bash
# ./count.sh OPERATION…: the instructions of one OPERATION (see Sources/ReadInstructions/main.swift
# for the list), as (callgrind total of 2,000 operations − callgrind total of 1,000) ÷ 1,000, with
# deterministic hashing. Builds the release driver first. Needs valgrind.
set -euo pipefail
cd "$(dirname "$0")"
swift build -c release >/dev/null
root=$(cd ../.. && pwd)
ir() {
    local out
    out=$(mktemp)
    SWIFT_DETERMINISTIC_HASHING=1 TWEAKS_ROOT=$root valgrind --tool=callgrind --callgrind-out-file="$out" \
        .build/release/ReadInstructions "$1" "$2" >/dev/null 2>&1
    callgrind_annotate "$out" 2>/dev/null | grep -m1 "PROGRAM TOTALS" | awk '{gsub(",", "", $1); print $1}'
    rm -f "$out"
}
for operation in "$@"; do
    a=$(ir "$operation" 1000)
    b=$(ir "$operation" 2000)
    echo "$operation $(((b - a) / 1000))"
done
