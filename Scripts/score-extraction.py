#!/usr/bin/env python3
"""Scores money extraction on TestData/extraction/extract.csv (Docs/Extraction.md).

    python3 Scripts/score-extraction.py [--fxparse PATH] [--price-parser] [--show-wrong]

For MoneyKit (`fxparse extract`, one run per locale) and, with --price-parser, for
scrapinghub's price-parser (pip install price-parser) on the same lines:
- main price: the share of lines whose main price (rank 1, or price-parser's one price and
  its currency as it guesses it) is exactly the expected one, lines without money included
  (expected: nothing found);
- all amounts: recall (expected amounts found, in order-free multiset terms) and precision.
price-parser returns one amount per text and a currency string as written; it is scored on
the main price only, its currency mapped from the symbol or code it returns when the
expected currency's symbol or code is what it returned.
"""
import argparse, collections, csv, os, subprocess, sys, tempfile
from decimal import Decimal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def norm(entry):
    """`12.50 EUR` -> `12.5 EUR`; ranges `10..20 EUR` kept as such."""
    value, code = entry.rsplit(" ", 1)
    parts = [format(Decimal(p).normalize(), "f") for p in value.split("..")]
    return "..".join(parts) + " " + code

def load(path):
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(f))

def moneykit(rows, fxparse):
    by_locale = collections.defaultdict(list)
    for row in rows:
        by_locale[row["locale"]].append(row)
    found = {}
    for locale, group in by_locale.items():
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", suffix=".txt", delete=False) as f:
            for row in group:
                f.write(row["text"].replace("\n", " ") + "\n")
            name = f.name
        out = subprocess.run([fxparse, "extract", "--locale", locale, name], capture_output=True, text=True, check=True).stdout
        os.unlink(name)
        matches = collections.defaultdict(list)  # line -> [(rank, match, start, [amounts], code)]
        for rec in csv.DictReader(out.splitlines()):
            line = int(rec["line"])
            key = (int(rec["start"]), int(rec["end"]))
            items = matches[line]
            if items and items[-1][0] == key:
                items[-1][2].append(rec["amount"])
            else:
                items.append([key, int(rec["rank"]), [rec["amount"]], rec["code"]])
        for index, row in enumerate(group, start=1):
            entries = [("..".join(format(Decimal(a).normalize(), "f") for a in amounts) + " " + code, rank)
                       for _, rank, amounts, code in matches.get(index, [])]
            found[row["id"]] = entries
    return found

SYMBOLS = {"$": None, "€": "EUR", "£": "GBP", "¥": None, "₽": "RUB", "₩": "KRW", "₺": "TRY", "₹": "INR", "zł": "PLN",
           "R$": "BRL", "kr": None, "Fr.": "CHF", "円": "JPY", "元": "CNY", "원": "KRW"}

def price_parser(rows):
    from price_parser import Price
    out = {}
    for row in rows:
        price = Price.fromstring(row["text"])
        if price.amount is None:
            out[row["id"]] = None
            continue
        cur = (price.currency or "").strip()
        code = cur.upper() if len(cur) == 3 and cur.isalpha() and cur.isascii() else SYMBOLS.get(cur)
        if code is None:
            expected = row["price"].rsplit(" ", 1)[-1] if row["price"] else None
            code = expected if cur else None  # an ambiguous symbol is given the expected currency's benefit
        out[row["id"]] = (format(price.amount.normalize(), "f"), code)
    return out

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fxparse", default=os.path.join(ROOT, ".build/release/fxparse"))
    ap.add_argument("--corpus", default=os.path.join(ROOT, "TestData/extraction/extract.csv"))
    ap.add_argument("--price-parser", action="store_true")
    ap.add_argument("--show-wrong", action="store_true")
    args = ap.parse_args()
    rows = load(args.corpus)
    mk = moneykit(rows, args.fxparse)
    main_ok = 0
    expected_total = found_total = hit_total = 0
    wrong = []
    for row in rows:
        expected = [norm(e) for e in row["amounts"].split(";")] if row["amounts"] else []
        got = mk[row["id"]]
        main = next((e for e, rank in got if rank == 1), None)
        want = norm(row["price"]) if row["price"] else None
        if main == want:
            main_ok += 1
        else:
            wrong.append((row, main, [e for e, _ in got]))
        left = collections.Counter(e for e, _ in got)
        for e in expected:
            if left[e] > 0:
                left[e] -= 1
                hit_total += 1
        expected_total += len(expected)
        found_total += len(got)
    n = len(rows)
    print(f"lines: {n}")
    print(f"MoneyKit main price: {main_ok}/{n} = {100 * main_ok / n:.1f}%")
    print(f"MoneyKit all amounts: recall {hit_total}/{expected_total} = {100 * hit_total / expected_total:.1f}%, "
          f"precision {hit_total}/{found_total} = {100 * hit_total / max(found_total, 1):.1f}%")
    if args.price_parser:
        pp = price_parser(rows)
        ok = 0
        pp_right_mk_wrong = mk_right_pp_wrong = 0
        for row in rows:
            want = norm(row["price"]) if row["price"] else None
            got = pp[row["id"]]
            text = f"{got[0]} {got[1]}" if got and got[1] else (f"{got[0]} ???" if got else None)
            pp_ok = text == want
            ok += pp_ok
            mk_main = next((e for e, rank in mk[row["id"]] if rank == 1), None)
            if pp_ok and mk_main != want:
                pp_right_mk_wrong += 1
            if not pp_ok and mk_main == want:
                mk_right_pp_wrong += 1
        print(f"price-parser main price: {ok}/{n} = {100 * ok / n:.1f}%")
        import time
        from price_parser import Price
        texts = [row["text"] for row in rows]
        best = None
        for _ in range(5):
            start = time.perf_counter()
            for _ in range(10):
                for text in texts:
                    Price.fromstring(text)
            elapsed = (time.perf_counter() - start) / 10
            best = elapsed if best is None else min(best, elapsed)
        print(f"price-parser speed: {n / best:,.0f} lines/s (best of 5; parsebench --extract times MoneyKit on the same lines)")
        print(f"MoneyKit right where price-parser is wrong: {mk_right_pp_wrong}; price-parser right where MoneyKit is wrong: {pp_right_mk_wrong}")
    if args.show_wrong:
        for row, main, got in wrong:
            print(f"{row['id']} {row['locale']} {row['text']!r}\n    want {row['price'] or '-'} | {row['amounts']}\n    got  {main or '-'} | {';'.join(got)}")

if __name__ == "__main__":
    sys.exit(main())
