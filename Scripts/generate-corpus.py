#!/usr/bin/env python3
"""Generate a large, reproducible CSV corpus of typed money amounts.

The corpus is meant for throughput and memory measurements of ``fxparse parse``
(and of anything else that reads the same columns, such as a Spark job that
pipes the file line by line).

Usage:
    Scripts/generate-corpus.py [--rows N] [--seed S] [--output FILE]

    --rows N       number of data rows (default 1,000,000)
    --seed S       integer seed of the random generator (default 2026)
    --output FILE  file to write (default: standard output; "-" also means it)

Examples:
    Scripts/generate-corpus.py --output /tmp/corpus-1m.csv
    Scripts/generate-corpus.py --rows 10000000 --seed 7 > /tmp/corpus-10m.csv
    Scripts/generate-corpus.py --rows 10000 | .build/release/fxparse parse - | tail

Output:
    UTF-8 CSV (no byte-order mark), LF line ends, header ``id,input,locale,currency``.
    Fields are quoted as RFC 4180 describes (a field holding a comma, a double
    quote, or whitespace at either end is quoted; quotes inside are doubled).
    No field holds a CR or an LF, so every record is exactly one line.
    ``id`` is ``r`` followed by the row number, zero-padded to at least 7 digits
    (to the width of --rows when it has more): r0000001, r0000002, ...

What the rows are (shares are per row, drawn independently):
    ~35%  rows sampled with replacement from the repository's corpora
          TestData/*.csv (their input, locale and currency columns; rows whose
          input holds a line break, or that name no locale, are left out; the
          options column is not carried over, so every row is parsed in the
          default lenient mode);
    ~60%  synthesized amounts: log-uniform between 0.01 (or the smallest unit
          written, 1 for yen or a whole amount) and 10,000,000, written with
          the currency's fraction digits (JPY/KRW 0, KWD/BHD 3, others 2; for
          2-digit currencies sometimes as whole amounts or with 1 digit),
          in hand-written patterns for 23 locales, some negative, with the
          currency column holding the ISO code for about a tenth of them;
     ~5%  garbage: empty and blank text, letters, 12.34.56, $$5, punctuation,
          spreadsheet error tokens, very long digit strings, random letters of
          a few scripts and the like.

Reproducibility:
    The same --rows and --seed give byte-identical output on any machine with
    Python 3.11 or later and the same TestData/*.csv files. Only
    random.Random(seed).random() is used for randomness, amounts are computed
    in integers (the log-uniform table is computed with the decimal module, not
    the platform's libm), nothing depends on set order, hash seeds or the clock.
"""

from __future__ import annotations

import argparse
import csv
import os
import random
import sys
from decimal import Decimal, localcontext
from pathlib import Path

# ---------------------------------------------------------------------------
# Mix
# ---------------------------------------------------------------------------

SHARE_TESTDATA = 0.35
SHARE_SYNTHESIZED = 0.60
# The rest (~5%) is garbage.

NEGATIVE_SHARE = 0.04        # of synthesized amounts whose pattern has a negative form
HINT_SHARE = 0.10            # synthesized rows whose currency column holds the ISO code
WHOLE_SHARE = 0.10           # 2-digit currencies written without fraction ($25)
ONE_DIGIT_SHARE = 0.03       # 2-digit currencies written with one fraction digit (12.5)

AMOUNT_MAX_EXP = 7           # amounts below 10^7
AMOUNT_MIN_EXP = -2          # and from 10^-2 (or the smallest unit written, if larger)

CHUNK_ROWS = 16384           # rows per write

REPO = Path(__file__).resolve().parent.parent
TESTDATA = REPO / "TestData"

NBSP = "\u00a0"
NNBSP = "\u202f"
RLM = "\u200f"
ALM = "\u061c"

# ---------------------------------------------------------------------------
# CSV field quoting
# ---------------------------------------------------------------------------


def quote(s: str) -> str:
    """Quote a field as RFC 4180 does when it needs it."""
    if "," in s or '"' in s or (s and (s[0].isspace() or s[-1].isspace())):
        return '"' + s.replace('"', '""') + '"'
    return s


def has_line_break(s: str) -> bool:
    return "\n" in s or "\r" in s


