#!/usr/bin/env bash
# Throughput and peak memory of `fxparse parse` on the generated corpus: the figures of the
# README's "fxparse at scale" section.
#
#   Scripts/measure-fxparse.sh                 1M rows: cat, then fxparse at --jobs 1 and 2, best of 3
#   Scripts/measure-fxparse.sh --memory        also peak memory at 10 thousand and 10 million rows
#   Scripts/measure-fxparse.sh --every-locale  also 1M rows that mix every ICU locale (written by
#                                              parsebench --every-locale-corpus), at --jobs 1 and 2
#
# Writes its corpora to .build/measure (the 10M-row file is about 310 MB). Times are wall
# clock on a warm page cache, output to /dev/null; fxparse's own summary line gives the
# peak memory (its VmHWM: the high-water mark of its own address space). fxparse keeps the
# tables it derives in the user's cache directory by default, so the best of three runs is a
# run that reads them back; MONEYKIT_TABLE_CACHE= (empty) in the environment measures without.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=.build/measure
mkdir -p "$dir"
swift build -c release --product fxparse >/dev/null
fxparse=.build/release/fxparse

corpus() {  # ROWS FILE
    [ -s "$2" ] || python3 Scripts/generate-corpus.py --rows "$1" --output "$2"
}
seconds() {  # COMMAND...: wall seconds of one run
    local start end
    start=$(date +%s.%N)
    "$@" >/dev/null 2>"$dir/stderr.txt"
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }'
}
best() {  # COMMAND...: best wall seconds of three runs
    local best="" t
    for _ in 1 2 3; do
        t=$(seconds "$@")
        if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN { exit !(t < b) }'; then best=$t; fi
    done
    echo "$best"
}

corpus 1000000 "$dir/1m.csv"
rows=1000000
cat "$dir/1m.csv" >/dev/null  # into the page cache
echo "corpus: $dir/1m.csv, $rows rows, $(wc -c <"$dir/1m.csv") bytes (Scripts/generate-corpus.py, seed 2026)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
t=$(best cat "$dir/1m.csv")
printf '%-28s %8s s  %12s rows/s\n' "cat (the I/O floor)" "$t" "$(awk -v t="$t" -v n=$rows 'BEGIN { printf "%.0f", n / t }')"
for jobs in 1 2; do
    t=$(best "$fxparse" parse --jobs "$jobs" "$dir/1m.csv" -o /dev/null)
    printf '%-28s %8s s  %12s rows/s   %s\n' "fxparse parse --jobs $jobs" "$t" \
        "$(awk -v t="$t" -v n=$rows 'BEGIN { printf "%.0f", n / t }')" "$(grep -o 'peak memory [0-9]* MB' "$dir/stderr.txt")"
done

if [ "${1:-}" = "--every-locale" ]; then
    swift build -c release --product parsebench >/dev/null
    [ -s "$dir/every-locale-1m.csv" ] || .build/release/parsebench --every-locale-corpus "$dir/every-locale-1m.csv"
    cat "$dir/every-locale-1m.csv" >/dev/null
    echo "corpus: $dir/every-locale-1m.csv, $rows rows, $(wc -c <"$dir/every-locale-1m.csv") bytes, every ICU locale"
    for jobs in 1 2; do
        t=$(best "$fxparse" parse --jobs "$jobs" "$dir/every-locale-1m.csv" -o /dev/null)
        printf '%-28s %8s s  %12s rows/s   %s\n' "fxparse parse --jobs $jobs" "$t" \
            "$(awk -v t="$t" -v n=$rows 'BEGIN { printf "%.0f", n / t }')" "$(grep -o 'peak memory [0-9]* MB' "$dir/stderr.txt")"
    done
fi

if [ "${1:-}" = "--memory" ]; then
    corpus 10000 "$dir/10k.csv"
    corpus 10000000 "$dir/10m.csv"
    for size in 10k 10m; do
        "$fxparse" parse "$dir/$size.csv" -o /dev/null 2>"$dir/stderr.txt"
        echo "$size rows: $(tail -n 1 "$dir/stderr.txt")"
    done
fi
