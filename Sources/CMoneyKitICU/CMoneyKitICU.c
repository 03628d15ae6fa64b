// The bridge from MoneyKit to system ICU. Only this file and NumberFormatter.cpp include ICU
// headers; see the public header for the conventions every function follows.
#include "CMoneyKitICU.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ulistformatter.h>
#include <unicode/unorm2.h>
#include <unicode/uset.h>
#include <unicode/ucurr.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/unumsys.h>
#include <unicode/upluralrules.h>
#include <unicode/ures.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

// ICU's lookup of a resource path with fallback through parent bundles. Declared in ICU's
// internal uresimp.h (not installed), exported by libicuuc and used by ICU's own ucurr.
U_CAPI UResourceBundle *U_EXPORT2 ures_getByKeyWithFallback(const UResourceBundle *resB, const char *inKey,
                                                            UResourceBundle *fillIn, UErrorCode *status);

// The tree of ICU's data that holds currency names, symbols and the currency map.
#define MKICU_CURRENCY_TREE U_ICUDATA_NAME "-curr"

// MARK: Locales

int32_t mkicu_available_locale_count(void) { return uloc_countAvailable(); }

static int32_t copy_ascii(const char *source, char *buffer, int32_t capacity) {
    int32_t length = (int32_t)strlen(source);
    if (length < capacity) {
        memcpy(buffer, source, (size_t)length + 1);
    }
    return length;
}

int32_t mkicu_available_locale(int32_t index, char *buffer, int32_t capacity) {
    const char *name = uloc_getAvailable(index);
    if (name == NULL) return 0;
    return copy_ascii(name, buffer, capacity);
}

int32_t mkicu_canonical_locale(const char *identifier, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length;
    if (strchr(identifier, '-') != NULL) {
        int32_t parsed = 0;
        length = uloc_forLanguageTag(identifier, buffer, capacity, &parsed, &error);
    } else {
        length = uloc_canonicalize(identifier, buffer, capacity, &error);
    }
    *status = (int32_t)error;
    return length;
}

int32_t mkicu_likely_locale(const char *identifier, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = uloc_addLikelySubtags(identifier, buffer, capacity, &error);
    *status = (int32_t)error;
    return length;
}

int32_t mkicu_is_iso_region(const char *region) {
    for (const char *const *codes = uloc_getISOCountries(); *codes != NULL; codes++) {
        if (strcmp(*codes, region) == 0) return 1;
    }
    return 0;
}

int32_t mkicu_locale_region(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = uloc_getCountry(locale, buffer, capacity, &error);
    *status = (int32_t)error;
    return length;
}

// MARK: Currencies

static void code_to_uchars(const char *code, UChar out[4]) {
    for (int i = 0; i < 3; i++) out[i] = (UChar)(unsigned char)code[i];
    out[3] = 0;
}

int32_t mkicu_currency_codes(char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UEnumeration *codes = ucurr_openISOCurrencies(UCURR_ALL, &error);
    int32_t count = 0;
    if (U_SUCCESS(error)) {
        const char *code;
        int32_t length;
        while ((code = uenum_next(codes, &length, &error)) != NULL && U_SUCCESS(error)) {
            if (length != 3) continue;
            if ((count + 1) * 3 <= capacity) memcpy(buffer + count * 3, code, 3);
            count++;
        }
        uenum_close(codes);
    }
    *status = (int32_t)error;
    if (U_SUCCESS(error) && count * 3 > capacity) *status = MKICU_BUFFER_OVERFLOW;
    return count;
}

/// ICU's metadata vector of last resort ({digits, increment, cash digits, cash increment}),
/// used by ucurr when the data has no usable entry: kept identical to ICU 72's.
static const int32_t MKICU_LAST_RESORT_META[4] = {2, 0, 2, 0};

/// A rounding increment as ucurr_getRoundingIncrementForUsage gives it, in minor units:
/// none unless the stored increment is 2 or more and the digits are in ICU's range (0-9).
static int32_t meta_increment(int32_t digits, int32_t increment) {
    return digits >= 0 && digits <= 9 && increment >= 2 ? increment : 0;
}

void mkicu_currency_meta(const char *codes, int32_t count, int32_t *values, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *supplemental = ures_openDirect(MKICU_CURRENCY_TREE, "supplementalData", &error);
    UResourceBundle *meta = ures_getByKey(supplemental, "CurrencyMeta", NULL, &error);
    // The vector every code without an entry of its own takes: DEFAULT, as in ucurr.
    int32_t fallback[4];
    memcpy(fallback, MKICU_LAST_RESORT_META, sizeof fallback);
    UResourceBundle *entry = NULL;
    if (U_SUCCESS(error)) {
        UErrorCode entryError = U_ZERO_ERROR;
        entry = ures_getByKey(meta, "DEFAULT", entry, &entryError);
        int32_t length = 0;
        const int32_t *vector = U_SUCCESS(entryError) ? ures_getIntVector(entry, &length, &entryError) : NULL;
        if (U_SUCCESS(entryError) && vector != NULL && length == 4) memcpy(fallback, vector, sizeof fallback);
    }
    for (int32_t index = 0; index < count; index++) {
        const int32_t *source = fallback;
        if (U_SUCCESS(error)) {
            char key[4] = {codes[index * 3], codes[index * 3 + 1], codes[index * 3 + 2], 0};
            UErrorCode entryError = U_ZERO_ERROR;
            entry = ures_getByKey(meta, key, entry, &entryError);
            int32_t length = 0;
            const int32_t *vector = U_SUCCESS(entryError) ? ures_getIntVector(entry, &length, &entryError) : NULL;
            if (U_SUCCESS(entryError) && vector != NULL) {
                // ucurr takes a malformed entry (not four values) as the last resort, not DEFAULT.
                source = length == 4 ? vector : MKICU_LAST_RESORT_META;
            }
        }
        int32_t *out = values + index * 4;
        out[0] = source[0];
        out[1] = meta_increment(source[0], source[1]);
        out[2] = source[2];
        out[3] = meta_increment(source[2], source[3]);
    }
    if (entry != NULL) ures_close(entry);
    if (meta != NULL) ures_close(meta);
    if (supplemental != NULL) ures_close(supplemental);
    *status = (int32_t)error;
}

int32_t mkicu_currency_fraction_digits(const char *code, int32_t cash, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar iso[4];
    code_to_uchars(code, iso);
    int32_t digits = ucurr_getDefaultFractionDigitsForUsage(iso, cash ? UCURR_USAGE_CASH : UCURR_USAGE_STANDARD, &error);
    *status = (int32_t)error;
    return digits;
}

int32_t mkicu_currency_rounding_increment(const char *code, int32_t cash, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar iso[4];
    code_to_uchars(code, iso);
    UCurrencyUsage usage = cash ? UCURR_USAGE_CASH : UCURR_USAGE_STANDARD;
    int32_t digits = ucurr_getDefaultFractionDigitsForUsage(iso, usage, &error);
    double increment = ucurr_getRoundingIncrementForUsage(iso, usage, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error) || increment <= 0) return 0;
    // ICU stores the increment as an integer count of minor units and hands it back
    // divided by 10^digits; undo the division and round away the binary noise.
    for (int32_t i = 0; i < digits; i++) increment *= 10;
    return (int32_t)(increment + 0.5);
}

static UDate read_map_date(UResourceBundle *entry, const char *key, UDate missing) {
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *value = ures_getByKey(entry, key, NULL, &error);
    UDate date = missing;
    if (U_SUCCESS(error)) {
        int32_t length = 0;
        const int32_t *halves = ures_getIntVector(value, &length, &error);
        if (U_SUCCESS(error) && length == 2) {
            int64_t joined = ((int64_t)(uint32_t)halves[0] << 32) | (int64_t)(uint32_t)halves[1];
            date = (UDate)joined;
        }
    }
    if (value != NULL) ures_close(value);
    return date;
}

