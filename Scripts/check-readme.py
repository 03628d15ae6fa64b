#!/usr/bin/env python3
"""The README's Swift examples, compiled and run as a user would: each block on its own, in
a fresh client package that depends on this checkout, its output compared with the block
the README shows after it. And what must not compile: a floating-point amount.

The API documentation's articles (the DocC catalogs) are checked the same way: each ```swift
block compiled on its own and run (a block without imports gets Foundation and MoneyKit's),
and every line of the form `expression   // "text"` or `expression   // ["a", "b"]` checked:
when the expression is a String (or an array of strings) it must be that text; and
`expression   // 1234.56 EUR`: when it is a Money, that must be its description. Other
comments are prose and not checked.

    python3 Scripts/check-readme.py [--client DIR]

Blocks that import UIKit or SwiftUI are documentation only (those frameworks do not exist
on Linux) and are skipped, as is the manifest excerpt. Every other ```swift block must be a
whole program: its imports included, no file of the repository read at run time (each
example runs from an empty directory). The client is built in debug mode; its clean build
time and the packages it resolved are printed, since a library user pays for both.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# SwiftPM names a path dependency by its directory (the checkout's name, whatever it is).
IDENTITY = os.path.basename(ROOT).lower()

# What must not compile, and the words the compiler must say about it.
MUST_NOT_COMPILE = [
    ("FloatLiteral", 'import MoneyKit\nlet price = Money(19.99, "USD")\nprint(price)\n',
     'try Money("19.99", "USD")'),
    ("DoubleValue", 'import MoneyKit\nlet amount = 19.99\nprint(Money(amount, "USD"))\n',
     "a floating-point amount is inexact"),
]


def examples(readme):
    """(line, code, expected output or None) for each runnable ```swift block."""
    lines = readme.split("\n")
    blocks = []
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```swift":
            start = index + 1
            end = lines.index("```", start)
            code = "\n".join(lines[start:end]) + "\n"
            index = end + 1
            if re.search(r"^import (UIKit|SwiftUI)", code, re.M) or ".package(" in code:
                continue
            expected = None
            # "prints ...:" then a plain ``` block: the output.
            probe = index
            while probe < len(lines) and lines[probe].strip() == "":
                probe += 1
            if probe < len(lines) and lines[probe].startswith("prints"):
                while lines[probe].strip() != "```":
                    probe += 1
                close = lines.index("```", probe + 1)
                expected = "\n".join(lines[probe + 1:close]) + "\n"
            blocks.append((start, code, expected))
        else:
            index += 1
    return blocks


CATALOGS = ["Sources/MoneyKit/MoneyKit.docc", "Sources/MoneyKitExchange/MoneyKitExchange.docc"]

# Compared only when the expression is text: any other value (a Bool an edit returns, a Money)
# picks the generic overload, which checks nothing.
SHOWS = """import Foundation
import MoneyKit

func shows(_ value: String, _ expected: String, _ line: Int) {
    guard value != expected else { return }
    print("line \\(line): \\(String(reflecting: value)), but the article shows \\(String(reflecting: expected))")
    exit(1)
}

func shows(_ value: [String], _ expected: String, _ line: Int) {
    shows(String(describing: value), expected, line)
}

func shows<Value>(_ value: Value, _ expected: String, _ line: Int) {}

func shows(_ value: Money, money expected: String, _ line: Int) {
    shows(value.description, expected, line)
}

func shows<Value>(_ value: Value, money expected: String, _ line: Int) {}
"""

SHOWN = re.compile(r'^(\s*)(\S.*?)\s{2,}// ("[^"]*"|\[.*\])\s*$')
SHOWN_ALONE = re.compile(r'^\s*// ("[^"]*")\s*$')
# `expression   // 1234.56 EUR` (and prose after it): a Money, by its description.
SHOWN_MONEY = re.compile(r'^(\s*)(\S.*?)\s{2,}// (-?[0-9][0-9.]* [A-Z]{3})\b(?!\.[0-9]).*$')


def article_checks(code, first_line):
    """The block with each `expression   // "text"` line turned into a check of the text."""
    lines = code.split("\n")
    out = []
    for index, line in enumerate(lines):
        number = first_line + index
        match = SHOWN.match(line)
        alone = SHOWN_ALONE.match(line)
        money = SHOWN_MONEY.match(line)
        if money and not re.match(r"(let|var|_ =|func|import)\b", money.group(2)):
            indent, expression, shown = money.groups()
            out.append(f'{indent}shows({expression}, money: "{shown}", {number})')
        elif match and not re.match(r"(let|var|_ =|func|import)\b", match.group(2)):
            indent, expression, shown = match.groups()
            literal = shown if shown.startswith('"') else "#\"" + shown + "\"#"
            out.append(f"{indent}shows({expression}, {literal}, {number})")
        elif alone and out and "//" not in out[-1] and out[-1].strip() and not re.match(r"\s*(let|var)\b", out[-1]):
            # The text on its own line, under the expression it belongs to.
            expression = out[-1].strip()
            indent = out[-1][:len(out[-1]) - len(out[-1].lstrip())]
            out[-1] = f"{indent}shows({expression}, {alone.group(1)}, {number})"
        else:
            out.append(line)
    code = "\n".join(out)
    if not re.search(r"^import ", code, re.M):
        code = "import Foundation\nimport MoneyKit\n\n" + code
    return code


