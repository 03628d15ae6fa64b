// CMoneyKitICU: the only code in MoneyKit that sees ICU headers.
//
// Every function is prefixed `mkicu_` and uses stdint types only: locale identifiers and
// ISO codes are NUL-terminated ASCII `char` strings, text is UTF-16 in `uint16_t` buffers,
// and `*status` receives ICU's error code as an `int32_t` (0 = success, > 0 = failure,
// < 0 = a warning such as "fell back to a default"). Functions that write text return the
// full length of the result; when it is larger than `capacity`, the buffer is left
// unterminated and `*status` is set to MKICU_BUFFER_OVERFLOW so the caller can retry.
#ifndef CMONEYKIT_ICU_H
#define CMONEYKIT_ICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// ICU's U_BUFFER_OVERFLOW_ERROR, restated so Swift can test for it.
#define MKICU_BUFFER_OVERFLOW 15

// MARK: Locales

/// Number of locales ICU lists as available for formatting (`uloc_countAvailable`).
int32_t mkicu_available_locale_count(void);
/// ICU's version (`72.1`) into `buffer`; returns its length.
int32_t mkicu_version(char *buffer, int32_t capacity);
/// Writes the identifier of available locale `index` into `buffer`; returns its length.
int32_t mkicu_available_locale(int32_t index, char *buffer, int32_t capacity);
/// Canonical ICU identifier for an identifier or BCP 47 tag (`de-DE` -> `de_DE`).
int32_t mkicu_canonical_locale(const char *identifier, char *buffer, int32_t capacity, int32_t *status);
/// The identifier with CLDR's aliases replaced (ICU's `Locale::canonicalize`: `en_UK` ->
/// `en_GB`, `ger_DE` -> `de_DE`, `iw_IL` -> `he_IL`).
int32_t mkicu_alias_canonical_locale(const char *identifier, char *buffer, int32_t capacity, int32_t *status);
/// The most likely full identifier of a language (`uloc_addLikelySubtags`: `fr` -> `fr_Latn_FR`).
int32_t mkicu_likely_locale(const char *identifier, char *buffer, int32_t capacity, int32_t *status);
/// Whether ICU lists `region` among ISO 3166 region codes (`uloc_getISOCountries`): 1 or 0.
int32_t mkicu_is_iso_region(const char *region);
/// Region subtag of a locale (`de_CH` -> `CH`), empty when it has none.
int32_t mkicu_locale_region(const char *locale, char *buffer, int32_t capacity, int32_t *status);

// MARK: Currencies

/// Writes every ISO 4217 code ICU knows (current and historic) as consecutive 3-byte
/// groups into `buffer`; returns how many codes there are.
int32_t mkicu_currency_codes(char *buffer, int32_t capacity, int32_t *status);
/// Reads ICU's currency metadata once (supplementalData `CurrencyMeta`) for `count` codes
/// given as consecutive 3-byte groups: writes four values per code into `values`, its
/// fraction digits, rounding increment in minor units (0 when there is none), cash fraction
/// digits and cash rounding increment, as `ucurr_getDefaultFractionDigitsForUsage` and
/// `ucurr_getRoundingIncrementForUsage` give them (each of which opens the data again).
void mkicu_currency_meta(const char *codes, int32_t count, int32_t *values, int32_t *status);
/// Default (`cash` = 0) or cash (`cash` = 1) fraction digits of a currency, by ICU's API
/// (a test checks `mkicu_currency_meta` against it).
int32_t mkicu_currency_fraction_digits(const char *code, int32_t cash, int32_t *status);
/// Rounding increment in minor units (e.g. 5 for CHF cash = 0.05), 0 when there is none, by
/// ICU's API (a test checks `mkicu_currency_meta` against it).
int32_t mkicu_currency_rounding_increment(const char *code, int32_t cash, int32_t *status);
/// Writes, as consecutive 5-byte records (2-letter region, then 3-letter code), every
/// region and currency that is legal tender there at `date` (ms since 1970) by ICU's
/// currency map (supplementalData `CurrencyMap`; a region or a code may repeat); returns
/// how many records there are. (ICU 72's `ucurr_isAvailable` keeps one region per code and
/// `ucurr_countCurrencies` crashes for regions without currencies, so the map is read directly.)
int32_t mkicu_current_currency_regions(double date, char *buffer, int32_t capacity, int32_t *status);
/// The region's default currency for a locale into `buffer` (3 ASCII letters + NUL);
/// returns 3, or 0 when the locale has no region or the region has no currency.
int32_t mkicu_currency_for_locale(const char *locale, char *buffer, int32_t capacity, int32_t *status);