int32_t mkicu_current_currency_regions(double date, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t count = 0;
    UResourceBundle *supplemental = ures_openDirect(MKICU_CURRENCY_TREE, "supplementalData", &error);
    UResourceBundle *map = ures_getByKey(supplemental, "CurrencyMap", NULL, &error);
    if (U_SUCCESS(error)) {
        UResourceBundle *region = NULL;
        while (ures_hasNext(map)) {
            UErrorCode regionError = U_ZERO_ERROR;
            region = ures_getNextResource(map, region, &regionError);
            if (U_FAILURE(regionError)) break;
            const char *regionKey = ures_getKey(region);
            if (regionKey == NULL || strlen(regionKey) != 2) continue;
            UResourceBundle *entry = NULL;
            while (ures_hasNext(region)) {
                UErrorCode entryError = U_ZERO_ERROR;
                entry = ures_getNextResource(region, entry, &entryError);
                if (U_FAILURE(entryError)) break;
                // Skip non-tender entries (e.g. USN, fund codes).
                UErrorCode tenderError = U_ZERO_ERROR;
                UResourceBundle *tender = ures_getByKey(entry, "tender", NULL, &tenderError);
                UBool isTender = 1;
                if (U_SUCCESS(tenderError)) {
                    int32_t length = 0;
                    const UChar *text = ures_getString(tender, &length, &tenderError);
                    if (U_SUCCESS(tenderError) && length == 5 && text[0] == 'f') isTender = 0;
                }
                if (tender != NULL) ures_close(tender);
                if (!isTender) continue;
                UDate from = read_map_date(entry, "from", -1.0e300);
                UDate to = read_map_date(entry, "to", 1.0e300);
                if (!(from <= date && date < to)) continue;
                UErrorCode idError = U_ZERO_ERROR;
                int32_t length = 0;
                const UChar *id = ures_getStringByKey(entry, "id", &length, &idError);
                if (U_FAILURE(idError) || length != 3) continue;
                if ((count + 1) * 5 <= capacity) {
                    buffer[count * 5] = regionKey[0];
                    buffer[count * 5 + 1] = regionKey[1];
                    for (int i = 0; i < 3; i++) buffer[count * 5 + 2 + i] = (char)id[i];
                }
                count++;
            }
            if (entry != NULL) ures_close(entry);
        }
        if (region != NULL) ures_close(region);
    }
    if (map != NULL) ures_close(map);
    if (supplemental != NULL) ures_close(supplemental);
    *status = (int32_t)error;
    if (U_SUCCESS(error) && count * 5 > capacity) *status = MKICU_BUFFER_OVERFLOW;
    return count;
}

int32_t mkicu_currency_for_locale(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar iso[4] = {0};
    int32_t length = ucurr_forLocale(locale, iso, 4, &error);
    // A locale without a region ("en"), or a region without a currency ("150"), is
    // not an error for MoneyKit: it simply has no default currency.
    *status = 0;
    if (U_FAILURE(error) || length != 3) {
        if (capacity > 0) buffer[0] = 0;
        return 0;
    }
    if (capacity < 4) return 3;
    for (int i = 0; i < 3; i++) buffer[i] = (char)iso[i];
    buffer[3] = 0;
    return 3;
}

int32_t mkicu_currency_bundle_names(char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t written = 0;
    const char *root = "root";
    int32_t rootLength = (int32_t)strlen(root);
    if (rootLength + 1 <= capacity) memcpy(buffer, root, (size_t)rootLength + 1);
    written = rootLength + 1;
    UEnumeration *names = ures_openAvailableLocales(MKICU_CURRENCY_TREE, &error);
    if (U_SUCCESS(error)) {
        const char *name;
        int32_t length;
        while ((name = uenum_next(names, &length, &error)) != NULL && U_SUCCESS(error)) {
            if (strcmp(name, root) == 0) continue;
            if (written + length + 1 <= capacity) {
                memcpy(buffer + written, name, (size_t)length);
                buffer[written + length] = 0;
            }
            written += length + 1;
        }
        uenum_close(names);
    }
    *status = (int32_t)error;
    if (U_SUCCESS(error) && written > capacity) *status = MKICU_BUFFER_OVERFLOW;
    return written;
}

/// Where symbol records go: a caller's buffer (counting what does not fit, as every function
/// here does), or this output's own heap block, grown as needed, that keeps only records it
/// does not hold yet.
typedef struct {
    uint16_t *units;
    int32_t length;
    int32_t capacity;
    /// Whether `units` is this output's own block, which grows, and whose records are distinct.
    int distinct;
    /// For distinct records: an open-addressed table of record starts plus one (0: an empty
    /// slot), `slot_count` a power of two, at most half of them used.
    uint32_t *slots;
    uint32_t slot_count;
    uint32_t used;
    /// An allocation failed: the output is incomplete.
    int failed;
} record_output;

static void output_units(record_output *out, const uint16_t *units, int32_t count) {
    if (out->distinct && !out->failed && out->length + count > out->capacity) {
        int32_t capacity = out->capacity * 2 > out->length + count ? out->capacity * 2 : out->length + count;
        uint16_t *grown = realloc(out->units, sizeof(uint16_t) * (size_t)capacity);
        if (grown == NULL) {
            out->failed = 1;
        } else {
            out->units = grown;
            out->capacity = capacity;
        }
    }
    if (out->length + count <= out->capacity) memcpy(out->units + out->length, units, sizeof(uint16_t) * (size_t)count);
    out->length += count;
}

/// FNV-1a over a record's UTF-16 units.
static uint32_t record_hash(const uint16_t *units, int32_t count) {
    uint32_t hash = 2166136261u;
    for (int32_t i = 0; i < count; i++) hash = (hash ^ units[i]) * 16777619u;
    return hash;
}

static void output_insert_slot(uint32_t *slots, uint32_t slot_count, uint32_t hash, uint32_t value) {
    uint32_t slot = hash & (slot_count - 1);
    while (slots[slot] != 0) slot = (slot + 1) & (slot_count - 1);
    slots[slot] = value;
}

/// Ends the record that began at `start`: for distinct records, takes it back when an equal
/// one is held already.
static void output_end_record(record_output *out, int32_t start) {
    if (!out->distinct || out->failed) return;
    const uint16_t *record = out->units + start;
    int32_t count = out->length - start;
    uint32_t hash = record_hash(record, count);
    uint32_t slot = hash & (out->slot_count - 1);
    for (; out->slots[slot] != 0; slot = (slot + 1) & (out->slot_count - 1)) {
        const uint16_t *held = out->units + (out->slots[slot] - 1);
        int32_t heldCount = 0;
        while (held[heldCount] != '\n') heldCount++;
        if (heldCount + 1 == count && memcmp(held, record, sizeof(uint16_t) * (size_t)count) == 0) {
            out->length = start;
            return;
        }
    }
    out->slots[slot] = (uint32_t)start + 1;
    out->used += 1;
    if (out->used * 2 <= out->slot_count) return;
    uint32_t grownCount = out->slot_count * 2;
    uint32_t *grown = calloc(grownCount, sizeof(uint32_t));
    if (grown == NULL) {
        out->failed = 1;
        return;
    }
    for (uint32_t i = 0; i < out->slot_count; i++) {
        uint32_t value = out->slots[i];
        if (value == 0) continue;
        const uint16_t *held = out->units + (value - 1);
        int32_t heldCount = 0;
        while (held[heldCount] != '\n') heldCount++;
        output_insert_slot(grown, grownCount, record_hash(held, heldCount + 1), value);
    }
    free(out->slots);
    out->slots = grown;
    out->slot_count = grownCount;
}

