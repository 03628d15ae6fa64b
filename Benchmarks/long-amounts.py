#!/usr/bin/env python3
"""Writes 600 ungrouped long amounts (8 to 20 digits, as IDR, VND, KRW or JPY exports and
ledger totals write them) as a TestData-format CSV, the same rows on every run (seed 7):

    python3 Benchmarks/long-amounts.py OUT.csv
    Benchmarks/phase-costs.sh 3 OUT.csv        # instructions per parse on them

The rows measured in BENCHMARKS.md, "Digits eight bytes at a time". Expected values are the
digits themselves: `fxparse check OUT.csv` passes them all.
"""
import random
import sys

random.seed(7)
rows = ["id,category,input,locale,currency,options,expect,amount,code,error,offset,note"]
# (locale, how the locale's users write the marker, ISO code, minor digits)
forms = [("id_ID", "Rp{}", "IDR", 0), ("vi_VN", "{} ₫", "VND", 0), ("ko_KR", "₩{}", "KRW", 0),
         ("en_US", "${}", "USD", 2), ("de_DE", "{} €", "EUR", 2), ("ja_JP", "¥{}", "JPY", 0),
         ("en_IN", "₹{}", "INR", 2)]
for i in range(600):
    locale, form, code, minor = random.choice(forms)
    digits = random.randint(8, 20)
    number = str(random.randint(1, 9)) + "".join(random.choice("0123456789") for _ in range(digits - 1))
    if random.random() < 0.5:
        number = number[:-3] + "000"
    if minor and random.random() < 0.5:
        fraction = "".join(random.choice("0123456789") for _ in range(minor))
        separator = "," if locale == "de_DE" else "."
        text, amount = number + separator + fraction, number + "." + fraction
    else:
        text, amount = number, number
    rows.append(f"long-{i:04d},long,\"{form.format(text)}\",{locale},,,ok,{amount},{code},,,generated ungrouped long amount")
with open(sys.argv[1], "w", encoding="utf-8") as out:
    out.write("\n".join(rows) + "\n")
