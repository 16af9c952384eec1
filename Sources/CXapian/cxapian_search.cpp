// Search features beyond matching: number ranges, spelling, completions, sorting, facets,
// snippets and the terms that matched. Same conventions as the rest of the C API.
#include "cxapian_private.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <utility>
#include <vector>

// Word -> how many documents hold it (named: a comma inside CX_GUARD's body would split it).
typedef std::map<std::string, uint64_t> word_counts;
typedef std::pair<std::string, uint64_t> word_count;

static void give(const std::string &buffer, char **list, size_t *list_len) {
    *list = cx_copy_string(buffer);
    *list_len = buffer.size();
}

// Unprefixed terms start with a lower-case letter, a digit or a non-ASCII byte; prefixes are
// upper case (Xapian omega's convention, see TermSchema.swift).
static bool is_unprefixed(const std::string &term) {
    return !term.empty() && !(term[0] >= 'A' && term[0] <= 'Z');
}

bool cx_is_spelling_word(const std::string &term) {
    return is_unprefixed(term) && !cx_term_has_cjk(term);
}

void cx_count_spelling(cx_database *db, const Xapian::Document &doc, int64_t sign) {
    for (auto term = doc.termlist_begin(); term != doc.termlist_end(); ++term)
        if (cx_is_spelling_word(*term)) db->spelling_delta[*term] += sign;
}

namespace {
// One `<prefix>low..high` over several slots: the OR of a number range on each (a property
// whose values live in one slot per bundle and kind, see PropertySlots.swift).
class MultiSlotNumberRange : public Xapian::RangeProcessor {
    std::vector<std::unique_ptr<Xapian::NumberRangeProcessor>> parts;
  public:
    MultiSlotNumberRange(const std::vector<Xapian::valueno> &slots, const std::string &prefix)
        : Xapian::RangeProcessor(slots.empty() ? Xapian::BAD_VALUENO : slots[0], prefix) {
        for (Xapian::valueno slot : slots) parts.push_back(std::make_unique<Xapian::NumberRangeProcessor>(slot, prefix));
    }
    Xapian::Query operator()(const std::string &begin, const std::string &end) override {
        Xapian::Query result;
        for (auto &part : parts) {
            Xapian::Query one = (*part)(begin, end);
            if (one.get_type() == Xapian::Query::OP_INVALID) return one;   // not a number: not ours
            result = result.empty() ? one : Xapian::Query(Xapian::Query::OP_OR, result, one);
        }
        return result.empty() ? Xapian::Query::MatchNothing : result;
    }
};
}

extern "C" cx_status cx_query_parser_add_number_ranges(cx_query_parser *qp, const unsigned *slots, size_t count,
                                                       const char *prefix, char **error) {
    CX_REQUIRE(qp, error);
    CX_REQUIRE(prefix, error);
    CX_GUARD(error, {
        if (!slots && count > 0) throw Xapian::InvalidArgumentError("no slots given");
        std::vector<Xapian::valueno> list(slots, slots + count);
        qp->parser.add_rangeprocessor((new MultiSlotNumberRange(list, prefix))->release());
    });
}

extern "C" cx_status cx_query_parser_corrected(const cx_query_parser *qp, char **text, size_t *text_len,
                                               char **error) {
    CX_REQUIRE(qp, error);
    CX_REQUIRE(text, error);
    CX_REQUIRE(text_len, error);
    CX_GUARD(error, { give(qp->parser.get_corrected_query_string(), text, text_len); });
}

extern "C" cx_status cx_database_update_spelling(cx_database *db, const char *unique_term, size_t term_len,
                                                 const cx_document *doc, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(unique_term, error);
    CX_GUARD(error, {
        if (db->writable == nullptr) throw Xapian::InvalidOperationError("the database was opened read-only");
        Xapian::WritableDatabase &w = *db->writable;
        std::string key(unique_term, term_len);
        for (auto post = w.postlist_begin(key); post != w.postlist_end(key); ++post)
            cx_count_spelling(db, w.get_document(*post), -1);
        if (doc != nullptr) cx_count_spelling(db, doc->doc, +1);
    });
}

void cx_flush_spelling(cx_database *db) {
    if (db->writable == nullptr || db->spelling_delta.empty()) return;
    Xapian::WritableDatabase &w = *db->writable;
    for (const auto &change : db->spelling_delta) {
        if (change.second > 0) w.add_spelling(change.first, static_cast<Xapian::termcount>(change.second));
        else if (change.second < 0) w.remove_spelling(change.first, static_cast<Xapian::termcount>(-change.second));
    }
    db->spelling_delta.clear();
}

extern "C" cx_status cx_database_flush_spelling(cx_database *db, char **error) {
    CX_REQUIRE(db, error);
    CX_GUARD(error, { cx_flush_spelling(db); });
}

