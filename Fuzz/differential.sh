#!/usr/bin/env bash
# The differential run: MoneyParser's results from this checkout and from an earlier revision
# over COUNT mutated corpus inputs (Fuzz/Differential: lenient and strict mode each), compared
# block by block. A change that should not change what the parser reads must leave no
# difference; the first differing block is replayed and its differing inputs printed.
#
#   Fuzz/differential.sh BASE_REVISION [COUNT] [SEED]     (COUNT: 10,000,000 by default)
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: Fuzz/differential.sh BASE_REVISION [COUNT] [SEED]}
count=${2:-10000000}
seed=${3:-1}
here=$PWD
work=$(mktemp -d)
cleanup() {
    git -C "$here" worktree remove --force "$work/base" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT
git worktree add --detach "$work/base" "$base" >/dev/null 2>&1
# One copy of the harness per build, each with its own package directory and scratch path.
for side in base new; do
    mkdir -p "$work/harness-$side"
    cp -R Fuzz/Differential/Package.swift Fuzz/Differential/Sources "$work/harness-$side/"
done
build() {  # side, MoneyKit checkout
    MONEYKIT_PATH="$2" swift build -c release --package-path "$work/harness-$1" >/dev/null
    echo "$(MONEYKIT_PATH="$2" swift build -c release --package-path "$work/harness-$1" --show-bin-path)/parse-transcript"
}
base_binary=$(build base "$work/base")
new_binary=$(build new "$here")
corpora=(TestData/*.csv)
echo "== $count inputs, seed $seed: $(git rev-parse --short "$base") against this checkout"
"$base_binary" "$count" "$seed" "${corpora[@]}" > "$work/base.txt" &
"$new_binary" "$count" "$seed" "${corpora[@]}" > "$work/new.txt"
wait $!
if cmp -s "$work/base.txt" "$work/new.txt"; then
    echo "no difference in $(wc -l < "$work/new.txt") blocks ($count inputs, each parsed in lenient and strict mode)"
    exit 0
fi
# (`grep -m1` closes the pipe early: the pipeline's status is not the result's.)
first=$( (diff <(cut -d' ' -f1,2 "$work/base.txt") <(cut -d' ' -f1,2 "$work/new.txt") || true) | grep -m1 '^<' | cut -d' ' -f2 || true)
echo "results differ from input $first on; the differing inputs of that block (base, then this checkout):"
"$base_binary" "$count" "$seed" "${corpora[@]}" --show "$first" $((first + 100000)) > "$work/base-block.txt"
"$new_binary" "$count" "$seed" "${corpora[@]}" --show "$first" $((first + 100000)) > "$work/new-block.txt"
diff "$work/base-block.txt" "$work/new-block.txt" | head -40 || true
exit 1