/// Names of every bundle in ICU's currency data tree, plus `root`, NUL-separated; returns
/// the byte length.
int32_t mkicu_currency_bundle_names(char *buffer, int32_t capacity, int32_t *status);
/// `records` of mkicu_currency_bundle_symbols: the symbol records, the own-format records.
#define MKICU_SYMBOL_RECORDS 1
#define MKICU_FORMAT_RECORDS 2
/// The currency symbols defined directly in one currency-data bundle (no inheritance), as
/// UTF-16 records: three code letters, one kind letter (`s` symbol, `n` narrow, `v` variant,
/// `f` formal), the symbol, and a line feed. A `p` record instead holds the format of a
/// currency that has its own in this bundle (EUR in en_150, TRY in tr): pattern, decimal
/// symbol and grouping symbol separated by tabs. `records` says which (MKICU_SYMBOL_RECORDS,
/// MKICU_FORMAT_RECORDS or both); formats alone read only the bundle's first table and write
/// no symbol. Returns the UTF-16 length.
int32_t mkicu_currency_bundle_symbols(const char *bundle, int32_t records, uint16_t *buffer, int32_t capacity,
                                      int32_t *status);
/// The symbol records (not the formats) of every currency-data bundle, as
/// mkicu_currency_bundle_symbols gives them, each distinct record once, where it first comes:
/// root first, then the bundles in mkicu_currency_bundle_names's order. Returns the UTF-16 length.
int32_t mkicu_distinct_currency_symbols(uint16_t *buffer, int32_t capacity, int32_t *status);

#define MKICU_NAME_SYMBOL 0
#define MKICU_NAME_LONG 1
#define MKICU_NAME_NARROW_SYMBOL 2

/// A currency's display string in a locale (`ucurr_getName`); ICU answers with the ISO code
/// itself when it has no data.
int32_t mkicu_currency_name(const char *locale, const char *code, int32_t kind,
                            uint16_t *buffer, int32_t capacity, int32_t *status);
/// A currency's plural display name for a plural keyword (`one`, `other`, ...).
int32_t mkicu_currency_plural_name(const char *locale, const char *code, const char *keyword,
                                   uint16_t *buffer, int32_t capacity, int32_t *status);
/// The plural keywords of a locale's cardinal rules, NUL-separated; returns the byte length.
int32_t mkicu_plural_keywords(const char *locale, char *buffer, int32_t capacity, int32_t *status);

/// A locale's currency unit patterns (`{0} {1}`: number, then plural name) by plural
/// keyword, as UTF-16 records `keyword TAB pattern LF`. Returns the UTF-16 length.
int32_t mkicu_currency_unit_patterns(const char *locale, uint16_t *buffer, int32_t capacity, int32_t *status);
/// ICU's currency spacing rule (root currency data): six UTF-16 strings separated by line
/// feeds: before-currency match, surrounding match, insert; after-currency the same.
int32_t mkicu_currency_spacing(uint16_t *buffer, int32_t capacity, int32_t *status);
/// A locale's cardinal plural rules (CLDR syntax) as UTF-16 records `keyword TAB rule LF`,
/// from the locale or its nearest ancestor that has rules. Returns the UTF-16 length.
int32_t mkicu_plural_rules(const char *locale, uint16_t *buffer, int32_t capacity, int32_t *status);
/// Compiles a UnicodeSet pattern (UTF-16) into a frozen set (safe to read from any thread);
/// close with `mkicu_set_close`.
void *mkicu_set_open(const uint16_t *pattern, int32_t patternLength, int32_t *status);
void mkicu_set_close(void *set);
/// For each of `count` code points, writes 1 into `matches` when the set contains it, else 0.
void mkicu_set_contains(const void *set, const uint32_t *codePoints, int32_t count, uint8_t *matches);

// MARK: Number formats and their symbols

#define MKICU_STYLE_DECIMAL 0
#define MKICU_STYLE_CURRENCY 1
#define MKICU_STYLE_CURRENCY_ACCOUNTING 2

#define MKICU_SYMBOL_DECIMAL 0
#define MKICU_SYMBOL_GROUPING 1
#define MKICU_SYMBOL_MONETARY_DECIMAL 2
#define MKICU_SYMBOL_MONETARY_GROUPING 3
#define MKICU_SYMBOL_MINUS 4
#define MKICU_SYMBOL_PLUS 5

#define MKICU_ATTRIBUTE_GROUPING_SIZE 0
#define MKICU_ATTRIBUTE_SECONDARY_GROUPING_SIZE 1

