// Documents: term generation (English unless cx_document_set_language, STEM_SOME, CJK n-grams, positions), boolean terms, values, data.
#include "cxapian_private.hpp"

extern "C" cx_status cx_document_new(cx_document **out, char **error) {
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        auto handle = std::make_unique<cx_document>();
        handle->generator.set_stemmer(Xapian::Stem("english"));
        handle->generator.set_stemming_strategy(Xapian::TermGenerator::STEM_SOME);
        handle->generator.set_flags(Xapian::TermGenerator::FLAG_CJK_NGRAM);   // words inside unspaced CJK text
        handle->generator.set_document(handle->doc);
        *out = handle.release();
    });
}

extern "C" cx_status cx_document_set_max_word_length(cx_document *doc, unsigned bytes, char **error) {
    CX_REQUIRE(doc, error);
    CX_GUARD(error, { doc->generator.set_max_word_length(bytes); });
}

extern "C" void cx_document_destroy(cx_document *doc) {
    try {
        delete doc;
    } catch (...) {
    }
}

extern "C" cx_status cx_document_index_text(cx_document *doc, const char *text, size_t text_len,
                                            const char *prefix, unsigned wdf_inc, char **error) {
    CX_REQUIRE(doc, error);
    CX_REQUIRE(text, error);
    CX_GUARD(error, {
        doc->generator.index_text(std::string(text, text_len), wdf_inc, prefix == nullptr ? "" : prefix);
    });
}

namespace {

// Sets a generator's stemming strategy for one scope and puts STEM_SOME back, even when
// indexing throws.
struct StrategyScope {
    Xapian::TermGenerator &generator;
    StrategyScope(Xapian::TermGenerator &generator, Xapian::TermGenerator::stem_strategy strategy)
        : generator(generator) {
        generator.set_stemming_strategy(strategy);
    }
    ~StrategyScope() { generator.set_stemming_strategy(Xapian::TermGenerator::STEM_SOME); }
};

}  // namespace

extern "C" cx_status cx_document_index_field_text(cx_document *doc, const char *text, size_t text_len,
                                                  const char *prefix, unsigned wdf_inc, char **error) {
    CX_REQUIRE(doc, error);
    CX_REQUIRE(text, error);
    CX_REQUIRE(prefix, error);
    CX_GUARD(error, {
        if (*prefix == '\0') throw Xapian::InvalidArgumentError("a field needs a prefix");
        // With a stemmer: Z<prefix><stem> of every word, digits first or not (STEM_ALL_Z).
        // Without one: <prefix><word>, which is all STEM_SOME makes then.
        StrategyScope scope(doc->generator, doc->stemmed ? Xapian::TermGenerator::STEM_ALL_Z
                                                         : Xapian::TermGenerator::STEM_SOME);
        doc->generator.index_text_without_positions(std::string(text, text_len), wdf_inc, prefix);
    });
}

extern "C" cx_status cx_document_increase_termpos(cx_document *doc, unsigned delta, char **error) {
    CX_REQUIRE(doc, error);
    CX_GUARD(error, { doc->generator.increase_termpos(delta); });
}

extern "C" cx_status cx_document_add_boolean_term(cx_document *doc, const char *term, size_t term_len,
                                                  char **error) {
    CX_REQUIRE(doc, error);
    CX_REQUIRE(term, error);
    CX_GUARD(error, { doc->doc.add_boolean_term(std::string(term, term_len)); });
}

extern "C" cx_status cx_document_set_value(cx_document *doc, unsigned slot, const char *value,
                                           size_t value_len, char **error) {
    CX_REQUIRE(doc, error);
    CX_REQUIRE(value, error);
    CX_GUARD(error, { doc->doc.add_value(slot, std::string(value, value_len)); });
}

extern "C" cx_status cx_document_set_data(cx_document *doc, const char *data, size_t data_len, char **error) {
    CX_REQUIRE(doc, error);
    CX_REQUIRE(data, error);
    CX_GUARD(error, { doc->doc.set_data(std::string(data, data_len)); });
}

extern "C" cx_status cx_sortable_serialise(double number, char *buffer, size_t *length) {
    if (buffer == nullptr || length == nullptr) return CX_ERR_INVALID_ARGUMENT;
    try {
        std::string text = Xapian::sortable_serialise(number);
        text.copy(buffer, text.size());
        *length = text.size();
    } catch (...) {
        return cx_status_from_current_exception(nullptr);
    }
    return CX_OK;
}