# ---------------------------------------------------------------------------
# Source 1: the repository's corpora
# ---------------------------------------------------------------------------


def load_testdata(directory: Path) -> list[str]:
    """Return one pre-quoted ``,input,locale,currency\\n`` tail per usable row."""
    tails: list[str] = []
    files = sorted(directory.glob("*.csv"), key=lambda p: p.name)
    if not files:
        sys.exit(f"generate-corpus: no CSV files in {directory}")
    for path in files:
        with path.open(encoding="utf-8-sig", newline="") as handle:
            for row in csv.DictReader(handle):
                text = row.get("input")
                locale = row.get("locale") or ""
                currency = row.get("currency") or ""
                if text is None or not locale:
                    continue
                if has_line_break(text) or has_line_break(locale) or has_line_break(currency):
                    continue
                tails.append(f",{quote(text)},{quote(locale)},{quote(currency)}\n")
    if not tails:
        sys.exit(f"generate-corpus: no usable rows in {directory}/*.csv")
    return tails


# ---------------------------------------------------------------------------
# Source 2: synthesized amounts
# ---------------------------------------------------------------------------

# Mantissas 10^(k/N) scaled by 10^6, k = 0..N, computed with the decimal module
# so that the table is the same on every machine.
MANTISSA_STEPS = 4096
MANTISSA_SCALE = 10**6


def mantissa_table() -> list[int]:
    with localcontext() as ctx:
        ctx.prec = 30
        ten = Decimal(10)
        steps = Decimal(MANTISSA_STEPS)
        return [int(ten ** (Decimal(k) / steps) * MANTISSA_SCALE) for k in range(MANTISSA_STEPS + 1)]


def group3(units: int, sep: str) -> str:
    if units < 1000:
        return str(units)
    text = f"{units:,}"
    return text if sep == "," else text.replace(",", sep)


def group_indian(units: int) -> str:
    text = str(units)
    if len(text) <= 3:
        return text
    head, tail = text[:-3], text[-3:]
    parts = []
    while len(head) > 2:
        parts.append(head[-2:])
        head = head[:-2]
    parts.append(head)
    return ",".join(reversed(parts)) + "," + tail


def group_min2(units: int, sep: str) -> str:
    """Grouping with a minimum of two groups (es_ES, pl_PL: 1234 but 12.345)."""
    if units < 10000:
        return str(units)
    return group3(units, sep)


POW10 = [10**i for i in range(12)]


def number_formatter(style: str, group: str = ",", decimal: str = "."):
    """Return fmt(minor, digits) -> the number written without sign."""
    if style == "g3":
        grouper = lambda u: group3(u, group)  # noqa: E731
    elif style == "min2":
        grouper = lambda u: group_min2(u, group)  # noqa: E731
    elif style == "indian":
        grouper = group_indian
    elif style == "plain":
        grouper = str
    else:
        raise ValueError(style)

    def fmt(minor: int, digits: int) -> str:
        if digits == 0:
            return grouper(minor)
        units, frac = divmod(minor, POW10[digits])
        return f"{grouper(units)}{decimal}{frac:0{digits}d}"

    return fmt


ARABIC_INDIC = str.maketrans("0123456789,.", "٠١٢٣٤٥٦٧٨٩\u066c\u066b")


def arabic_formatter():
    latin = number_formatter("g3", ",", ".")

    def fmt(minor: int, digits: int) -> str:
        return latin(minor, digits).translate(ARABIC_INDIC)

    return fmt


# Locales: (weight, locale, ISO code, fraction digits, hint share, patterns)
# Pattern: (weight, number style, positive template, negative template or None)
# Number style: (kind, group separator, decimal separator); templates use %s.
US = ("g3", ",", ".")
US_PLAIN = ("plain", "", ".")
EU = ("g3", ".", ",")
EU_PLAIN = ("plain", "", ",")