/// Opens a classic number format (`unum_open`) of a style; close with `mkicu_numfmt_close`.
void *mkicu_numfmt_open(const char *locale, int32_t style, int32_t *status);
void mkicu_numfmt_close(void *format);
int32_t mkicu_numfmt_symbol(const void *format, int32_t symbol, uint16_t *buffer, int32_t capacity, int32_t *status);
int32_t mkicu_numfmt_attribute(const void *format, int32_t attribute);
/// The format's pattern (`unum_toPattern`, not localized).
int32_t mkicu_numfmt_pattern(const void *format, uint16_t *buffer, int32_t capacity, int32_t *status);
/// The decimal pattern of a locale whose numbering system is `system`, read from its data the
/// way `unum_open` reads it (`NumberElements/<system>/patterns/decimalFormat` through the
/// parent bundles, then the `latn` system's), without building a formatter. (Only the decimal
/// style: a currency formatter adapts its pattern to the locale's currency.)
int32_t mkicu_decimal_pattern(const char *locale, const char *system, uint16_t *buffer, int32_t capacity,
                              int32_t *status);

/// The digits (10 code points, UTF-16) of the locale's default numbering system; returns
/// 0 when that system is algorithmic. `name` receives the system's name (`latn`, `arab`).
int32_t mkicu_numbering_digits(const char *locale, uint16_t *digits, int32_t capacity,
                               char *name, int32_t nameCapacity, int32_t *status);

// MARK: Characters

/// Writes the code point of the zero of every Unicode decimal-digit system (general
/// category Nd: each system is ten consecutive code points from its zero) in ascending
/// order; returns how many systems there are.
int32_t mkicu_digit_zeros(uint32_t *zeros, int32_t capacity);

/// The Unicode numeric value of a code point (`u_getNumericValue`): 10000 for 万, 3 for 参;
/// -123456789 (ICU's U_NO_NUMERIC_VALUE) when it has none.
double mkicu_numeric_value(uint32_t codePoint);

/// Spells out an integer with ICU's rule-based number format and a rule set (for example
/// `%spellout-cardinal`); returns the UTF-16 length. For tests: ICU's RBNF is not thread-safe,
/// so each call opens its own formatter.
int32_t mkicu_spellout(const char *locale, const char *ruleSet, int64_t value,
                       uint16_t *buffer, int32_t capacity, int32_t *status);

/// Opens ICU's rule-based spell-out format (RBNF) for a locale, once, to format many values:
/// ICU parses every rule set of the language when it opens one, which is the costly part.
/// NULL on failure. Not thread-safe: use one from one thread at a time, then close it.
void *mkicu_spellout_open(const char *locale, int32_t *status);
void mkicu_spellout_close(void *format);
/// The locale whose spell-out rules the format really uses (`es` for es_MX; `en` or `root`
/// when the language has none of its own) into `buffer`; returns its length.
int32_t mkicu_spellout_actual_locale(const void *format, char *buffer, int32_t capacity, int32_t *status);
/// The public rule-set names of the format, separated by `;` (`%spellout-cardinal;...`);
/// returns the UTF-16 length.
int32_t mkicu_spellout_rule_sets(const void *format, uint16_t *buffer, int32_t capacity, int32_t *status);
/// Spells out an integer with one rule set of an open format (NUL-terminated ASCII name);
/// returns the UTF-16 length.
int32_t mkicu_spellout_format(void *format, const char *ruleSet, int64_t value, uint16_t *buffer, int32_t capacity,
                              int32_t *status);

// MARK: Text

/// Folds each code point for matching words (Docs/ParsingRules.md §2): lower case
/// (`u_tolower`), then canonical decomposition (NFD), then the nonspacing marks removed; a
/// Latin letter left whole whose Unicode name is a letter "WITH" a stroke or hook, or
/// "DOTLESS", becomes that base letter (ł is l, đ is d, ø is o, ı is i).
/// With `nuktasOnly` nonzero (for the Indic scripts, whose other marks are vowel signs that
/// spell the word), only marks of canonical combining class 7 (nukta) are removed, and a code
/// point that has none is left as it is.
/// Writes the result's single code point to `folded[i]`, 0 when nothing is left (a
/// nonspacing mark), or 0xFFFFFFFF when several code points are left.
void mkicu_fold_code_points(const uint32_t *codePoints, int32_t count, int32_t nuktasOnly, uint32_t *folded,
                            int32_t *status);
