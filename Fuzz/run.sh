#!/usr/bin/env bash
# Builds MoneyKit's libFuzzer targets (address sanitizer, optimized) and runs each for
# SECONDS seconds (default 60) on seed corpora made from TestData (by fuzz-seeds). A crash, a sanitizer
# report or a broken property (the targets check them, see each target's header) fails the
# run; libFuzzer leaves the offending input in Fuzz/findings/<target>/.
#
#   Fuzz/run.sh [SECONDS] [TARGET ...]     targets: parse shortcut extract roundtrip csv arithmetic editing (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse shortcut extract roundtrip csv arithmetic editing)

scratch=.build-fuzz
# libFuzzer prints the stack of a crash itself; the Swift runtime's backtracer would stall the run.
export SWIFT_BACKTRACE=enable=no
# One product per build: `swift build` keeps only the last of several --product options.
for target in seeds "${targets[@]}"; do
    MONEYKIT_FUZZ=1 swift build -c release --scratch-path "$scratch" --sanitize=address \
        -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld --product "fuzz-$target" >/dev/null
done
bin=$(MONEYKIT_FUZZ=1 swift build -c release --scratch-path "$scratch" --show-bin-path)

# Seeds per run, so that two runs (one target each, on two cores) do not share a directory.
seeds="$scratch/seeds-$$"
rm -rf "$seeds"
trap 'rm -rf "$seeds"' EXIT
"$bin/fuzz-seeds" "$seeds" TestData/*.csv TestData/extraction/extract.csv

status=0
failed=()
touch "$scratch/run-start"
for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target"
    findings="Fuzz/findings/$target"
    mkdir -p "$corpus" "$findings"
    echo "== fuzz-$target: $seconds s"
    # -rss_limit_mb: the targets keep every locale they touch loaded (tens of MB); ASan adds more.
    if ! "$bin/fuzz-$target" "$corpus" "$seeds/$target" -max_total_time="$seconds" -rss_limit_mb=4096 \
        -max_len=1100 -timeout=10 -artifact_prefix="$findings/" -print_final_stats=1 >"$scratch/$target.log" 2>&1; then
        status=1
        failed+=("$target")
        # The finding's report (the property or sanitizer message and its stack), then the end.
        grep -v -E '^(#[0-9]+|INFO:|  *"|###)' "$scratch/$target.log" | head -40 || true
        echo "..."
    fi
    tail -8 "$scratch/$target.log"
done
# Last, so that the end of a CI log names what failed.
if [ $status -ne 0 ]; then
    for target in "${failed[@]}"; do
        echo "== FAILED: fuzz-$target; the input is in Fuzz/findings/$target/:"
        find "Fuzz/findings/$target" -type f -newer "$scratch/run-start" | while read -r finding; do
            echo "   $finding: $(head -c 300 "$finding" | od -An -c | tr -s ' ' | head -c 600 || true)"
        done
    done
fi
exit $status