def article_examples():
    """(label, code, None) for each ```swift block of the DocC articles."""
    blocks = []
    for catalog in CATALOGS:
        for name in sorted(os.listdir(os.path.join(ROOT, catalog))):
            if not name.endswith(".md"):
                continue
            path = os.path.join(catalog, name)
            with open(os.path.join(ROOT, path), encoding="utf-8") as file:
                lines = file.read().split("\n")
            index = 0
            while index < len(lines):
                if lines[index].strip() == "```swift":
                    end = lines.index("```", index + 1)
                    code = "\n".join(lines[index + 1:end]) + "\n"
                    blocks.append((f"{path}:{index + 2}", article_checks(code, index + 2), None))
                    index = end
                index += 1
    return blocks


def manifest(targets):
    names = ", ".join(f'"{name}"' for name in targets)
    target_lines = "\n".join(
        f'        .executableTarget(name: "{name}", dependencies: [\n'
        f'            .product(name: "MoneyKit", package: "{IDENTITY}"),\n'
        f'            .product(name: "MoneyKitExchange", package: "{IDENTITY}"),\n'
        f'        ]),' for name in targets)
    return f"""// swift-tools-version: 6.1
// Generated by Scripts/check-readme.py: the README's examples as a client would build them.
import PackageDescription

let package = Package(
    name: "ReadmeClient",
    dependencies: [.package(path: {json.dumps(ROOT)})],
    targets: [
{target_lines}
    ]
)
"""


def run(command, cwd, **options):
    return subprocess.run(command, cwd=cwd, text=True, capture_output=True, **options)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--client", default=os.path.join(ROOT, ".build", "readme-client"))
    client = parser.parse_args().client
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as file:
        blocks = [(f"README.md:{line}", code, expected) for line, code, expected in examples(file.read())]
    if not blocks:
        sys.exit("check-readme: no ```swift examples found in README.md")
    articles = article_examples()
    if not articles:
        sys.exit("check-readme: no ```swift examples found in the DocC articles")
    blocks += articles

    shutil.rmtree(client, ignore_errors=True)
    targets = [f"Example{index}" for index in range(len(blocks))] + [name for name, _, _ in MUST_NOT_COMPILE]
    for (label, code, _), name in zip(blocks, targets):
        os.makedirs(os.path.join(client, "Sources", name))
        with open(os.path.join(client, "Sources", name, "main.swift"), "w", encoding="utf-8") as file:
            file.write(code)
        if "shows(" in code:
            with open(os.path.join(client, "Sources", name, "Shows.swift"), "w", encoding="utf-8") as file:
                file.write(SHOWS)
    for name, code, _ in MUST_NOT_COMPILE:
        os.makedirs(os.path.join(client, "Sources", name))
        with open(os.path.join(client, "Sources", name, "main.swift"), "w", encoding="utf-8") as file:
            file.write(code)
    with open(os.path.join(client, "Package.swift"), "w", encoding="utf-8") as file:
        file.write(manifest(targets))

    failures = []
    started = time.monotonic()
    for (label, _, _), name in zip(blocks, targets):
        built = run(["swift", "build", "--product", name], client)
        if built.returncode != 0:
            failures.append(f"{label}: the example does not compile on its own:\n{built.stdout}{built.stderr}")
    print(f"check-readme: client built in {time.monotonic() - started:.0f} s (clean, debug)")
    resolved = run(["swift", "package", "show-dependencies", "--format", "flatlist"], client)
    print("check-readme: the client resolved: " + " ".join(resolved.stdout.split()))

    binaries = run(["swift", "build", "--show-bin-path"], client).stdout.strip()
    with tempfile.TemporaryDirectory() as empty:
        for (label, code, expected), name in zip(blocks, targets):
            if any(failure.startswith(f"{label}:") for failure in failures):
                continue
            ran = run([os.path.join(binaries, name)], empty)
            if ran.returncode != 0:
                failures.append(f"{label}: the example exited {ran.returncode}:\n{ran.stdout}{ran.stderr}")
            elif expected is not None and ran.stdout != expected:
                failures.append(f"{label}: the example printed\n{ran.stdout}but the README shows\n{expected}")
            elif label.startswith("README.md"):
                print(f"check-readme: {label}: compiled on its own, ran, "
                      + ("printed what the README shows" if expected is not None else "no output shown"))
            else:
                print(f"check-readme: {label}: compiled on its own, ran, the results it shows checked "
                      + f"({code.count('shows(')} lines of the form `expression   // result`)")

    for name, _, words in MUST_NOT_COMPILE:
        built = run(["swift", "build", "--target", name], client)
        output = built.stdout + built.stderr
        if built.returncode == 0:
            failures.append(f"{name}: compiled, but must not")
        elif words not in output:
            failures.append(f"{name}: does not compile, but the compiler does not say {words!r}:\n{output}")
        else:
            print(f"check-readme: {name}: does not compile, and the compiler says {words!r}")

    if failures:
        print("\n\n".join(failures), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