LOCALES = [
    (180, "en_US", "USD", 2, HINT_SHARE, [
        (50, US, "$%s", "-$%s"),
        (8, US, "($%s)", None),          # accounting negative typed as such; see below
        (10, US, "USD %s", "-USD %s"),
        (8, US, "%s USD", "-%s USD"),
        (12, US_PLAIN, "%s", "-%s"),
        (6, US_PLAIN, "$%s", "-$%s"),
        (6, US, "%s", "(%s)"),
        (4, US, "US$%s", "-US$%s"),
    ]),
    (90, "de_DE", "EUR", 2, HINT_SHARE, [
        (50, EU, "%s\u00a0€", "-%s\u00a0€"),
        (20, EU, "%s €", "-%s €"),
        (10, EU_PLAIN, "%s €", "-%s €"),
        (8, EU, "%s EUR", "-%s EUR"),
        (8, EU, "%s", "-%s"),
        (4, EU, "€%s", "-€%s"),
    ]),
    (70, "fr_FR", "EUR", 2, HINT_SHARE, [
        (40, ("g3", NNBSP, ","), "%s\u00a0€", "-%s\u00a0€"),   # ICU's own output
        (30, ("g3", " ", ","), "%s €", "-%s €"),               # typed
        (8, ("g3", NBSP, ","), "%s\u00a0€", "-%s\u00a0€"),     # older software
        (8, ("plain", "", ","), "%s €", "-%s €"),
        (7, ("g3", " ", ","), "%s EUR", "-%s EUR"),
        (7, ("g3", NNBSP, ","), "%s", "-%s"),
    ]),
    (60, "en_GB", "GBP", 2, HINT_SHARE, [
        (60, US, "£%s", "-£%s"),
        (10, US, "GBP %s", "-GBP %s"),
        (10, US_PLAIN, "£%s", "-£%s"),
        (10, US, "%s", "-%s"),
        (5, US, "%s GBP", None),
    ]),
    (45, "de_CH", "CHF", 2, HINT_SHARE, [
        (35, ("g3", "’", "."), "CHF\u00a0%s", "CHF-%s"),      # ICU's own output
        (30, ("g3", "'", "."), "CHF %s", "CHF -%s"),          # typed
        (10, ("g3", "'", "."), "%s CHF", "-%s CHF"),
        (10, ("plain", "", "."), "CHF %s", "-CHF %s"),
        (8, ("g3", "'", "."), "%s", "-%s"),
        (7, ("g3", "’", "."), "Fr. %s", None),
    ]),
    (60, "ja_JP", "JPY", 0, HINT_SHARE, [
        (30, US, "¥%s", "-¥%s"),
        (25, US, "￥%s", "-￥%s"),                              # ICU's fullwidth yen
        (30, US, "%s円", "-%s円"),
        (8, US, "JPY %s", None),
        (7, US_PLAIN, "%s円", None),
    ]),
    (45, "en_IN", "INR", 2, HINT_SHARE, [
        (50, ("indian", ",", "."), "₹%s", "-₹%s"),
        (15, ("indian", ",", "."), "₹ %s", None),
        (12, ("indian", ",", "."), "Rs. %s", None),
        (10, ("indian", ",", "."), "INR %s", "-INR %s"),
        (8, ("indian", ",", "."), "%s", "-%s"),
        (5, ("plain", "", "."), "₹%s", None),
    ]),
    (35, "ru_RU", "RUB", 2, HINT_SHARE, [
        (45, ("g3", NBSP, ","), "%s\u00a0₽", "-%s\u00a0₽"),  # ICU's own output
        (25, ("g3", " ", ","), "%s ₽", "-%s ₽"),
        (15, ("g3", " ", ","), "%s руб.", "-%s руб."),
        (8, ("g3", " ", ","), "%s RUB", None),
        (7, ("plain", "", ","), "%s", "-%s"),
    ]),
    (45, "pt_BR", "BRL", 2, HINT_SHARE, [
        (50, EU, "R$\u00a0%s", "-R$\u00a0%s"),              # ICU's own output
        (30, EU, "R$ %s", "-R$ %s"),
        (10, EU, "R$%s", None),
        (10, EU, "%s", "-%s"),
    ]),
    (35, "es_MX", "MXN", 2, 0.35, [                         # currency hint MXN more often
        (60, US, "$%s", "-$%s"),
        (15, US, "$%s MXN", None),
        (10, US, "MX$%s", None),
        (15, US_PLAIN, "%s", "-%s"),
    ]),
    (30, "zh_CN", "CNY", 2, HINT_SHARE, [
        (50, US, "¥%s", "-¥%s"),
        (30, US, "%s元", "-%s元"),
        (10, US, "CN¥%s", None),
        (10, US_PLAIN, "%s", None),
    ]),
    (25, "ko_KR", "KRW", 0, HINT_SHARE, [
        (50, US, "₩%s", "-₩%s"),
        (40, US, "%s원", "-%s원"),
        (10, US, "KRW %s", None),
    ]),
    (25, "it_IT", "EUR", 2, HINT_SHARE, [
        (70, EU, "%s\u00a0€", "-%s\u00a0€"),
        (20, EU, "€ %s", "-€ %s"),
        (10, EU_PLAIN, "%s", "-%s"),
    ]),
    (25, "es_ES", "EUR", 2, HINT_SHARE, [
        (70, ("min2", ".", ","), "%s\u00a0€", "-%s\u00a0€"),  # ICU: 1234,56 € but 12.345,67 €
        (30, EU, "%s €", "-%s €"),
    ]),
    (18, "nl_NL", "EUR", 2, HINT_SHARE, [
        (70, EU, "€\u00a0%s", "€\u00a0-%s"),
        (30, EU, "€ %s", "€ -%s"),
    ]),
    (15, "pl_PL", "PLN", 2, HINT_SHARE, [
        (70, ("min2", NBSP, ","), "%s\u00a0zł", "-%s\u00a0zł"),
        (30, ("g3", " ", ","), "%s zł", "-%s zł"),
    ]),
    (15, "sv_SE", "SEK", 2, HINT_SHARE, [
        (70, ("g3", NBSP, ","), "%s\u00a0kr", "\u2212%s\u00a0kr"),  # ICU uses U+2212
        (30, ("g3", " ", ","), "%s kr", "-%s kr"),
    ]),
    (20, "en_CA", "CAD", 2, HINT_SHARE, [
        (70, US, "$%s", "-$%s"),
        (30, US, "CA$%s", None),
    ]),
    (20, "en_AU", "AUD", 2, HINT_SHARE, [
        (70, US, "$%s", "-$%s"),
        (30, US, "A$%s", None),
    ]),
    (10, "tr_TR", "TRY", 2, HINT_SHARE, [
        (100, EU, "₺%s", "-₺%s"),
    ]),
    (10, "zh_TW", "TWD", 2, HINT_SHARE, [
        (60, US, "$%s", "-$%s"),
        (40, US, "NT$%s", None),
    ]),
    (6, "ar_EG", "EGP", 2, HINT_SHARE, [
        (80, ("arabic", "", ""), RLM + "%s\u00a0ج.م." + RLM, ALM + "-" + RLM + "%s\u00a0ج.م." + RLM),
        (20, US, "EGP %s", None),
    ]),
    (5, "en_US", "KWD", 3, 0.3, [
        (60, US, "KWD %s", None),
        (40, US, "%s KWD", None),
    ]),
    (4, "ar_KW", "KWD", 3, 0.3, [
        (100, US, "د.ك.\u200f %s", None),
    ]),
    (4, "en_GB", "BHD", 3, 0.3, [
        (100, US, "BHD %s", None),
    ]),
]