/// Writes the records one currency-data bundle defines itself to `out`: symbols, own formats
/// or both (`records`, see mkicu_currency_bundle_symbols); returns ICU's error opening the bundle.
static UErrorCode read_bundle_symbols(const char *bundle, int32_t records, record_output *out) {
    static const char *const tables[] = {"Currencies", "Currencies%narrow", "Currencies%variant", "Currencies%formal"};
    static const uint16_t kinds[] = {'s', 'n', 'v', 'f'};
    static const uint16_t separators[] = {'\t', '\t', '\n'};
    UErrorCode error = U_ZERO_ERROR;
    // ures_open, not ures_openDirect: opening an alias bundle (nb -> no) directly leaves
    // an entry in ICU's bundle cache that breaks later fallback lookups (ICU 72), so that
    // ucurr_getName("NOK", "nb_NO") would answer "NOK" instead of "kr".
    UResourceBundle *data = ures_open(MKICU_CURRENCY_TREE, bundle, &error);
    if (U_FAILURE(error)) {
        if (data != NULL) ures_close(data);
        return error;
    }
    // Own formats are only in the first table.
    int tableCount = (records & MKICU_SYMBOL_RECORDS) ? 4 : 1;
    for (int table = 0; table < tableCount; table++) {
        UErrorCode tableError = U_ZERO_ERROR;
        UResourceBundle *entries = ures_getByKey(data, tables[table], NULL, &tableError);
        // Only tables the bundle defines itself: inherited ones are read with their owner.
        const char *owner = U_SUCCESS(tableError) ? ures_getLocaleByType(entries, ULOC_ACTUAL_LOCALE, &tableError) : NULL;
        if (U_FAILURE(tableError) || owner == NULL || strcmp(owner, bundle) != 0) {
            if (entries != NULL) ures_close(entries);
            continue;
        }
        UResourceBundle *entry = NULL;
        for (int32_t index = 0; ures_hasNext(entries); index++) {
            UErrorCode entryError = U_ZERO_ERROR;
            const char *code = NULL;
            int32_t length = 0;
            const UChar *symbol = NULL;
            if (table > 0) {
                // The narrow, variant and formal tables hold strings: read each without a
                // resource object (ures_getNextResource builds one per entry, about 620
                // instructions; these tables hold a fifth of the 42,000 entries). An entry that
                // is not a string is read as in the first table.
                symbol = ures_getNextString(entries, &length, &code, &entryError);
                if (U_FAILURE(entryError) || symbol == NULL) {
                    entryError = U_ZERO_ERROR;
                    symbol = NULL;
                    entry = ures_getByIndex(entries, index, entry, &entryError);
                }
            } else {
                entry = ures_getNextResource(entries, entry, &entryError);
            }
            if (symbol == NULL) {
                if (U_FAILURE(entryError)) break;
                code = ures_getKey(entry);
                symbol = ures_getType(entry) == URES_ARRAY
                    ? ures_getStringByIndex(entry, 0, &length, &entryError)
                    : ures_getString(entry, &length, &entryError);
                if (U_FAILURE(entryError) || symbol == NULL) continue;
            }
            if (code == NULL || strlen(code) != 3) continue;
            uint16_t head[4] = {(uint16_t)(unsigned char)code[0], (uint16_t)(unsigned char)code[1],
                                (uint16_t)(unsigned char)code[2], 'p'};
            // An entry [symbol, name, [pattern, decimal, grouping]] gives the currency its own
            // format in this bundle's locales: report it as a "p" record holding the pattern.
            if ((records & MKICU_FORMAT_RECORDS) && table == 0 && ures_getType(entry) == URES_ARRAY && ures_getSize(entry) >= 3) {
                UErrorCode formatError = U_ZERO_ERROR;
                UResourceBundle *format = ures_getByIndex(entry, 2, NULL, &formatError);
                int32_t lengths[3] = {0, 0, 0};
                const UChar *parts[3] = {NULL, NULL, NULL};
                for (int32_t part = 0; part < 3 && U_SUCCESS(formatError); part++) {
                    parts[part] = ures_getStringByIndex(format, part, &lengths[part], &formatError);
                }
                if (U_SUCCESS(formatError)) {
                    int32_t start = out->length;
                    output_units(out, head, 4);
                    for (int32_t part = 0; part < 3; part++) {
                        output_units(out, parts[part], lengths[part]);
                        output_units(out, &separators[part], 1);
                    }
                    output_end_record(out, start);
                }
                if (format != NULL) ures_close(format);
            }
            if (!(records & MKICU_SYMBOL_RECORDS)) continue;
            head[3] = kinds[table];
            static const uint16_t lineFeed = '\n';
            int32_t start = out->length;
            output_units(out, head, 4);
            output_units(out, symbol, length);
            output_units(out, &lineFeed, 1);
            output_end_record(out, start);
        }
        if (entry != NULL) ures_close(entry);
        ures_close(entries);
    }
    ures_close(data);
    return U_ZERO_ERROR;
}

int32_t mkicu_currency_bundle_symbols(const char *bundle, int32_t records, uint16_t *buffer, int32_t capacity,
                                      int32_t *status) {
    record_output out = {buffer, 0, capacity, 0, NULL, 0, 0, 0};
    UErrorCode error = read_bundle_symbols(bundle, records, &out);
    if (U_FAILURE(error)) {
        *status = (int32_t)error;
        return 0;
    }
    *status = out.length > capacity ? MKICU_BUFFER_OVERFLOW : 0;
    return out.length;
}

int32_t mkicu_distinct_currency_symbols(uint16_t *buffer, int32_t capacity, int32_t *status) {
    record_output out = {malloc(sizeof(uint16_t) * 16384), 0, 16384, 1, calloc(4096, sizeof(uint32_t)), 4096, 0, 0};
    if (out.units == NULL || out.slots == NULL) out.failed = 1;
    // The bundles in mkicu_currency_bundle_names's order: root, then ICU's list.
    if (!out.failed) read_bundle_symbols("root", MKICU_SYMBOL_RECORDS, &out);
    UErrorCode error = U_ZERO_ERROR;
    UEnumeration *names = ures_openAvailableLocales(MKICU_CURRENCY_TREE, &error);
    if (U_SUCCESS(error)) {
        const char *name;
        int32_t length;
        while (!out.failed && (name = uenum_next(names, &length, &error)) != NULL && U_SUCCESS(error)) {
            if (strcmp(name, "root") != 0) read_bundle_symbols(name, MKICU_SYMBOL_RECORDS, &out);
        }
        uenum_close(names);
    }
    if (out.failed && U_SUCCESS(error)) error = U_MEMORY_ALLOCATION_ERROR;
    if (U_SUCCESS(error) && out.length <= capacity) memcpy(buffer, out.units, sizeof(uint16_t) * (size_t)out.length);
    free(out.units);
    free(out.slots);
    *status = U_FAILURE(error) ? (int32_t)error : out.length > capacity ? MKICU_BUFFER_OVERFLOW : 0;
    return out.length;
}

/// Appends `key TAB value LF` in UTF-16 to a buffer (counting when it does not fit).
static void append_record(const char *key, const UChar *value, int32_t valueLength,
                          uint16_t *buffer, int32_t capacity, int32_t *written) {
    int32_t keyLength = (int32_t)strlen(key);
    int32_t length = keyLength + 1 + valueLength + 1;
    if (*written + length <= capacity) {
        uint16_t *out = buffer + *written;
        for (int32_t i = 0; i < keyLength; i++) out[i] = (uint16_t)(unsigned char)key[i];
        out[keyLength] = '\t';
        memcpy(out + keyLength + 1, value, sizeof(UChar) * (size_t)valueLength);
        out[keyLength + 1 + valueLength] = '\n';
    }
    *written += length;
}

