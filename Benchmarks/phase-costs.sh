#!/usr/bin/env bash
# Instructions per parse of the prepared parser, by phase, measured with callgrind on
# parsebench's profile loop (every expect=ok row of TestData, grouped by locale).
#
#   Benchmarks/phase-costs.sh [ROUNDS] [CSV...]   (needs valgrind; builds parsebench in release)
#
# CSV files name the corpora to time (TestData/*.csv by default): give an older checkout's
# TestData files to compare two builds on the same rows.
#
# Phases are inclusive costs of the functions that implement them; the optimizer inlines
# some small functions into their callers, whose cost then counts where they were inlined.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
shift $(( $# > 0 ? 1 : 0 ))
files=("$@")
swift build -c release --product parsebench >/dev/null
out=$(mktemp)
binary=$(mktemp)
trap 'rm -f "$out" "$binary"' EXIT
# valgrind 3.19 cannot read the DWARF 5 line tables of this binary: profile a copy without
# them (function names come from the symbol table).
objcopy --strip-debug .build/release/parsebench "$binary"
valgrind --tool=callgrind --toggle-collect='*profiledParseLoop*' --callgrind-out-file="$out" \
    "$binary" --profile "$rounds" --no-cold-start "${files[@]}" >/dev/null 2>&1
rows=$(.build/release/parsebench --profile 1 --no-cold-start "${files[@]}" | sed -E 's/.*: ([0-9]+) amounts.*/\1/')
# The common shape's own Decimal assembly, counted under "Decimal assembly" with the general path's.
shape_decimal=$(callgrind_annotate --tree=calling "$out" 2>/dev/null | awk '
    /\* .*CommonShapeC4read/ { inside = 1; next }
    inside && /> .*ExactDecimalV7decimal/ && found == "" { gsub(",", "", $1); found = $1 }
    inside && !/>/ { inside = 0 }
    END { print found }')
callgrind_annotate --inclusive=yes "$out" 2>/dev/null | awk -v parses="$((rows * rounds))" -v shapeDecimal="${shape_decimal:-0}" '
    function cost(line) { split(line, f, " "); gsub(",", "", f[1]); return f[1] + 0 }
    function take(name, pattern) { if (index($0, pattern) && index($0, "[/") && cost($0) > value[name]) value[name] = cost($0) }
    {
        take("total", "profiledParseLoop")
        take("shape", "CommonShapeC4read")
        take("machine", "StateMachineV3run")
        take("scan", "LexerV4scan")
        take("marker", "LexerV11matchMarker")
        take("compact", "LexerV12matchCompact")
        take("settle", "CurrencyResolutionV17settleMultipliers")
        take("resolve", "CurrencyResolutionV7resolve__10yuanOffset")
        take("separators", "NumberScanV11decimalMark")
        take("decimal", "ExactDecimalV7decimal")
    }
    END {
        lookup = value["marker"] + value["compact"]
        tokenize = value["scan"] - lookup
        machine = value["machine"] - value["scan"]
        resolution = value["settle"] + value["resolve"]
        shape = value["shape"] - shapeDecimal
        rest = value["total"] - shape - value["machine"] - resolution - value["separators"] - value["decimal"]
        printf "%-58s %8s %6s\n", "phase", "instr", "share"
        if (value["shape"] == 0)
            printf "%-58s %8s\n", "common shape (one pass, tried first; read or declined)", "inlined: counted in rest"
        else
            printf "%-58s %8.0f %5.1f%%\n", "common shape (one pass, tried first; read or declined)", shape / parses, 100 * shape / value["total"]
        printf "%-58s %8.0f %5.1f%%\n", "tokenize (characters, digits, separators, spaces)", tokenize / parses, 100 * tokenize / value["total"]
        printf "%-58s %8.0f %5.1f%%\n", "marker lookup (symbol, word, name and compact tries)", lookup / parses, 100 * lookup / value["total"]
        printf "%-58s %8.0f %5.1f%%\n", "state machine (transitions, digit accumulation, units)", machine / parses, 100 * machine / value["total"]
        printf "%-58s %8.0f %5.1f%%\n", "currency resolution (§4, multipliers)", resolution / parses, 100 * resolution / value["total"]
        printf "%-58s %8.0f %5.1f%%\n", "separator inference (§3)", value["separators"] / parses, 100 * value["separators"] / value["total"]
        printf "%-58s %8.0f %5.1f%%\n", "Decimal assembly", value["decimal"] / parses, 100 * value["decimal"] / value["total"]
        printf "%-58s %8.0f %5.1f%%\n", "rest (entry, amount and rounding checks, harness)", rest / parses, 100 * rest / value["total"]
        printf "%-58s %8.0f\n", "total per parse", value["total"] / parses
    }'
