// Text in every language: Unicode folding (ICU), the stemmer of a language, CJK detection.
// Same conventions as the rest of the C API.
#include "cxapian_private.hpp"

#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

// Combining marks folded away ("diacritic-insensitive"): the Latin, Greek and Cyrillic
// combining diacritics, Hebrew points and Arabic harakat. Marks that change a letter in
// other scripts (kana voicing marks, Indic vowel signs, viramas) are kept.
static bool is_folded_mark(UChar32 c) {
    return (c >= 0x0300 && c <= 0x036F) || (c >= 0x1AB0 && c <= 0x1AFF) || (c >= 0x1DC0 && c <= 0x1DFF)
           || (c >= 0x20D0 && c <= 0x20FF) || (c >= 0xFE20 && c <= 0xFE2F) || (c >= 0x0591 && c <= 0x05C7)
           || (c >= 0x064B && c <= 0x065F) || c == 0x0670;
}

// Letters written with a stroke or as a ligature, which no normal form takes apart, as the
// plain letters people type for them on a keyboard without them (after case folding, so only
// the lower-case forms): Polish ł, Danish and Norwegian ø and æ, Vietnamese and Croatian đ,
// Maltese ħ, Sami ŧ, French œ, Icelandic ð and þ. Persian keheh and yeh meet the Arabic kaf and
// yeh that Arabic keyboards type for them. nullptr: the character stays.
static const char16_t *plain_letters(UChar32 c) {
    switch (c) {
    case 0x0142: return u"l";    // ł
    case 0x00F8: return u"o";    // ø
    case 0x0111: return u"d";    // đ
    case 0x0127: return u"h";    // ħ
    case 0x0167: return u"t";    // ŧ
    case 0x00E6: return u"ae";   // æ
    case 0x0153: return u"oe";   // œ
    case 0x00F0: return u"d";    // ð
    case 0x00FE: return u"th";   // þ
    case 0x0131: return u"i";    // Turkish dotless ı meets i, İ and I
    case 0x06A9: return u"\u0643";   // Persian keheh: Arabic kaf
    case 0x06CC: return u"\u064A";   // Persian yeh: Arabic yeh
    default: return nullptr;
    }
}

// Katakana as the Hiragana of the same sound, so that a word typed in either script finds the
// other (`てれび` finds `テレビ`), as Japanese search does: the small and voiced letters too, and
// the iteration marks. ヷ-ヺ, the prolonged sound mark ー and the middle dot have no Hiragana and
// stay. All in the BMP: one UTF-16 unit each.
static UChar32 hiragana_for_katakana(UChar32 c) {
    if ((c >= 0x30A1 && c <= 0x30F6) || c == 0x30FD || c == 0x30FE) return c - 0x60;
    return c;
}

static std::string fold(const std::string &text) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2 *casefold = icu::Normalizer2::getNFKCCasefoldInstance(status);
    const icu::Normalizer2 *nfd = icu::Normalizer2::getNFDInstance(status);
    const icu::Normalizer2 *nfc = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status)) throw Xapian::InternalError(std::string("ICU normalizers: ") + u_errorName(status));
    icu::UnicodeString folded = casefold->normalize(icu::UnicodeString::fromUTF8(text), status);
    icu::UnicodeString decomposed = nfd->normalize(folded, status);
    if (U_FAILURE(status)) throw Xapian::InternalError(std::string("ICU normalize: ") + u_errorName(status));
    icu::UnicodeString kept;
    UChar32 previous = 0;
    for (int32_t i = 0; i < decomposed.length();) {
        UChar32 c = decomposed.char32At(i);
        i += U16_LENGTH(c);
        // Cyrillic й and ў are letters of their own, not и and у with a mark: folded, Russian
        // adjectives no longer stemmed alike (новый became новыи, not the stem of новая).
        bool cyrillic_breve = c == 0x0306 && (previous == 0x0438 || previous == 0x0443);
        previous = c;
        if (is_folded_mark(c) && !cyrillic_breve) continue;
        if (const char16_t *plain = plain_letters(c)) kept.append(icu::UnicodeString(plain));
        else kept.append(c);
    }
    icu::UnicodeString composed = nfc->normalize(kept, status);
    if (U_FAILURE(status)) throw Xapian::InternalError(std::string("ICU normalize: ") + u_errorName(status));
    // Composed first, so that ヷ-ヺ stay letters rather than a Hiragana and a loose voicing mark.
    for (int32_t i = 0; i < composed.length(); ++i) {
        UChar c = composed.charAt(i);
        UChar32 hiragana = hiragana_for_katakana(c);
        if (hiragana != c) composed.setCharAt(i, static_cast<UChar>(hiragana));
    }
    std::string result;
    composed.toUTF8String(result);
    return result;
}