extern "C" cx_status cx_database_position_count(const cx_database *db, const char *term, size_t term_len,
                                                uint64_t *count, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(term, error);
    CX_REQUIRE(count, error);
    CX_GUARD(error, {
        std::string name(term, term_len);
        uint64_t total = 0;
        for (auto post = db->db->postlist_begin(name); post != db->db->postlist_end(name); ++post)
            for (auto pos = post.positionlist_begin(); pos != post.positionlist_end(); ++pos) ++total;
        *count = total;
    });
}

extern "C" cx_status cx_database_term_frequency(const cx_database *db, const char *term, size_t term_len,
                                                uint64_t *frequency, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(term, error);
    CX_REQUIRE(frequency, error);
    CX_GUARD(error, { *frequency = db->db->get_termfreq(std::string(term, term_len)); });
}

extern "C" cx_status cx_database_slot_known_empty(const cx_database *db, unsigned slot, int *empty, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(empty, error);
    CX_GUARD(error, {
        // Only committed revisions of local databases: whether a writer's value statistics
        // count its pending documents is not relied on, and a remote shard's cost a round
        // trip each.
        bool local_committed = db->writable == nullptr && !db->holds_writer && !db->remote;
        *empty = local_committed && db->db->get_value_freq(slot) == 0 ? 1 : 0;
    });
}

extern "C" cx_status cx_database_slot_span(const cx_database *db, unsigned slot, int *known, uint64_t *documents,
                                          uint64_t *valued, double *lowest, double *highest, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(known, error);
    CX_REQUIRE(documents, error);
    CX_REQUIRE(valued, error);
    CX_REQUIRE(lowest, error);
    CX_REQUIRE(highest, error);
    CX_GUARD(error, {
        // As cx_database_slot_known_empty: committed local revisions only. Their value counts
        // are exact; the bounds may be looser than the values held (a deletion keeps them).
        *known = 0;
        *documents = *valued = 0;
        *lowest = *highest = 0;
        if (db->writable == nullptr && !db->holds_writer && !db->remote) {
            *documents = db->db->get_doccount();
            *valued = db->db->get_value_freq(slot);
            if (*valued > 0) {
                *lowest = Xapian::sortable_unserialise(db->db->get_value_lower_bound(slot));
                *highest = Xapian::sortable_unserialise(db->db->get_value_upper_bound(slot));
            }
            *known = 1;
        }
    });
}

extern "C" cx_status cx_database_spelling_frequency(const cx_database *db, const char *word, size_t word_len,
                                                    uint64_t *frequency, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(word, error);
    CX_REQUIRE(frequency, error);
    CX_GUARD(error, {
        std::string wanted(word, word_len);
        Xapian::TermIterator spelling = db->db->spellings_begin();
        spelling.skip_to(wanted);
        *frequency = spelling != db->db->spellings_end() && *spelling == wanted ? spelling.get_termfreq() : 0;
    });
}

extern "C" cx_status cx_database_complete(const cx_database *db, const cx_query *query, const char *prefix,
                                          size_t prefix_len, unsigned max_docs, unsigned max_results,
                                          char **list, size_t *list_len, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(query, error);
    CX_REQUIRE(prefix, error);
    CX_REQUIRE(list, error);
    CX_REQUIRE(list_len, error);
    CX_GUARD(error, {
        std::string start(prefix, prefix_len);
        Xapian::Enquire enquire(*db->db);
        enquire.set_query(query->query);
        Xapian::MSet mset = enquire.get_mset(0, max_docs);
        word_counts counts;
        for (auto match = mset.begin(); match != mset.end(); ++match) {
            Xapian::Document doc = match.get_document();
            auto term = doc.termlist_begin();
            term.skip_to(start);
            for (; term != doc.termlist_end() && (*term).compare(0, start.size(), start) == 0; ++term)
                if (cx_is_spelling_word(*term)) ++counts[*term];
        }
        std::vector<word_count> ranked(counts.begin(), counts.end());
        std::sort(ranked.begin(), ranked.end(), [](const word_count &a, const word_count &b) {
            return a.second != b.second ? a.second > b.second : a.first < b.first;
        });
        std::string buffer;
        for (size_t i = 0; i < ranked.size() && i < max_results; ++i)
            cx_append_counted(buffer, ranked[i].second, ranked[i].first);
        give(buffer, list, list_len);
    });
}

extern "C" cx_status cx_enquire_set_sort(cx_enquire *enquire, cx_sort sort, unsigned slot, int reverse,
                                         char **error) {
    CX_REQUIRE(enquire, error);
    CX_GUARD(error, {
        switch (sort) {
        case CX_SORT_RELEVANCE: enquire->enquire.set_sort_by_relevance(); break;
        case CX_SORT_VALUE: enquire->enquire.set_sort_by_value(slot, reverse != 0); break;
        case CX_SORT_VALUE_THEN_RELEVANCE: enquire->enquire.set_sort_by_value_then_relevance(slot, reverse != 0); break;
        case CX_SORT_RELEVANCE_THEN_VALUE: enquire->enquire.set_sort_by_relevance_then_value(slot, reverse != 0); break;
        default: throw Xapian::InvalidArgumentError("unknown cx_sort");
        }
    });
}