# The accounting pattern ($1,234.56) is written only as a negative amount.
ACCOUNTING_ONLY = {("en_US", "($%s)")}


class Pattern:
    __slots__ = ("locale", "code", "digits", "hint", "fmt", "pos", "neg", "always_negative")

    def __init__(self, locale, code, digits, hint, fmt, pos, neg, always_negative):
        self.locale = locale
        self.code = code
        self.digits = digits
        self.hint = hint
        self.fmt = fmt
        self.pos = pos
        self.neg = neg
        self.always_negative = always_negative


def build_pattern_table(size: int = 20000) -> list[Pattern]:
    """A list in which each pattern appears in proportion to its weight."""
    entries: list[tuple[float, Pattern]] = []
    total_locale = sum(weight for weight, *_ in LOCALES)
    for weight, locale, code, digits, hint, patterns in LOCALES:
        total_pattern = sum(p[0] for p in patterns)
        for pweight, (kind, group, decimal), pos, neg in patterns:
            fmt = arabic_formatter() if kind == "arabic" else number_formatter(kind, group, decimal)
            always_negative = (locale, pos) in ACCOUNTING_ONLY
            for template in (pos, neg or "x"):
                # generate() quotes these rows only for commas and quotes.
                assert not template[0].isspace() and not template[-1].isspace(), template
            pattern = Pattern(quote(locale), code, digits, hint, fmt, pos, neg, always_negative)
            entries.append((weight / total_locale * pweight / total_pattern, pattern))
    table: list[Pattern] = []
    for share, pattern in entries:
        table.extend([pattern] * max(1, round(share * size)))
    return table


