/*
 * ICU's own parse of its spell-out rules (RBNF), the method Docs/ParsingRules.md §8 did not
 * choose, measured on the round-trip test's values: for each language of
 * Docs/NumberWordsRoundTrip.md, 0 to 1,000 and 2,000 seeded values up to 10^12 (SplitMix64,
 * seed 22, the same distribution as NumberWordsRoundTripTests), spelled with the same rule set
 * and parsed back with unum_parseInt64. Prints the languages ICU does not read back whole, the
 * share read back and the time per parse.
 *
 *   cc -O2 Benchmarks/rbnf-parse/rbnf-parse.c -o .build/rbnf-parse $(pkg-config --cflags --libs icu-i18n)
 *   awk -F'|' 'NR>6 && NF>3 {gsub(/ /,"",$2); print $2}' Docs/NumberWordsRoundTrip.md | .build/rbnf-parse
 */
#include <unicode/unum.h>
#include <unicode/ustring.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static unsigned long long s = 22;
static unsigned long long next(void) { unsigned long long z = (s += 0x9E3779B97F4A7C15ULL); z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL; z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL; return z ^ (z >> 31); }
int main(void) {
  char lang[64]; long total = 0, ok = 0; double ns = 0;
  FILE *f = stdin;
  while (fscanf(f, "%63s", lang) == 1) {
    UErrorCode e = U_ZERO_ERROR;
    UNumberFormat *fmt = unum_open(UNUM_SPELLOUT, NULL, 0, lang, NULL, &e);
    UChar rs[8192]; char names[16384];
    int32_t n = unum_getTextAttribute(fmt, UNUM_PUBLIC_RULESETS, rs, 8192, &e);
    u_strToUTF8(names, 16384, NULL, rs, n, &e);
    char chosen[128] = "";
    char *tok = strtok(names, ";");
    char first_card[128] = "", numbering[128] = "";
    while (tok) { if (!strcmp(tok, "%spellout-cardinal")) strcpy(chosen, tok);
      else if (!first_card[0] && !strncmp(tok, "%spellout-cardinal", 18)) strcpy(first_card, tok);
      else if (!strcmp(tok, "%spellout-numbering")) strcpy(numbering, tok); tok = strtok(NULL, ";"); }
    if (!chosen[0]) strcpy(chosen, first_card[0] ? first_card : numbering);
    UChar r[128]; u_uastrcpy(r, chosen); unum_setTextAttribute(fmt, UNUM_DEFAULT_RULESET, r, -1, &e);
    long lt = 0, lo = 0; s = 22;
    for (int i = 0; i < 3001; i++) {
      long long v;
      if (i <= 1000) v = i; else { int d = next() % 12 + 1; long long lim = 1; for (int k = 0; k < d; k++) lim *= 10; v = next() % lim + (d == 12); }
      UChar buf[1000]; UErrorCode e2 = U_ZERO_ERROR; int32_t len = unum_formatInt64(fmt, v, buf, 1000, NULL, &e2);
      struct timespec a, b; clock_gettime(CLOCK_MONOTONIC, &a);
      int32_t pos = 0; UErrorCode e3 = U_ZERO_ERROR; long long got = unum_parseInt64(fmt, buf, len, &pos, &e3);
      clock_gettime(CLOCK_MONOTONIC, &b); ns += (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
      lt++; if (U_SUCCESS(e3) && got == v && pos == len) lo++;
    }
    total += lt; ok += lo;
    if (lo < lt) printf("%s %s %ld/%ld\n", lang, chosen, lo, lt);
    unum_close(fmt);
  }
  printf("ICU parse: %ld of %ld (%.3f%%), %.1f us per parse\n", ok, total, 100.0 * ok / total, ns / total / 1000);
  return 0;
}