extern "C" cx_status cx_text_fold(const char *text, size_t text_len, char **folded, size_t *folded_len,
                                  char **error) {
    CX_REQUIRE(text, error);
    CX_REQUIRE(folded, error);
    CX_REQUIRE(folded_len, error);
    CX_GUARD(error, {
        std::string result = fold(std::string(text, text_len));
        *folded = cx_copy_string(result);
        *folded_len = result.size();
    });
}

Xapian::Stem cx_stemmer_for_language(const char *language) {
    if (language == nullptr || *language == '\0') return Xapian::Stem("english");
    std::string primary;
    for (const char *c = language; *c != '\0' && *c != '-' && *c != '_'; ++c)
        primary.push_back(static_cast<char>(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c));
    // Only two- and three-letter ISO 639 codes: Xapian also takes names ("english"), and
    // "none" means no stemmer, but a BCP 47 tag is neither.
    if (primary.size() < 2 || primary.size() > 3) return Xapian::Stem();
    for (char c : primary)
        if (c < 'a' || c > 'z') return Xapian::Stem();
    return Xapian::Stem(primary, true);   // a language Xapian has no stemmer for: none, not stemmed
}

extern "C" cx_status cx_language_has_stemmer(const char *language, int *found, char **error) {
    CX_REQUIRE(language, error);
    CX_REQUIRE(found, error);
    CX_GUARD(error, { *found = cx_stemmer_for_language(language).is_none() ? 0 : 1; });
}

extern "C" cx_status cx_document_set_language(cx_document *doc, const char *language, char **error) {
    CX_REQUIRE(doc, error);
    CX_REQUIRE(language, error);
    CX_GUARD(error, {
        Xapian::Stem stemmer = cx_stemmer_for_language(language);
        doc->generator.set_stemmer(stemmer);
        doc->stemmed = !stemmer.is_none();
    });
}

extern "C" cx_status cx_query_parser_set_language(cx_query_parser *qp, const char *language, char **error) {
    CX_REQUIRE(qp, error);
    CX_REQUIRE(language, error);
    CX_GUARD(error, { qp->parser.set_stemmer(cx_stemmer_for_language(language)); });
}

// The scripts Xapian's n-gram mode splits into unigrams and bigrams (Han, Hiragana, Katakana,
// Hangul, with their punctuation and compatibility blocks).
static bool is_cjk(UChar32 c) {
    return (c >= 0x1100 && c <= 0x11FF) || (c >= 0x2E80 && c <= 0x2FDF) || (c >= 0x2FF0 && c <= 0x9FFF)
           || (c >= 0xA960 && c <= 0xA97F) || (c >= 0xAC00 && c <= 0xD7FF) || (c >= 0xF900 && c <= 0xFAFF)
           || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x2FA1F);
}

bool cx_term_has_cjk(const std::string &term) {
    int32_t i = 0;
    int32_t length = static_cast<int32_t>(term.size());
    while (i < length) {
        UChar32 c;
        U8_NEXT(term.data(), i, length, c);
        if (c >= 0 && is_cjk(c)) return true;
    }
    return false;
}
