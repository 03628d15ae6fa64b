// The C++ half of the shim: what ICU's C API lacks.
//
// 1. Locale::canonicalize, which replaces CLDR's aliases (`en_UK` -> `en_GB`); uloc_canonicalize
//    only normalizes the form.
//
// 2. ICU's modern number formatter, the reference output that locale profiles learn from
// (compact affixes, currency-name sides, grouping) and that the tests compare with.
//
// C++ because of one setting the C API (unumf) lacks: when its formatter is built. ICU
// formats the first two calls on a formatter by building its data structures and throwing
// them away, and keeps them from the third call (`threshold`, 3 by default). Profiles
// open a formatter per probe and format a dozen values with it, so building once, on the
// first call, saves about two thirds of that work in every locale's cold start
// (BENCHMARKS.md, cold start). The output is the same; only when the work happens changes.
// `threshold` is ICU internal API (numberformatter.h), exported by libicui18n.
#include "CMoneyKitICU.h"

#include <string.h>
#include <unicode/locid.h>
#include <unicode/numberformatter.h>
#include <unicode/unistr.h>

namespace {
/// Build the formatter's data structures on the first format call (see above).
constexpr int32_t kBuildOnFirstCall = 1;
}

extern "C" void *mkicu_numberformatter_open(const char *locale, const uint16_t *skeleton, int32_t skeletonLength,
                                            int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    icu::UnicodeString text(reinterpret_cast<const char16_t *>(skeleton), skeletonLength);
    icu::number::UnlocalizedNumberFormatter unlocalized = icu::number::NumberFormatter::forSkeleton(text, error);
    if (U_FAILURE(error)) {
        *status = static_cast<int32_t>(error);
        return nullptr;
    }
    // ICU's UMemory operator new: uprv_malloc, null on failure, never throws.
    auto *formatter = new icu::number::LocalizedNumberFormatter(std::move(unlocalized).locale(icu::Locale(locale)).threshold(kBuildOnFirstCall));
    *status = static_cast<int32_t>(formatter == nullptr ? U_MEMORY_ALLOCATION_ERROR : U_ZERO_ERROR);
    return formatter;
}

extern "C" void mkicu_numberformatter_close(void *formatter) {
    delete static_cast<icu::number::LocalizedNumberFormatter *>(formatter);
}

extern "C" int32_t mkicu_numberformatter_format_decimal(const void *formatter, const char *decimal, uint16_t *buffer,
                                                        int32_t capacity, int32_t *status) {
    const auto *localized = static_cast<const icu::number::LocalizedNumberFormatter *>(formatter);
    UErrorCode error = U_ZERO_ERROR;
    icu::number::FormattedNumber result = localized->formatDecimal(decimal, error);
    int32_t length = 0;
    if (U_SUCCESS(error)) {
        icu::UnicodeString text = result.toString(error);
        if (U_SUCCESS(error)) length = text.extract(reinterpret_cast<char16_t *>(buffer), capacity, error);
    }
    *status = static_cast<int32_t>(error);
    return length;
}

extern "C" int32_t mkicu_alias_canonical_locale(const char *identifier, char *buffer, int32_t capacity,
                                                int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    icu::Locale locale(identifier);
    locale.canonicalize(error);
    if (U_FAILURE(error) || locale.isBogus()) {
        *status = static_cast<int32_t>(U_FAILURE(error) ? error : U_ILLEGAL_ARGUMENT_ERROR);
        return 0;
    }
    const char *name = locale.getName();
    int32_t length = static_cast<int32_t>(strlen(name));
    if (length < capacity) {
        memcpy(buffer, name, static_cast<size_t>(length) + 1);
        *status = static_cast<int32_t>(U_ZERO_ERROR);
    } else {
        *status = static_cast<int32_t>(U_BUFFER_OVERFLOW_ERROR);
    }
    return length;
}
