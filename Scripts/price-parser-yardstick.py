#!/usr/bin/env python3
"""Runs MoneyKit's extraction on price-parser's own test examples (Docs/Extraction.md).

    python3 Scripts/price-parser-yardstick.py [--fxparse PATH] [--locale en_US] [--tests FILE]

price-parser (scrapinghub, pip install price-parser) is tested on price fields scraped from
product pages, each with an optional currency hint text and the amount expected. Its test
file ships in its source distribution: without --tests, this script downloads it from PyPI
(`pip download --no-binary :all: price-parser==0.5.1`). Each example becomes one line of
text, the hint and the price joined by a space, read by `fxparse extract` in one locale
(price-parser knows none); MoneyKit's main price is scored on its amount against the
expected one (currencies are compared nowhere: price-parser's is the text as written), and
an example with no expected amount is right when nothing is found. price-parser itself runs
on the same examples as its tests call it, with the hint and decimal separator they give.
These are price-parser's development examples: a yardstick on its home ground.
"""
import argparse, csv, glob, os, subprocess, sys, tarfile, tempfile, types
from decimal import Decimal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def examples(test_file):
    """The Example lists of price-parser's test module, with pytest stubbed out."""
    stub = types.ModuleType("pytest")
    class Mark:
        def __getattr__(self, name):
            return lambda *args, **kwargs: (lambda f: f) if not (args and callable(args[0])) else args[0]
    stub.mark = Mark()
    stub.param = lambda value, marks=None: value
    sys.modules["pytest"] = stub
    namespace = {"__name__": "price_parser_tests"}
    with open(test_file, encoding="utf-8") as f:
        exec(compile(f.read(), test_file, "exec"), namespace)
    lists = [name for name in namespace if name.startswith("PRICE_PARSING_EXAMPLES")]
    out = []
    for name in sorted(lists):
        for example in namespace[name]:
            out.append((name, example))
    return out

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fxparse", default=os.path.join(ROOT, ".build/release/fxparse"))
    ap.add_argument("--locale", default="en_US")
    ap.add_argument("--tests")
    args = ap.parse_args()
    test_file = args.tests
    if not test_file:
        work = tempfile.mkdtemp()
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", ":all:", "--no-deps",
                        "-d", work, "price-parser==0.5.1"], check=True)
        archive = glob.glob(os.path.join(work, "price_parser-*.tar.gz"))[0]
        with tarfile.open(archive) as tar:
            tar.extractall(work)
        test_file = glob.glob(os.path.join(work, "price_parser-*", "tests", "test_price_parsing.py"))[0]
    from price_parser import Price
    cases = examples(test_file)
    texts = [" ".join(part for part in [e.currency_raw, e.price_raw] if part).replace("\n", " ").replace("\r", " ")
             for _, e in cases]
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
        f.write("\n".join(texts) + "\n")
        name = f.name
    out = subprocess.run([args.fxparse, "extract", "--locale", args.locale, name], capture_output=True, text=True, check=True).stdout
    os.unlink(name)
    main_amount = {}
    for rec in csv.DictReader(out.splitlines()):
        if rec["rank"] == "1" and int(rec["line"]) not in main_amount:
            main_amount[int(rec["line"])] = Decimal(rec["amount"])
    mk_ok = pp_ok = 0
    by_list = {}
    for index, (list_name, example) in enumerate(cases, start=1):
        want = example.amount
        got = main_amount.get(index)
        mk = (got is None and want is None) or (got is not None and want is not None and got == want)
        parsed = Price.fromstring(example.price_raw, example.currency_raw, example.decimal_separator)
        pp = parsed.amount == want
        mk_ok += mk
        pp_ok += pp
        stats = by_list.setdefault(list_name, [0, 0, 0])
        stats[0] += 1
        stats[1] += mk
        stats[2] += pp
    n = len(cases)
    print(f"price-parser's test examples: {n}, MoneyKit in {args.locale}")
    print(f"amount right: MoneyKit {mk_ok}/{n} = {100 * mk_ok / n:.1f}%, price-parser {pp_ok}/{n} = {100 * pp_ok / n:.1f}%")
    for list_name, (count, mk, pp) in sorted(by_list.items()):
        print(f"  {list_name}: {count} examples, MoneyKit {mk}, price-parser {pp}")

if __name__ == "__main__":
    sys.exit(main())