extern "C" cx_status cx_enquire_add_facet(cx_enquire *enquire, unsigned slot, unsigned *facet, char **error) {
    CX_REQUIRE(enquire, error);
    CX_REQUIRE(facet, error);
    CX_GUARD(error, {
        enquire->facets.push_back(std::make_unique<Xapian::ValueCountMatchSpy>(slot));
        enquire->enquire.add_matchspy(enquire->facets.back().get());
        *facet = static_cast<unsigned>(enquire->facets.size() - 1);
    });
}

extern "C" cx_status cx_enquire_facet_values(const cx_enquire *enquire, unsigned facet, unsigned max,
                                             char **list, size_t *list_len, char **error) {
    CX_REQUIRE(enquire, error);
    CX_REQUIRE(list, error);
    CX_REQUIRE(list_len, error);
    CX_GUARD(error, {
        if (facet >= enquire->facets.size()) throw Xapian::RangeError("no such facet");
        const Xapian::ValueCountMatchSpy &spy = *enquire->facets[facet];
        // top_values_begin reserves room for max values: ask for no more than there are.
        unsigned distinct = 0;
        for (auto value = spy.values_begin(); value != spy.values_end() && distinct < max; ++value) ++distinct;
        max = distinct;
        std::string buffer;
        for (auto value = spy.top_values_begin(max); value != spy.top_values_end(max); ++value)
            cx_append_counted(buffer, value.get_termfreq(), *value);
        give(buffer, list, list_len);
    });
}

extern "C" cx_status cx_enquire_get_mset_checking(cx_enquire *enquire, uint64_t offset, uint64_t limit,
                                                  uint64_t check_at_least, cx_mset **out, char **error) {
    CX_REQUIRE(enquire, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        *out = new cx_mset{enquire->enquire.get_mset(cx_doccount(offset),
                                                     cx_doccount(limit),
                                                     cx_doccount(check_at_least))};
    });
}

extern "C" cx_status cx_enquire_matching_terms(const cx_enquire *enquire, const cx_mset *mset, uint64_t index,
                                               char **list, size_t *list_len, char **error) {
    CX_REQUIRE(enquire, error);
    CX_REQUIRE(mset, error);
    CX_REQUIRE(list, error);
    CX_REQUIRE(list_len, error);
    CX_GUARD(error, {
        if (index >= mset->mset.size()) throw Xapian::RangeError("mset index out of range");
        Xapian::MSetIterator match = mset->mset[static_cast<Xapian::doccount>(index)];
        std::string buffer;
        for (auto term = enquire->enquire.get_matching_terms_begin(match);
             term != enquire->enquire.get_matching_terms_end(match); ++term)
            cx_append_counted(buffer, 0, *term);
        give(buffer, list, list_len);
    });
}

extern "C" cx_status cx_mset_matches_bounds(const cx_mset *mset, uint64_t *lower, uint64_t *upper, char **error) {
    CX_REQUIRE(mset, error);
    CX_REQUIRE(lower, error);
    CX_REQUIRE(upper, error);
    CX_GUARD(error, {
        *lower = mset->mset.get_matches_lower_bound();
        *upper = mset->mset.get_matches_upper_bound();
    });
}

extern "C" cx_status cx_mset_snippet(const cx_mset *mset, const char *text, size_t text_len, size_t length,
                                     const char *start, const char *end, const char *language, char **snippet,
                                     size_t *snippet_len, char **error) {
    CX_REQUIRE(mset, error);
    CX_REQUIRE(text, error);
    CX_REQUIRE(start, error);
    CX_REQUIRE(end, error);
    CX_REQUIRE(language, error);
    CX_REQUIRE(snippet, error);
    CX_REQUIRE(snippet_len, error);
    CX_GUARD(error, {
        give(mset->mset.snippet(std::string(text, text_len), length, cx_stemmer_for_language(language),
                                Xapian::MSet::SNIPPET_BACKGROUND_MODEL | Xapian::MSet::SNIPPET_EXHAUSTIVE
                                    | Xapian::MSet::SNIPPET_CJK_NGRAM,
                                start, end, "…"),
             snippet, snippet_len);
    });
}

extern "C" cx_status cx_sortable_unserialise(const char *value, size_t value_len, double *number) {
    if (value == nullptr || number == nullptr) return CX_ERR_INVALID_ARGUMENT;
    try {
        *number = Xapian::sortable_unserialise(std::string(value, value_len));
    } catch (...) {
        return cx_status_from_current_exception(nullptr);
    }
    return CX_OK;
}
