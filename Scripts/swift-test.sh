#!/usr/bin/env bash
# Runs `swift test` with the given arguments, keeps its whole output in .build/test-output.log,
# and when the run fails repeats the failing tests' lines at the end, where a CI log's last
# lines show them (the suite runs in parallel: the failure itself may be thousands of lines up).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
log=.build/test-output.log
"${SWIFT:-swift}" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    echo
    echo "== swift test failed (exit $status); the failing tests' lines (whole log: $log) =="
    grep -a -E '✘|fatal error|Fatal error|(ERROR|WARNING): (Address|Thread|Leak)Sanitizer|error: ' "$log" | grep -a -v 'FlyingFox' | tail -n 60
fi
exit "$status"