int32_t mkicu_currency_unit_patterns(const char *locale, uint16_t *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t written = 0;
    // A top-level table: ures_getByKey falls back through the locale's parents to root.
    UResourceBundle *data = ures_open(MKICU_CURRENCY_TREE, locale, &error);
    UResourceBundle *patterns = ures_getByKey(data, "CurrencyUnitPatterns", NULL, &error);
    if (U_SUCCESS(error)) {
        UResourceBundle *entry = NULL;
        while (ures_hasNext(patterns)) {
            UErrorCode entryError = U_ZERO_ERROR;
            entry = ures_getNextResource(patterns, entry, &entryError);
            int32_t length = 0;
            const UChar *pattern = ures_getString(entry, &length, &entryError);
            if (U_SUCCESS(entryError)) append_record(ures_getKey(entry), pattern, length, buffer, capacity, &written);
        }
        if (entry != NULL) ures_close(entry);
    }
    if (patterns != NULL) ures_close(patterns);
    if (data != NULL) ures_close(data);
    *status = U_FAILURE(error) ? (int32_t)error : (written > capacity ? MKICU_BUFFER_OVERFLOW : 0);
    return written;
}

int32_t mkicu_currency_spacing(uint16_t *buffer, int32_t capacity, int32_t *status) {
    static const char *const sides[] = {"beforeCurrency", "afterCurrency"};
    static const char *const keys[] = {"currencyMatch", "surroundingMatch", "insertBetween"};
    UErrorCode error = U_ZERO_ERROR;
    int32_t written = 0;
    UResourceBundle *data = ures_open(MKICU_CURRENCY_TREE, "root", &error);
    UResourceBundle *spacing = ures_getByKey(data, "currencySpacing", NULL, &error);
    for (int side = 0; side < 2 && U_SUCCESS(error); side++) {
        UResourceBundle *rules = ures_getByKey(spacing, sides[side], NULL, &error);
        for (int key = 0; key < 3 && U_SUCCESS(error); key++) {
            int32_t length = 0;
            const UChar *value = ures_getStringByKey(rules, keys[key], &length, &error);
            if (U_FAILURE(error)) break;
            if (written + length + 1 <= capacity) {
                memcpy(buffer + written, value, sizeof(UChar) * (size_t)length);
                buffer[written + length] = '\n';
            }
            written += length + 1;
        }
        if (rules != NULL) ures_close(rules);
    }
    if (spacing != NULL) ures_close(spacing);
    if (data != NULL) ures_close(data);
    *status = U_FAILURE(error) ? (int32_t)error : (written > capacity ? MKICU_BUFFER_OVERFLOW : 0);
    return written;
}

int32_t mkicu_plural_rules(const char *locale, uint16_t *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t written = 0;
    UResourceBundle *plurals = ures_openDirect(NULL, "plurals", &error);
    UResourceBundle *locales = ures_getByKey(plurals, "locales", NULL, &error);
    UResourceBundle *ruleSets = ures_getByKey(plurals, "rules", NULL, &error);
    // The locale's own rules, else its parents' by truncation (pt_PT has its own; de_CH uses de).
    char name[ULOC_FULLNAME_CAPACITY];
    strncpy(name, locale, sizeof(name) - 1);
    name[sizeof(name) - 1] = 0;
    const UChar *setName = NULL;
    int32_t setLength = 0;
    while (U_SUCCESS(error) && setName == NULL && name[0] != 0) {
        UErrorCode lookup = U_ZERO_ERROR;
        setName = ures_getStringByKey(locales, name, &setLength, &lookup);
        if (U_FAILURE(lookup)) setName = NULL;
        char *cut = strrchr(name, '_');
        if (cut != NULL) *cut = 0; else name[0] = 0;
    }
    if (U_SUCCESS(error) && setName != NULL) {
        char set[64];
        u_austrncpy(set, setName, (int32_t)sizeof(set) - 1);
        set[setLength < 63 ? setLength : 63] = 0;
        UResourceBundle *rules = ures_getByKey(ruleSets, set, NULL, &error);
        UResourceBundle *entry = NULL;
        while (U_SUCCESS(error) && ures_hasNext(rules)) {
            UErrorCode entryError = U_ZERO_ERROR;
            entry = ures_getNextResource(rules, entry, &entryError);
            int32_t length = 0;
            const UChar *rule = ures_getString(entry, &length, &entryError);
            if (U_SUCCESS(entryError)) append_record(ures_getKey(entry), rule, length, buffer, capacity, &written);
        }
        if (entry != NULL) ures_close(entry);
        if (rules != NULL) ures_close(rules);
    }
    if (ruleSets != NULL) ures_close(ruleSets);
    if (locales != NULL) ures_close(locales);
    if (plurals != NULL) ures_close(plurals);
    *status = U_FAILURE(error) ? (int32_t)error : (written > capacity ? MKICU_BUFFER_OVERFLOW : 0);
    return written;
}

void *mkicu_set_open(const uint16_t *pattern, int32_t patternLength, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    USet *set = uset_openPattern((const UChar *)pattern, patternLength, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error)) {
        if (set != NULL) uset_close(set);
        return NULL;
    }
    uset_freeze(set);
    return set;
}

void mkicu_set_close(void *set) {
    if (set != NULL) uset_close((USet *)set);
}

void mkicu_set_contains(const void *set, const uint32_t *codePoints, int32_t count, uint8_t *matches) {
    for (int32_t i = 0; i < count; i++) {
        matches[i] = uset_contains((const USet *)set, (UChar32)codePoints[i]) ? 1 : 0;
    }
}

static int32_t copy_uchars(const UChar *source, int32_t length, uint16_t *buffer, int32_t capacity, int32_t *status) {
    if (length <= capacity) {
        memcpy(buffer, source, sizeof(UChar) * (size_t)length);
    } else if (*status <= 0) {
        *status = MKICU_BUFFER_OVERFLOW;
    }
    return length;
}

int32_t mkicu_currency_name(const char *locale, const char *code, int32_t kind,
                            uint16_t *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar iso[4];
    code_to_uchars(code, iso);
    UCurrNameStyle style;
    switch (kind) {
        case MKICU_NAME_LONG: style = UCURR_LONG_NAME; break;
        case MKICU_NAME_NARROW_SYMBOL: style = UCURR_NARROW_SYMBOL_NAME; break;
        default: style = UCURR_SYMBOL_NAME; break;
    }
    UBool isChoice = 0;
    int32_t length = 0;
    const UChar *name = ucurr_getName(iso, locale, style, &isChoice, &length, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error) || name == NULL) return 0;
    return copy_uchars(name, length, buffer, capacity, status);
}

int32_t mkicu_currency_plural_name(const char *locale, const char *code, const char *keyword,
                                   uint16_t *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar iso[4];
    code_to_uchars(code, iso);
    UBool isChoice = 0;
    int32_t length = 0;
    const UChar *name = ucurr_getPluralName(iso, locale, &isChoice, keyword, &length, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error) || name == NULL) return 0;
    return copy_uchars(name, length, buffer, capacity, status);
}

