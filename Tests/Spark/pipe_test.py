#!/usr/bin/env python3
"""fxparse as an RDD.pipe stage, in local-mode Spark, against a plain run.

Usage: pipe_test.py FXPARSE_BINARY CORPUS_CSV

The corpus's header row names the columns; the remaining lines are the records (one per
line). The expected output is a plain run of

    FXPARSE parse --no-header --columns <columns> <headerless file>

and the Spark run pipes the same lines, in 6 partitions on local[4], through

    FXPARSE parse --no-header --columns <columns> -

The collected lines must equal the plain run's lines exactly (same count, same order).
Run it through Tests/Spark/run.sh, which installs PySpark into .build/spark-venv.
"""

import csv
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

PARTITIONS = 6
MASTER = "local[4]"

# Spark's own logging goes to stderr; keep the driver quiet from the JVM's start on
# (setLogLevel only takes effect once the context exists). PySpark counts as a shell: unless
# the logger of the Spark class that sets logging up has a level of its own, Spark lowers the
# console to WARN and prints "Setting default log level", so org.apache.spark has one. A
# failed task's traceback is logged by the Executor and the TaskSetManager and again in the
# job's error, which this script reports: the first two stay silent.
LOG4J2_PROPERTIES = """\
rootLogger.level = error
logger.spark.name = org.apache.spark
logger.spark.level = error
logger.executor.name = org.apache.spark.executor.Executor
logger.executor.level = fatal
logger.tasks.name = org.apache.spark.scheduler.TaskSetManager
logger.tasks.level = fatal
rootLogger.appenderRef.stderr.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n
"""


