#!/usr/bin/env bash
# fxparse as an RDD.pipe stage in local-mode Apache Spark (Docs/Spark.md's recipe).
#
# Usage: Tests/Spark/run.sh FXPARSE_BINARY CORPUS_CSV
#   e.g. Tests/Spark/run.sh .build/release/fxparse TestData/everyday.csv
#
# Installs PySpark (pinned below) from PyPI into .build/spark-venv the first time, or when
# the venv lacks that version; later runs reuse it. Needs Java 8, 11 or 17 (PySpark 3.5
# starts a JVM). The corpus must have one record per line (no line breaks inside quoted
# fields). Then runs Tests/Spark/pipe_test.py, which compares Spark's output with a plain run.
set -euo pipefail

# 3.5.x: supports Java 8/11/17 and Python 3.8-3.11 (Spark 4 drops Java 8/11 and needs 17+).
PYSPARK_VERSION=3.5.9

if [ $# -ne 2 ]; then
    echo "usage: $0 FXPARSE_BINARY CORPUS_CSV" >&2
    exit 2
fi
start=$(date +%s)

# Resolve the arguments against the caller's directory before moving to the repo root.
abspath() { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd)" "$(basename "$1")"); }
[ -e "$1" ] || { echo "fxparse binary not found: $1" >&2; exit 2; }
[ -e "$2" ] || { echo "corpus not found: $2" >&2; exit 2; }
fxparse=$(abspath "$1")
corpus=$(abspath "$2")
[ -x "$fxparse" ] || { echo "not executable: $fxparse" >&2; exit 2; }

cd "$(dirname "$0")/../.."

java_cmd=java
[ -n "${JAVA_HOME:-}" ] && java_cmd="$JAVA_HOME/bin/java"
if ! java_version=$("$java_cmd" -version 2>&1); then
    echo "Spark needs Java (8, 11 or 17), and '$java_cmd -version' failed:" >&2
    echo "$java_version" >&2
    echo "On Debian: apt-get install openjdk-17-jre-headless (or set JAVA_HOME)." >&2
    exit 1
fi
echo "java: $(printf '%s\n' "$java_version" | head -n 1)"

venv=.build/spark-venv
python=$venv/bin/python
has_pyspark() {
    [ -x "$python" ] &&
        "$python" -c "import pyspark, sys; sys.exit(pyspark.__version__ != '$PYSPARK_VERSION')" 2>/dev/null
}
if ! has_pyspark; then
    if [ ! -x "$python" ]; then
        base_python=${PYTHON:-python3}
        echo "Creating $venv with $("$base_python" --version 2>&1)..."
        rm -rf "$venv"
        "$base_python" -m venv "$venv"
    fi
    echo "Installing pyspark==$PYSPARK_VERSION into $venv (one time; about 320 MB from PyPI)..."
    log=$venv/pip-install.log
    install_start=$(date +%s)
    if ! "$python" -m pip install --disable-pip-version-check --no-input \
            "pyspark==$PYSPARK_VERSION" >"$log" 2>&1; then
        echo "pip install pyspark==$PYSPARK_VERSION failed; the end of $log:" >&2
        tail -n 40 "$log" >&2
        exit 1
    fi
    echo "Installed pyspark $PYSPARK_VERSION in $(( $(date +%s) - install_start )) s."
fi

"$python" Tests/Spark/pipe_test.py "$fxparse" "$corpus"

echo "spark pipe test: passed in $(( $(date +%s) - start )) s"