int32_t mkicu_plural_keywords(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &error);
    int32_t written = 0;
    if (U_SUCCESS(error)) {
        UEnumeration *keywords = uplrules_getKeywords(rules, &error);
        if (U_SUCCESS(error)) {
            const char *keyword;
            int32_t length;
            while ((keyword = uenum_next(keywords, &length, &error)) != NULL && U_SUCCESS(error)) {
                if (written + length + 1 <= capacity) {
                    memcpy(buffer + written, keyword, (size_t)length);
                    buffer[written + length] = 0;
                }
                written += length + 1;
            }
            uenum_close(keywords);
        }
        uplrules_close(rules);
    }
    *status = (int32_t)error;
    if (U_SUCCESS(error) && written > capacity) *status = MKICU_BUFFER_OVERFLOW;
    return written;
}

// MARK: Number formats

void *mkicu_numfmt_open(const char *locale, int32_t style, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UNumberFormatStyle icuStyle;
    switch (style) {
        case MKICU_STYLE_CURRENCY: icuStyle = UNUM_CURRENCY; break;
        case MKICU_STYLE_CURRENCY_ACCOUNTING: icuStyle = UNUM_CURRENCY_ACCOUNTING; break;
        default: icuStyle = UNUM_DECIMAL; break;
    }
    UNumberFormat *format = unum_open(icuStyle, NULL, 0, locale, NULL, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error)) {
        if (format != NULL) unum_close(format);
        return NULL;
    }
    return format;
}

void mkicu_numfmt_close(void *format) {
    if (format != NULL) unum_close((UNumberFormat *)format);
}

int32_t mkicu_numfmt_symbol(const void *format, int32_t symbol, uint16_t *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UNumberFormatSymbol which;
    switch (symbol) {
        case MKICU_SYMBOL_GROUPING: which = UNUM_GROUPING_SEPARATOR_SYMBOL; break;
        case MKICU_SYMBOL_MONETARY_DECIMAL: which = UNUM_MONETARY_SEPARATOR_SYMBOL; break;
        case MKICU_SYMBOL_MONETARY_GROUPING: which = UNUM_MONETARY_GROUPING_SEPARATOR_SYMBOL; break;
        case MKICU_SYMBOL_MINUS: which = UNUM_MINUS_SIGN_SYMBOL; break;
        case MKICU_SYMBOL_PLUS: which = UNUM_PLUS_SIGN_SYMBOL; break;
        default: which = UNUM_DECIMAL_SEPARATOR_SYMBOL; break;
    }
    int32_t length = unum_getSymbol((const UNumberFormat *)format, which, (UChar *)buffer, capacity, &error);
    *status = (int32_t)error;
    return length;
}

int32_t mkicu_numfmt_attribute(const void *format, int32_t attribute) {
    UNumberFormatAttribute which;
    switch (attribute) {
        case MKICU_ATTRIBUTE_SECONDARY_GROUPING_SIZE: which = UNUM_SECONDARY_GROUPING_SIZE; break;
        default: which = UNUM_GROUPING_SIZE; break;
    }
    return unum_getAttribute((const UNumberFormat *)format, which);
}

int32_t mkicu_numfmt_pattern(const void *format, uint16_t *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = unum_toPattern((const UNumberFormat *)format, 0, (UChar *)buffer, capacity, &error);
    *status = (int32_t)error;
    return length;
}

int32_t mkicu_decimal_pattern(const char *locale, const char *system, uint16_t *buffer, int32_t capacity,
                              int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *data = ures_open(NULL, locale, &error);
    int32_t length = 0;
    const UChar *pattern = NULL;
    UResourceBundle *value = NULL;
    // As ICU's NumberFormat::makeInstance: the numbering system's pattern, else latn's.
    const char *systems[2] = {system, "latn"};
    for (int i = 0; i < 2 && U_SUCCESS(error) && pattern == NULL; i++) {
        if (i == 1 && strcmp(system, "latn") == 0) break;
        char path[96];
        snprintf(path, sizeof path, "NumberElements/%s/patterns/decimalFormat", systems[i]);
        UErrorCode lookup = U_ZERO_ERROR;
        value = ures_getByKeyWithFallback(data, path, value, &lookup);
        if (U_SUCCESS(lookup)) pattern = ures_getString(value, &length, &lookup);
        if (U_FAILURE(lookup)) pattern = NULL;
    }
    if (pattern == NULL && U_SUCCESS(error)) error = U_MISSING_RESOURCE_ERROR;
    if (pattern != NULL) {
        if (length <= capacity) {
            memcpy(buffer, pattern, (size_t)length * sizeof(UChar));
        } else {
            error = U_BUFFER_OVERFLOW_ERROR;
        }
    }
    if (value != NULL) ures_close(value);
    if (data != NULL) ures_close(data);
    *status = (int32_t)error;
    return length;
}

int32_t mkicu_numbering_digits(const char *locale, uint16_t *digits, int32_t capacity,
                               char *name, int32_t nameCapacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UNumberingSystem *system = unumsys_open(locale, &error);
    int32_t length = 0;
    if (U_SUCCESS(error)) {
        const char *systemName = unumsys_getName(system);
        if (nameCapacity > 0) {
            if (systemName != NULL) {
                copy_ascii(systemName, name, nameCapacity);
            } else {
                name[0] = 0;
            }
        }
        if (!unumsys_isAlgorithmic(system)) {
            length = unumsys_getDescription(system, (UChar *)digits, capacity, &error);
        }
        unumsys_close(system);
    }
    *status = (int32_t)error;
    return length;
}

// MARK: Characters

typedef struct {
    uint32_t *zeros;
    int32_t capacity;
    int32_t count;
} DigitZeroCollector;

static UBool collect_digit_zeros(const void *context, UChar32 start, UChar32 limit, UCharCategory type) {
    DigitZeroCollector *collector = (DigitZeroCollector *)context;
    if (type != U_DECIMAL_DIGIT_NUMBER) return 1;
    // A range may hold several systems back to back (the mathematical digits hold five).
    for (UChar32 zero = start; zero + 10 <= limit; zero += 10) {
        if (collector->count < collector->capacity) collector->zeros[collector->count] = (uint32_t)zero;
        collector->count++;
    }
    return 1;
}

int32_t mkicu_digit_zeros(uint32_t *zeros, int32_t capacity) {
    DigitZeroCollector collector = {zeros, capacity, 0};
    u_enumCharTypes(collect_digit_zeros, &collector);
    return collector.count;
}

double mkicu_numeric_value(uint32_t codePoint) {
    return u_getNumericValue((UChar32)codePoint);
}

int32_t mkicu_spellout(const char *locale, const char *ruleSet, int64_t value,
                       uint16_t *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_SPELLOUT, NULL, 0, locale, NULL, &error);
    int32_t length = 0;
    if (U_SUCCESS(error)) {
        UChar name[64];
        u_uastrncpy(name, ruleSet, 63);
        name[63] = 0;
        unum_setTextAttribute(format, UNUM_DEFAULT_RULESET, name, -1, &error);
        if (U_SUCCESS(error)) length = unum_formatInt64(format, value, (UChar *)buffer, capacity, NULL, &error);
    }
    if (format != NULL) unum_close(format);
    *status = (int32_t)error;
    return length;
}

void *mkicu_spellout_open(const char *locale, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_SPELLOUT, NULL, 0, locale, NULL, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error)) {
        if (format != NULL) unum_close(format);
        return NULL;
    }
    return format;
}

void mkicu_spellout_close(void *format) {
    if (format != NULL) unum_close((UNumberFormat *)format);
}

int32_t mkicu_spellout_actual_locale(const void *format, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    const char *actual = unum_getLocaleByType((const UNumberFormat *)format, ULOC_ACTUAL_LOCALE, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error) || actual == NULL) return 0;
    return copy_ascii(actual, buffer, capacity);
}