def make_draw_minor(rnd):
    mantissa = mantissa_table()
    steps = MANTISSA_STEPS
    scale = MANTISSA_SCALE
    half = scale // 2
    # per fraction digits: (lowest decade exponent, number of decades)
    decades = {}
    for digits in range(4):
        low = max(AMOUNT_MIN_EXP, -digits)
        decades[digits] = (low, AMOUNT_MAX_EXP - low)

    def draw_minor(digits: int) -> int:
        low, count = decades[digits]
        position = rnd() * count * steps
        index = int(position)
        decade, k = divmod(index, steps)
        lo = mantissa[k]
        m = lo + int((position - index) * (mantissa[k + 1] - lo))
        exponent = low + decade + digits           # >= 0
        return (m * POW10[exponent] + half) // scale

    return draw_minor


# ---------------------------------------------------------------------------
# Source 3: garbage
# ---------------------------------------------------------------------------

GARBAGE_LOCALES = ["en_US", "en_US", "en_US", "de_DE", "fr_FR", "en_GB", "de_CH", "ja_JP",
                   "en_IN", "ru_RU", "pt_BR", "es_MX", "zh_CN", "ko_KR", "ar_EG"]
GARBAGE_CODES = ["USD", "EUR", "GBP", "CHF", "JPY", "XYZ", "usd", "EURO"]

ASCII_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
SYMBOLS = ["$", "€", "£", "¥", "₹", "₽", "₩", "CHF", "R$"]
TOKENS = ["#N/A", "#VALUE!", "#REF!", "#DIV/0!", "#NAME?", "NULL", "null", "N/A", "n/a", "NaN",
          "None", "-", "--", "—", "?", "TBD", "free", "Free", "gratis", "on request",
          "see note", "call", "varies", "incl.", "true", "FALSE", "0x1F", "1e6", "Infinity"]
# Letter ranges of a few scripts (no separators or line breaks in any of them).
SCRIPTS = [
    (0x0430, 0x044F),   # Cyrillic
    (0x03B1, 0x03C9),   # Greek
    (0x05D0, 0x05EA),   # Hebrew
    (0x0627, 0x064A),   # Arabic
    (0x0905, 0x0939),   # Devanagari
    (0x0E01, 0x0E2E),   # Thai
    (0x3041, 0x3096),   # Hiragana
    (0x4E00, 0x9FA5),   # CJK ideographs
    (0xAC00, 0xD7A3),   # Hangul syllables
    (0x1F600, 0x1F64F), # emoji
]