def fail(message):
    print(f"spark pipe test: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def read_corpus(path):
    """Returns (columns, records): the header's column names and the headerless lines."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        fail(f"{path} is not UTF-8: {e}")
    if text.startswith("\ufeff"):
        text = text[1:]
    # Split on \n only, as Spark does for pipe input and output (str.splitlines would also
    # split on U+2028, U+0085 and others, which are ordinary characters in a CSV field).
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    # A CRLF file: drop the CR of each line ending (a CR elsewhere is checked below).
    if lines and all(line.endswith("\r") for line in lines):
        lines = [line[:-1] for line in lines]
    if len(lines) < 2:
        fail(f"{path} has no records after its header")

    header, records = lines[0], lines[1:]
    columns = next(csv.reader([header]))
    if "input" not in columns:
        fail(f"{path}: the header {header!r} has no 'input' column")

    for number, line in enumerate(records, start=2):
        # One record per line: a quoted field holding a line break leaves an odd number of
        # quotes on the line where it starts (and where it ends). Spark splits text on
        # newlines, so such a corpus cannot go through textFile/pipe record by record.
        if line.count('"') % 2 != 0:
            fail(
                f"{path}:{number}: odd number of '\"' characters: a quoted field spans "
                f"lines (multi-line records are not supported by this test): {line!r}"
            )
        if "\r" in line:
            fail(f"{path}:{number}: carriage return inside a record: {line!r}")
        if line == "":
            fail(f"{path}:{number}: empty line (not a record)")
    return columns, records


def plain_run(binary, columns, records):
    """fxparse on the headerless lines as one file, outside Spark: the expected lines."""
    with tempfile.TemporaryDirectory(prefix="fxparse-spark-") as tmp:
        path = os.path.join(tmp, "records.csv")
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write("\n".join(records) + "\n")
        command = [binary, "parse", "--no-header", "--columns", ",".join(columns), path]
        result = subprocess.run(command, capture_output=True)
    if result.returncode != 0:
        fail(
            f"plain run exited {result.returncode}: {shlex.join(command)}\n"
            + result.stderr.decode("utf-8", "replace")
        )
    # The same splitting as PySpark's pipe: lines end at b"\n" and keep anything else.
    out = result.stdout.decode("utf-8").split("\n")
    if out and out[-1] == "":
        out.pop()
    return out


def job_error_summary(message):
    """The lines that say why a job failed: Spark's reason and the Python error lines."""
    lines = message.strip().splitlines()
    picked = []
    for line in lines:
        line = line.strip().lstrip(": ")
        if "Job aborted" in line:
            line = line.split(": org.apache.spark.api.python.PythonException")[0]
        elif not re.match(r"^[\w.]+(Error|Exception)(: |$)", line) or "Traceback" in line:
            continue
        if line not in picked:
            picked.append(line)
    return "\n".join("  " + line for line in (picked or lines[:25])[:6])


def spark_run(binary, columns, records, log4j_path):
    os.environ["SPARK_LOCAL_IP"] = "127.0.0.1"
    # Workers run this venv's Python, whatever `python3` is on PATH.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable

    from pyspark.sql import SparkSession

    started = time.monotonic()
    spark = (
        SparkSession.builder.master(MASTER)
        .appName("fxparse-pipe-test")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .config("spark.driver.host", "127.0.0.1")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.extraJavaOptions", f"-Dlog4j2.configurationFile=file:{log4j_path}")
        .getOrCreate()
    )
    try:
        sc = spark.sparkContext
        sc.setLogLevel("ERROR")
        startup = time.monotonic() - started

        job_started = time.monotonic()
        rdd = sc.parallelize(records, PARTITIONS)
        partitions = rdd.getNumPartitions()
        if partitions < 4:
            fail(f"expected at least 4 partitions, got {partitions}")
        sizes = rdd.glom().map(len).collect()
        non_empty = sum(1 for size in sizes if size > 0)
        if non_empty < 4:
            fail(
                f"only {non_empty} non-empty partitions ({sizes}): the corpus is too small "
                "to test fxparse on several chunks"
            )

        # PySpark runs the command itself (shlex.split, no shell), one process per partition,
        # with an empty environment (no env= given), so the binary's path is absolute and the
        # comparison with the plain run also shows that fxparse needs no environment.
        # checkCode=True fails the task, and so the job, when fxparse exits non-zero.
        command = (
            f"{shlex.quote(binary)} parse --no-header --columns {shlex.quote(','.join(columns))} -"
        )
        try:
            collected = rdd.pipe(command, checkCode=True).collect()
        except Exception as e:  # Py4JJavaError: a long Java stack around a Python traceback.
            fail(f"Spark job failed for {command!r}:\n" + job_error_summary(str(e)))
        job = time.monotonic() - job_started
    finally:
        spark.stop()
    return collected, partitions, sizes, startup, job


def main():
    if len(sys.argv) != 3:
        print("usage: pipe_test.py FXPARSE_BINARY CORPUS_CSV", file=sys.stderr)
        sys.exit(2)
    binary = os.path.abspath(sys.argv[1])
    corpus = sys.argv[2]
    if not os.access(binary, os.X_OK):
        fail(f"{binary} is not an executable file")

    columns, records = read_corpus(corpus)
    expected = plain_run(binary, columns, records)
    if len(expected) != len(records):
        fail(f"plain run wrote {len(expected)} lines for {len(records)} records")

    with tempfile.TemporaryDirectory(prefix="fxparse-spark-log-") as tmp:
        log4j_path = os.path.join(tmp, "log4j2.properties")
        with open(log4j_path, "w") as f:
            f.write(LOG4J2_PROPERTIES)
        collected, partitions, sizes, startup, job = spark_run(binary, columns, records, log4j_path)

    for index, (want, got) in enumerate(zip(expected, collected)):
        if want != got:
            fail(
                f"line {index} (record {index + 1}, corpus line {index + 2}) differs:\n"
                f"  plain: {want!r}\n  spark: {got!r}"
            )
    if len(collected) != len(expected):
        extra = collected[len(expected):] or expected[len(collected):]
        fail(
            f"Spark wrote {len(collected)} lines, the plain run {len(expected)} "
            f"(first of the surplus: {extra[0]!r})"
        )
    if len(collected) != len(records):
        fail(f"Spark wrote {len(collected)} lines for {len(records)} records")

    print(
        f"spark pipe test: {len(records)} rows, {partitions} partitions "
        f"(rows per partition {sizes}) on {MASTER}: Spark output equals the plain run, "
        f"line for line; Spark start {startup:.1f} s, pipe job {job:.1f} s"
    )


if __name__ == "__main__":
    main()