int32_t mkicu_spellout_rule_sets(const void *format, uint16_t *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = unum_getTextAttribute((const UNumberFormat *)format, UNUM_PUBLIC_RULESETS, (UChar *)buffer,
                                           capacity, &error);
    *status = (int32_t)error;
    return length;
}

int32_t mkicu_spellout_format(void *format, const char *ruleSet, int64_t value, uint16_t *buffer, int32_t capacity,
                              int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar name[96];
    u_uastrncpy(name, ruleSet, 95);
    name[95] = 0;
    unum_setTextAttribute((UNumberFormat *)format, UNUM_DEFAULT_RULESET, name, -1, &error);
    int32_t length = 0;
    if (U_SUCCESS(error)) length = unum_formatInt64((UNumberFormat *)format, value, (UChar *)buffer, capacity, NULL, &error);
    *status = (int32_t)error;
    return length;
}

// MARK: Text

// The base letter of a Latin letter that canonical decomposition leaves whole, by its
// Unicode name: LATIN SMALL LETTER L WITH STROKE (ł) is l, LATIN SMALL LETTER DOTLESS I (ı)
// is i. Returns the letter itself when its name says no such thing.
static UChar32 latin_base_letter(UChar32 letter) {
    if (letter < 0x80 || !((letter <= 0x24F) || (letter >= 0x1E00 && letter <= 0x1EFF))) return letter;
    char name[128];
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = u_charName(letter, U_UNICODE_CHAR_NAME, name, (int32_t)sizeof(name), &error);
    if (U_FAILURE(error) || length <= 0 || length >= (int32_t)sizeof(name)) return letter;
    static const char prefix[] = "LATIN SMALL LETTER ";
    size_t prefixLength = sizeof(prefix) - 1;
    if (strncmp(name, prefix, prefixLength) != 0) return letter;
    char *base = name + prefixLength;
    if (strncmp(base, "DOTLESS ", 8) == 0) base += 8;
    char *with = strstr(base, " WITH ");
    if (with != NULL) *with = 0;
    if (strlen(base) != 1) return letter;
    return (UChar32)(base[0] - 'A' + 'a');
}

void mkicu_fold_code_points(const uint32_t *codePoints, int32_t count, int32_t nuktasOnly, uint32_t *folded,
                            int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&error);
    *status = (int32_t)error;
    if (U_FAILURE(error)) return;
    for (int32_t index = 0; index < count; index++) {
        UChar32 lower = u_tolower((UChar32)codePoints[index]);
        UChar source[2];
        int32_t sourceLength = 0;
        U16_APPEND_UNSAFE(source, sourceLength, lower);
        UChar decomposed[32];
        UErrorCode step = U_ZERO_ERROR;
        int32_t length = unorm2_normalize(nfd, source, sourceLength, decomposed, 32, &step);
        uint32_t result = 0;
        int32_t kept = 0;
        int32_t removed = 0;
        if (U_SUCCESS(step)) {
            int32_t offset = 0;
            while (offset < length) {
                UChar32 scalar;
                U16_NEXT(decomposed, offset, length, scalar);
                if (u_charType(scalar) == U_NON_SPACING_MARK && (!nuktasOnly || u_getCombiningClass(scalar) == 7)) {
                    removed += 1;
                    continue;
                }
                result = (uint32_t)scalar;
                kept += 1;
            }
            if (nuktasOnly && removed == 0) {
                result = (uint32_t)lower;
                kept = 1;
            }
        } else {
            result = (uint32_t)lower;
            kept = 1;
        }
        if (kept == 1) result = (uint32_t)latin_base_letter((UChar32)result);
        folded[index] = kept > 1 ? 0xFFFFFFFFu : result;
    }
}

void mkicu_nonspacing_marks(const uint32_t *codePoints, int32_t count, uint8_t *marks) {
    for (int32_t index = 0; index < count; index++) {
        marks[index] = u_charType((UChar32)codePoints[index]) == U_NON_SPACING_MARK ? 1 : 0;
    }
}

void *mkicu_word_breaker_open(const char *locale, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, locale, NULL, 0, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error)) {
        if (iterator != NULL) ubrk_close(iterator);
        return NULL;
    }
    return iterator;
}

void mkicu_word_breaker_close(void *breaker) {
    if (breaker != NULL) ubrk_close((UBreakIterator *)breaker);
}

int32_t mkicu_word_breaker_boundaries(void *breaker, const uint16_t *text, int32_t length, int32_t *boundaries,
                                      int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIterator *iterator = (UBreakIterator *)breaker;
    ubrk_setText(iterator, (const UChar *)text, length, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error)) return 0;
    int32_t count = 0;
    ubrk_first(iterator);
    for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE; boundary = ubrk_next(iterator)) {
        if (count < capacity) boundaries[count] = boundary;
        count += 1;
    }
    // The iterator keeps no pointer into a caller's buffer past this call.
    ubrk_setText(iterator, NULL, 0, &error);
    if (count > capacity) *status = MKICU_BUFFER_OVERFLOW;
    return count;
}

int32_t mkicu_list_and_joiner(const char *locale, uint16_t *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UListFormatter *formatter = ulistfmt_open(locale, &error);
    *status = (int32_t)error;
    if (U_FAILURE(error)) {
        if (formatter != NULL) ulistfmt_close(formatter);
        return 0;
    }
    // Two private-use placeholders: what the pattern writes between them is the joiner.
    static const UChar first[] = {0xE000};
    static const UChar second[] = {0xE001};
    const UChar *items[] = {first, second};
    const int32_t lengths[] = {1, 1};
    UChar formatted[128];
    int32_t length = ulistfmt_format(formatter, items, lengths, 2, formatted, 128, &error);
    ulistfmt_close(formatter);
    *status = (int32_t)error;
    if (U_FAILURE(error) || length > 128) return 0;
    int32_t start = -1;
    int32_t end = -1;
    for (int32_t index = 0; index < length; index++) {
        if (formatted[index] == 0xE000) start = index + 1;
        if (formatted[index] == 0xE001) end = index;
    }
    if (start < 0 || end < start) return 0;
    int32_t joinerLength = end - start;
    if (joinerLength <= capacity) memcpy(buffer, formatted + start, (size_t)joinerLength * sizeof(UChar));
    else *status = MKICU_BUFFER_OVERFLOW;
    return joinerLength;
}

// MARK: NumberFormatter: see NumberFormatter.cpp

// MARK: Peers, for the benchmark

void *mkicu_currency_parser_open(const char *locale, const char *currency, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_CURRENCY, NULL, 0, locale, NULL, &error);
    if (U_SUCCESS(error)) {
        unum_setAttribute(format, UNUM_LENIENT_PARSE, 1);
        if (currency != NULL) {
            UChar code[4] = {0};
            u_charsToUChars(currency, code, 3);
            unum_setTextAttribute(format, UNUM_CURRENCY_CODE, code, 3, &error);
        }
    }
    *status = (int32_t)error;
    if (U_FAILURE(error)) {
        if (format != NULL) unum_close(format);
        return NULL;
    }
    return format;
}

double mkicu_currency_parse(const void *format, const uint16_t *text, int32_t length,
                            char *currency, int32_t *end, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UChar code[4] = {0};
    int32_t position = 0;
    double value = unum_parseDoubleCurrency((const UNumberFormat *)format, (const UChar *)text, length, &position, code, &error);
    u_UCharsToChars(code, currency, 3);
    currency[3] = 0;
    *end = position;
    *status = (int32_t)error;
    return value;
}