def make_garbage(rnd):
    def pick(seq):
        return seq[int(rnd() * len(seq))]

    def digits(n):
        return "".join("0123456789"[int(rnd() * 10)] for _ in range(n))

    def empty():
        return ""

    def blank():
        return pick([" ", "   ", "\t", NBSP, " " * (1 + int(rnd() * 8))])

    def letters():
        return "".join(pick(ASCII_LETTERS) for _ in range(1 + int(rnd() * 12)))

    def dotted():
        return ".".join(digits(1 + int(rnd() * 3)) for _ in range(3 + int(rnd() * 2)))

    def doubled():
        symbol = pick(SYMBOLS)
        amount = digits(1 + int(rnd() * 4))
        return symbol + symbol + amount if rnd() < 0.6 else amount + " " + symbol + symbol

    def punctuation():
        return "".join(pick(PUNCTUATION) for _ in range(1 + int(rnd() * 10)))

    def long_digits():
        n = 1000 + int(rnd() * 300) if rnd() < 0.05 else 39 + int(rnd() * 200)
        text = digits(n)
        return text if rnd() < 0.5 else "$" + text

    def script():
        lo, hi = pick(SCRIPTS)
        return "".join(chr(lo + int(rnd() * (hi - lo + 1))) for _ in range(1 + int(rnd() * 12)))

    def token():
        return pick(TOKENS)

    def mixed():
        n = digits(1 + int(rnd() * 4))
        word = "".join(pick(ASCII_LETTERS) for _ in range(1 + int(rnd() * 5)))
        return pick([n + word, word + n, "$" + n + word, n + "." + word, n[:1] + "O" + n[1:]])

    def other():
        a = digits(1 + int(rnd() * 3))
        b = digits(1 + int(rnd() * 3))
        return pick([f"${a}-${b}", f"{a}.{b}%", f"2024-{a}-{b}", f"{a}/{b}", f"+-{a}",
                     f"${a} €{b}", f"{a},,{b}", f"{a} {b} {a}", f"USD EUR {a}"])

    kinds = [empty, empty, blank, letters, dotted, doubled, punctuation, long_digits,
             script, script, token, token, token, mixed, mixed, other]

    def garbage():
        text = pick(kinds)()
        locale = pick(GARBAGE_LOCALES)
        currency = pick(GARBAGE_CODES) if rnd() < 0.05 else ""
        return f",{quote(text)},{locale},{currency}\n"

    return garbage


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------


def generate(rows: int, seed: int, out) -> None:
    rng = random.Random(seed)
    rnd = rng.random

    testdata = load_testdata(TESTDATA)
    n_testdata = len(testdata)
    patterns = build_pattern_table()
    n_patterns = len(patterns)
    draw_minor = make_draw_minor(rnd)
    garbage = make_garbage(rnd)

    width = max(7, len(str(rows)))
    id_format = f"r%0{width}d"
    t_testdata = SHARE_TESTDATA
    t_synth = SHARE_TESTDATA + SHARE_SYNTHESIZED
    t_whole = WHOLE_SHARE
    t_one = WHOLE_SHARE + ONE_DIGIT_SHARE

    out.write(b"id,input,locale,currency\n")
    chunk: list[str] = []
    append = chunk.append
    for i in range(1, rows + 1):
        row_id = id_format % i
        r = rnd()
        if r < t_testdata:
            append(row_id + testdata[int(rnd() * n_testdata)])
        elif r < t_synth:
            p = patterns[int(rnd() * n_patterns)]
            digits = p.digits
            if digits == 2:
                d = rnd()
                if d < t_whole:
                    digits = 0
                elif d < t_one:
                    digits = 1
            number = p.fmt(draw_minor(digits), digits)
            if p.always_negative:
                text = p.pos % number
            elif p.neg is not None and rnd() < NEGATIVE_SHARE:
                text = p.neg % number
            else:
                text = p.pos % number
            if "," in text or '"' in text:
                text = '"' + text.replace('"', '""') + '"'
            currency = p.code if rnd() < p.hint else ""
            append(f"{row_id},{text},{p.locale},{currency}\n")
        else:
            append(row_id + garbage())
        if len(chunk) >= CHUNK_ROWS:
            out.write("".join(chunk).encode("utf-8"))
            chunk.clear()
    if chunk:
        out.write("".join(chunk).encode("utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Generate a reproducible CSV corpus of typed money amounts "
                    "(id,input,locale,currency) for fxparse parse.")
    parser.add_argument("--rows", type=int, default=1_000_000, help="data rows (default 1000000)")
    parser.add_argument("--seed", type=int, default=2026, help="random seed (default 2026)")
    parser.add_argument("--output", default="-", help="output file (default: standard output)")
    args = parser.parse_args(argv)
    if args.rows < 0:
        parser.error("--rows must not be negative")

    if args.output == "-":
        out = sys.stdout.buffer
        try:
            generate(args.rows, args.seed, out)
            out.flush()
        except BrokenPipeError:
            # The reader stopped early (| head): end quietly, as other tools do.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return 1
        return 0
    with open(args.output, "wb", buffering=1 << 20) as out:
        generate(args.rows, args.seed, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