/// Whether each code point is a nonspacing mark (general category Mn): `marks[i]` 1 or 0.
void mkicu_nonspacing_marks(const uint32_t *codePoints, int32_t count, uint8_t *marks);
/// Opens ICU's word break iterator for a locale (`ubrk`, with ICU's dictionaries for
/// Chinese, Japanese, Thai, Lao, Khmer and Burmese), once, to split many texts. NULL on
/// failure. Not thread-safe: use one from one thread at a time, then close it.
void *mkicu_word_breaker_open(const char *locale, int32_t *status);
void mkicu_word_breaker_close(void *breaker);
/// The word boundaries of UTF-16 text: writes the UTF-16 offsets of every boundary after the
/// start, in order; returns how many there are.
int32_t mkicu_word_breaker_boundaries(void *breaker, const uint16_t *text, int32_t length, int32_t *boundaries,
                                      int32_t capacity, int32_t *status);
/// The text an "and" list of two items puts between them in a locale (ICU's list pattern,
/// `ulistfmt`): ` and ` in en, ` y ` in es, `和` in zh; returns the UTF-16 length.
int32_t mkicu_list_and_joiner(const char *locale, uint16_t *buffer, int32_t capacity, int32_t *status);

// MARK: Modern number formatter (unumf), used as the reference output

/// Opens an ICU NumberFormatter for a skeleton (`currency/EUR unit-width-iso-code`).
void *mkicu_numberformatter_open(const char *locale, const uint16_t *skeleton, int32_t skeletonLength, int32_t *status);
void mkicu_numberformatter_close(void *formatter);
/// Formats an exact decimal string (`-1234.5`) with an opened NumberFormatter.
int32_t mkicu_numberformatter_format_decimal(const void *formatter, const char *decimal,
                                             uint16_t *buffer, int32_t capacity, int32_t *status);

/// The currency-data bundle that `locale` opens to (`ures_open` of ICU's currency tree:
/// aliases resolved, missing levels skipped), written as a NUL-terminated name.
int32_t mkicu_currency_data_bundle(const char *locale, char *buffer, int32_t capacity, int32_t *status);

/// The display names one currency-data bundle defines itself, as UTF-8 records ending in
/// LF: `P<parent>` (its explicit parent bundle), `R` (its parent is root), `s<CODE><symbol>`,
/// `l<CODE><long name>`, `n<CODE><narrow symbol>`, `p<CODE><keyword>TAB<plural name>`.
/// Merged along the bundle's parent chain, they give what `ucurr_getName` and
/// `ucurr_getPluralName` answer, without one lookup per currency and form. With
/// `parent_only` nonzero, only the parent record (`P` or `R`, none for the default parent).
int32_t mkicu_currency_bundle_display_names(const char *bundle, int32_t parent_only, char *buffer, int32_t capacity,
                                            int32_t *status);

/// The bundle of ICU's main data tree that defines the resource at `path`
/// (`NumberElements/latn/patternsShort`) for `locale`, following ICU's fallback through
/// parent bundles; empty when no bundle defines it. Locales whose resources come from the
/// same bundle share that data.
int32_t mkicu_resource_owner(const char *locale, const char *path, char *buffer, int32_t capacity, int32_t *status);

/// The string at `path` of ICU's main data tree for `locale` (with ICU's fallback through
/// parent bundles), as UTF-16; `*status` is U_MISSING_RESOURCE_ERROR (2) when no bundle has it.
int32_t mkicu_resource_string(const char *locale, const char *path, uint16_t *buffer, int32_t capacity, int32_t *status);

/// The compact-number patterns at `path` (`NumberElements/latn/patternsShort/currencyFormat`)
/// along `locale`'s fallback chain, nearest bundle first, as UTF-16 records
/// `<power of ten key>TAB<plural keyword>TAB<pattern>LF` (`1000\tone\t¤0K`). A bundle's
/// records come before its parent's; the first record of a key and keyword is the one ICU
/// uses (its compact data reads the chain the same way). Writes nothing when no bundle
/// defines the path.
int32_t mkicu_compact_patterns(const char *locale, const char *path, uint16_t *buffer, int32_t capacity, int32_t *status);

// MARK: Peers, for the benchmark

/// Opens ICU's classic currency format for lenient parsing: `unum_open(UNUM_CURRENCY)` with
/// `UNUM_LENIENT_PARSE` on and, when `currency` (an ISO code) is not NULL, that currency set
/// as the format's. Close with `mkicu_numfmt_close`.
void *mkicu_currency_parser_open(const char *locale, const char *currency, int32_t *status);

/// Parses UTF-16 text with `unum_parseDoubleCurrency`: returns ICU's amount (a double: the C API
/// has no exact form for currency parsing), writes the ISO code it found to `currency`
/// (4 bytes, NUL-terminated) and the UTF-16 offset where parsing stopped to `end`.
double mkicu_currency_parse(const void *format, const uint16_t *text, int32_t length,
                            char *currency, int32_t *end, int32_t *status);

#ifdef __cplusplus
}
#endif

#endif