int32_t mkicu_version(char *buffer, int32_t capacity) {
    UVersionInfo version;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(version);
    u_versionToString(version, text);
    int32_t length = (int32_t)strlen(text);
    if (length >= capacity) return 0;
    memcpy(buffer, text, (size_t)length + 1);
    return length;
}

int32_t mkicu_currency_data_bundle(const char *locale, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *data = ures_open(MKICU_CURRENCY_TREE, locale, &error);
    const char *actual = U_SUCCESS(error) ? ures_getLocaleByType(data, ULOC_ACTUAL_LOCALE, &error) : NULL;
    int32_t length = 0;
    if (U_SUCCESS(error) && actual != NULL) {
        length = (int32_t)strlen(actual);
        if (length < capacity) memcpy(buffer, actual, (size_t)length + 1);
    }
    if (data != NULL) ures_close(data);
    *status = U_FAILURE(error) ? (int32_t)error : (length >= capacity ? MKICU_BUFFER_OVERFLOW : 0);
    return length;
}

/// Appends one record: a kind unit, an ASCII key (code, or code + keyword + TAB), a UTF-16 value, LF.
static void append_name_record(uint16_t kind, const char *key, const char *suffix, const UChar *value, int32_t valueLength,
                               uint16_t *buffer, int32_t capacity, int32_t *written) {
    int32_t keyLength = (int32_t)strlen(key);
    int32_t suffixLength = suffix == NULL ? 0 : (int32_t)strlen(suffix) + 1;
    int32_t length = 1 + keyLength + suffixLength + valueLength + 1;
    if (*written + length <= capacity) {
        uint16_t *out = buffer + *written;
        int32_t at = 0;
        out[at++] = kind;
        for (int32_t i = 0; i < keyLength; i++) out[at++] = (uint16_t)(unsigned char)key[i];
        if (suffix != NULL) {
            for (int32_t i = 0; i < suffixLength - 1; i++) out[at++] = (uint16_t)(unsigned char)suffix[i];
            out[at++] = '\t';
        }
        memcpy(out + at, value, sizeof(UChar) * (size_t)valueLength);
        at += valueLength;
        out[at] = '\n';
    }
    *written += length;
}

/// The table `key` of `data` when `bundle` defines it itself (not inherited), else NULL.
static UResourceBundle *own_table(UResourceBundle *data, const char *bundle, const char *key) {
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *table = ures_getByKey(data, key, NULL, &error);
    const char *owner = U_SUCCESS(error) ? ures_getLocaleByType(table, ULOC_ACTUAL_LOCALE, &error) : NULL;
    if (U_FAILURE(error) || owner == NULL || strcmp(owner, bundle) != 0) {
        if (table != NULL) ures_close(table);
        return NULL;
    }
    return table;
}

static int32_t bundle_display_names_utf16(const char *bundle, int32_t parent_only, uint16_t *buffer, int32_t capacity,
                                          int32_t *status);

int32_t mkicu_currency_bundle_display_names(const char *bundle, int32_t parent_only, char *buffer, int32_t capacity,
                                            int32_t *status) {
    // Records are built in UTF-16 (ICU's strings), then converted to UTF-8 in one pass.
    int32_t utf16Capacity = parent_only ? 256 : 32768;
    for (;;) {
        uint16_t *utf16 = (uint16_t *)malloc(sizeof(uint16_t) * (size_t)utf16Capacity);
        if (utf16 == NULL) {
            *status = (int32_t)U_MEMORY_ALLOCATION_ERROR;
            return 0;
        }
        int32_t utf16Status = 0;
        int32_t length = bundle_display_names_utf16(bundle, parent_only, utf16, utf16Capacity, &utf16Status);
        if (utf16Status == MKICU_BUFFER_OVERFLOW) {
            free(utf16);
            utf16Capacity = length + 1;
            continue;
        }
        if (utf16Status > 0) {
            free(utf16);
            *status = utf16Status;
            return 0;
        }
        UErrorCode error = U_ZERO_ERROR;
        int32_t utf8Length = 0;
        u_strToUTF8(buffer, capacity, &utf8Length, (const UChar *)utf16, length, &error);
        free(utf16);
        *status = error == U_BUFFER_OVERFLOW_ERROR || utf8Length > capacity ? MKICU_BUFFER_OVERFLOW
            : (U_FAILURE(error) ? (int32_t)error : 0);
        return utf8Length;
    }
}

static int32_t bundle_display_names_utf16(const char *bundle, int32_t parent_only, uint16_t *buffer, int32_t capacity,
                                          int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t written = 0;
    // ures_open with an owner check, not ures_openDirect (see mkicu_currency_bundle_symbols).
    UResourceBundle *data = ures_open(MKICU_CURRENCY_TREE, bundle, &error);
    const char *actual = U_SUCCESS(error) ? ures_getLocaleByType(data, ULOC_ACTUAL_LOCALE, &error) : NULL;
    if (U_FAILURE(error) || actual == NULL || strcmp(actual, bundle) != 0) {
        if (data != NULL) ures_close(data);
        *status = U_FAILURE(error) ? (int32_t)error : (int32_t)U_MISSING_RESOURCE_ERROR;
        return 0;
    }
    // The parent: an explicit one, or root, else (the caller's rule) the name minus its last subtag.
    UResourceBundle *marker = own_table(data, bundle, "%%ParentIsRoot");
    if (marker != NULL) {
        static const UChar none[1] = {0};
        append_name_record('R', "", NULL, none, 0, buffer, capacity, &written);
        ures_close(marker);
    } else {
        UResourceBundle *parent = own_table(data, bundle, "%%Parent");
        if (parent != NULL) {
            UErrorCode parentError = U_ZERO_ERROR;
            int32_t length = 0;
            const UChar *name = ures_getString(parent, &length, &parentError);
            if (U_SUCCESS(parentError)) append_name_record('P', "", NULL, name, length, buffer, capacity, &written);
            ures_close(parent);
        }
    }
    if (parent_only) {
        ures_close(data);
        *status = written > capacity ? MKICU_BUFFER_OVERFLOW : 0;
        return written;
    }
    UResourceBundle *entry = NULL;
    UResourceBundle *currencies = own_table(data, bundle, "Currencies");
    if (currencies != NULL) {
        while (ures_hasNext(currencies)) {
            UErrorCode entryError = U_ZERO_ERROR;
            entry = ures_getNextResource(currencies, entry, &entryError);
            const char *code = U_SUCCESS(entryError) ? ures_getKey(entry) : NULL;
            if (code == NULL || strlen(code) != 3 || ures_getType(entry) != URES_ARRAY) continue;
            for (int32_t index = 0; index < 2; index++) {
                UErrorCode nameError = U_ZERO_ERROR;
                int32_t length = 0;
                const UChar *name = ures_getStringByIndex(entry, index, &length, &nameError);
                if (U_SUCCESS(nameError)) {
                    append_name_record(index == 0 ? 's' : 'l', code, NULL, name, length, buffer, capacity, &written);
                }
            }
        }
        ures_close(currencies);
    }
    UResourceBundle *narrow = own_table(data, bundle, "Currencies%narrow");
    if (narrow != NULL) {
        while (ures_hasNext(narrow)) {
            UErrorCode entryError = U_ZERO_ERROR;
            entry = ures_getNextResource(narrow, entry, &entryError);
            const char *code = U_SUCCESS(entryError) ? ures_getKey(entry) : NULL;
            int32_t length = 0;
            const UChar *name = code != NULL ? ures_getString(entry, &length, &entryError) : NULL;
            if (name != NULL && U_SUCCESS(entryError) && strlen(code) == 3) {
                append_name_record('n', code, NULL, name, length, buffer, capacity, &written);
            }
        }
        ures_close(narrow);
    }
    UResourceBundle *plurals = own_table(data, bundle, "CurrencyPlurals");
    if (plurals != NULL) {
        UResourceBundle *form = NULL;
        while (ures_hasNext(plurals)) {
            UErrorCode entryError = U_ZERO_ERROR;
            entry = ures_getNextResource(plurals, entry, &entryError);
            const char *code = U_SUCCESS(entryError) ? ures_getKey(entry) : NULL;
            if (code == NULL || strlen(code) != 3 || ures_getType(entry) != URES_TABLE) continue;
            ures_resetIterator(entry);
            while (ures_hasNext(entry)) {
                UErrorCode formError = U_ZERO_ERROR;
                form = ures_getNextResource(entry, form, &formError);
                const char *keyword = U_SUCCESS(formError) ? ures_getKey(form) : NULL;
                int32_t length = 0;
                const UChar *name = keyword != NULL ? ures_getString(form, &length, &formError) : NULL;
                if (name != NULL && U_SUCCESS(formError)) {
                    append_name_record('p', code, keyword, name, length, buffer, capacity, &written);
                }
            }
        }
        if (form != NULL) ures_close(form);
        ures_close(plurals);
    }
    if (entry != NULL) ures_close(entry);
    ures_close(data);
    *status = written > capacity ? MKICU_BUFFER_OVERFLOW : 0;
    return written;
}

int32_t mkicu_resource_owner(const char *locale, const char *path, char *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *data = ures_open(NULL, locale, &error);
    UResourceBundle *resource = U_SUCCESS(error) ? ures_getByKeyWithFallback(data, path, NULL, &error) : NULL;
    const char *owner = U_SUCCESS(error) ? ures_getLocaleByType(resource, ULOC_ACTUAL_LOCALE, &error) : NULL;
    int32_t length = 0;
    if (U_SUCCESS(error) && owner != NULL) {
        length = (int32_t)strlen(owner);
        if (length < capacity) memcpy(buffer, owner, (size_t)length + 1);
    }
    if (resource != NULL) ures_close(resource);
    if (data != NULL) ures_close(data);
    // A missing resource is an answer (empty), not a failure.
    *status = error == U_MISSING_RESOURCE_ERROR ? 0 : (U_FAILURE(error) ? (int32_t)error : (length >= capacity ? MKICU_BUFFER_OVERFLOW : 0));
    return error == U_MISSING_RESOURCE_ERROR ? 0 : length;
}

/// Appends `text` (ASCII) as UTF-16.
static void append_ascii(const char *text, uint16_t *buffer, int32_t capacity, int32_t *written) {
    for (const char *at = text; *at != 0; at++) {
        if (*written < capacity) buffer[*written] = (uint16_t)(unsigned char)*at;
        *written += 1;
    }
}

/// The parent of a main-tree bundle: its `%%Parent`, root for `%%ParentIsRoot`, else the
/// name without its last subtag (root after a bare language). Empty after root.
static void main_tree_parent(const char *bundle, char *parent, size_t capacity) {
    parent[0] = 0;
    if (strcmp(bundle, "root") == 0) return;
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *data = ures_open(NULL, bundle, &error);
    if (U_SUCCESS(error)) {
        UResourceBundle *marker = own_table(data, bundle, "%%ParentIsRoot");
        if (marker != NULL) {
            ures_close(marker);
            ures_close(data);
            snprintf(parent, capacity, "root");
            return;
        }
        UResourceBundle *named = own_table(data, bundle, "%%Parent");
        if (named != NULL) {
            UErrorCode nameError = U_ZERO_ERROR;
            int32_t length = (int32_t)capacity;
            ures_getUTF8String(named, parent, &length, 1, &nameError);  // forceCopy: else it may only return a pointer
            ures_close(named);
            ures_close(data);
            if (U_FAILURE(nameError)) parent[0] = 0;
            return;
        }
    }
    if (data != NULL) ures_close(data);
    const char *cut = strrchr(bundle, '_');
    if (cut == NULL) {
        snprintf(parent, capacity, "root");
    } else {
        size_t length = (size_t)(cut - bundle);
        if (length >= capacity) length = capacity - 1;
        memcpy(parent, bundle, length);
        parent[length] = 0;
    }
}

int32_t mkicu_compact_patterns(const char *locale, const char *path, uint16_t *buffer, int32_t capacity, int32_t *status) {
    int32_t written = 0;
    char current[ULOC_FULLNAME_CAPACITY];
    snprintf(current, sizeof current, "%s", locale);
    // At most a handful of levels (region, script, language, root); the bound only guards
    // against a cycle in malformed data.
    for (int level = 0; level < 16 && current[0] != 0; level++) {
        UErrorCode error = U_ZERO_ERROR;
        UResourceBundle *data = ures_open(NULL, current, &error);
        UResourceBundle *table = U_SUCCESS(error) ? ures_getByKeyWithFallback(data, path, NULL, &error) : NULL;
        const char *owner = U_SUCCESS(error) ? ures_getLocaleByType(table, ULOC_ACTUAL_LOCALE, &error) : NULL;
        if (U_FAILURE(error) || owner == NULL) {
            if (table != NULL) ures_close(table);
            if (data != NULL) ures_close(data);
            break;
        }
        char ownerName[ULOC_FULLNAME_CAPACITY];
        snprintf(ownerName, sizeof ownerName, "%s", owner);
        UResourceBundle *power = NULL;
        while (ures_hasNext(table)) {
            UErrorCode powerError = U_ZERO_ERROR;
            power = ures_getNextResource(table, power, &powerError);
            if (U_FAILURE(powerError) || ures_getType(power) != URES_TABLE) continue;
            const char *powerKey = ures_getKey(power);
            UResourceBundle *variant = NULL;
            while (ures_hasNext(power)) {
                UErrorCode variantError = U_ZERO_ERROR;
                variant = ures_getNextResource(power, variant, &variantError);
                if (U_FAILURE(variantError)) continue;
                int32_t length = 0;
                const UChar *pattern = ures_getString(variant, &length, &variantError);
                if (U_FAILURE(variantError)) continue;
                append_ascii(powerKey, buffer, capacity, &written);
                append_ascii("\t", buffer, capacity, &written);
                append_ascii(ures_getKey(variant), buffer, capacity, &written);
                append_ascii("\t", buffer, capacity, &written);
                for (int32_t i = 0; i < length; i++) {
                    if (written < capacity) buffer[written] = pattern[i];
                    written += 1;
                }
                append_ascii("\n", buffer, capacity, &written);
            }
            if (variant != NULL) ures_close(variant);
        }
        if (power != NULL) ures_close(power);
        ures_close(table);
        ures_close(data);
        main_tree_parent(ownerName, current, sizeof current);
    }
    *status = written > capacity ? MKICU_BUFFER_OVERFLOW : 0;
    return written;
}

int32_t mkicu_resource_string(const char *locale, const char *path, uint16_t *buffer, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UResourceBundle *data = ures_open(NULL, locale, &error);
    int32_t length = 0;
    UResourceBundle *resource = U_SUCCESS(error) ? ures_getByKeyWithFallback(data, path, NULL, &error) : NULL;
    const UChar *text = U_SUCCESS(error) ? ures_getString(resource, &length, &error) : NULL;
    if (U_SUCCESS(error) && text != NULL && length <= capacity) memcpy(buffer, text, sizeof(UChar) * (size_t)length);
    if (resource != NULL) ures_close(resource);
    if (data != NULL) ures_close(data);
    *status = U_FAILURE(error) ? (int32_t)error : (length > capacity ? MKICU_BUFFER_OVERFLOW : 0);
    return U_FAILURE(error) ? 0 : length;
}
