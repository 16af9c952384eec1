// Query-time widening (the per-bundle synonym tables of SpotlightCore): a word's stem in a
// language, the terms a parsed query holds, and rewrites that OR an alternative query beside
// every occurrence of one term or of one group of n-gram terms (a CJK word).
#include "cxapian_private.hpp"

#include <set>
#include <vector>

namespace {

// query with every leaf equal to term replaced by OR(leaf, widening); *changed says whether
// it held one (an unchanged subtree is returned as it was, sharing its nodes).
Xapian::Query widen(const Xapian::Query &query, const std::string &term, const Xapian::Query &widening,
                    bool *changed) {
    *changed = false;
    Xapian::Query::op op = query.get_type();
    if (op == Xapian::Query::LEAF_TERM) {
        if (*query.get_terms_begin() != term) return query;
        *changed = true;
        return Xapian::Query(Xapian::Query::OP_OR, query, widening);
    }
    return cx_rewrite_subqueries(query, op, changed, [&](const Xapian::Query &part, bool *part_changed) {
        return widen(part, term, widening, part_changed);
    });
}

// query with every AND node that holds a leaf for each of group's terms (the n-grams of one
// CJK word) rebuilt with those leaves as OR(AND(leaves), widening) beside its other parts;
// *changed says whether it held one. A group of one term is widened as a term.
Xapian::Query widen_group(const Xapian::Query &query, const std::set<std::string> &group,
                          const Xapian::Query &widening, bool *changed) {
    *changed = false;
    Xapian::Query::op op = query.get_type();
    if (group.size() == 1) return widen(query, *group.begin(), widening, changed);
    if (op == Xapian::Query::OP_AND) {
        std::vector<Xapian::Query> members, others;
        std::set<std::string> found;
        for (size_t i = 0; i < query.get_num_subqueries(); ++i) {
            Xapian::Query part = query.get_subquery(i);
            bool member = part.get_type() == Xapian::Query::LEAF_TERM && group.count(*part.get_terms_begin()) != 0
                && found.insert(*part.get_terms_begin()).second;
            (member ? members : others).push_back(part);
        }
        if (found.size() == group.size()) {
            *changed = true;
            others.push_back(Xapian::Query(Xapian::Query::OP_OR,
                                           Xapian::Query(Xapian::Query::OP_AND, members.begin(), members.end()),
                                           widening));
            return Xapian::Query(Xapian::Query::OP_AND, others.begin(), others.end());
        }
    }
    return cx_rewrite_subqueries(query, op, changed, [&](const Xapian::Query &part, bool *part_changed) {
        return widen_group(part, group, widening, part_changed);
    });
}

// query with every leaf of the field `prefix` (XP<name>:, or its stem Z XP<name>:) t replaced by
// OR(t, FILTER(t's free-text term, marker)): documents whose text in the field was too long
// for field terms hold the marker and the words as free text only (TermSchema.longText).
Xapian::Query widen_field(const Xapian::Query &query, const std::string &prefix, const std::string &marker,
                          bool *changed) {
    *changed = false;
    if (query.get_type() == Xapian::Query::LEAF_TERM) {
        const std::string &term = *query.get_terms_begin();
        std::string free_term;
        if (term.compare(0, prefix.size(), prefix) == 0) free_term = term.substr(prefix.size());
        else if (term.size() > prefix.size() && term[0] == 'Z' && term.compare(1, prefix.size(), prefix) == 0)
            free_term = "Z" + term.substr(prefix.size() + 1);
        if (free_term.empty()) return query;
        *changed = true;
        return Xapian::Query(Xapian::Query::OP_OR, query,
                             Xapian::Query(Xapian::Query::OP_FILTER, Xapian::Query(free_term), Xapian::Query(marker)));
    }
    return cx_rewrite_subqueries(query, query.get_type(), changed, [&](const Xapian::Query &part, bool *part_changed) {
        return widen_field(part, prefix, marker, part_changed);
    });
}

// a and b merged where they differ: nodes of one rebuildable operator with as many
// subqueries are merged part by part, anything else that differs becomes OP_MAX(a, b).
// *same says whether they were alike (then a is returned as it was).
Xapian::Query merge_reading(const Xapian::Query &a, const Xapian::Query &b, bool *same) {
    Xapian::Query::op op = a.get_type();
    size_t count = a.get_num_subqueries();
    if (op == b.get_type() && count > 0 && count == b.get_num_subqueries() && cx_rebuildable_op(op)) {
        std::vector<Xapian::Query> parts;
        *same = true;
        for (size_t i = 0; i < count; ++i) {
            bool part_same = false;
            parts.push_back(merge_reading(a.get_subquery(i), b.get_subquery(i), &part_same));
            *same = *same && part_same;
        }
        return *same ? a : Xapian::Query(op, parts.begin(), parts.end());
    }
    *same = a.get_description() == b.get_description();
    return *same ? a : Xapian::Query(Xapian::Query::OP_MAX, a, b);
}

// The distinct terms of query as counted strings (see cxapian.h), each with count 0.
std::string counted_terms(const Xapian::Query &query) {
    std::string buffer;
    for (auto term = query.get_unique_terms_begin(); term != query.get_terms_end(); ++term)
        cx_append_counted(buffer, 0, *term);
    return buffer;
}

} // namespace

extern "C" cx_status cx_stem_word(const char *language, const char *word, size_t word_len, char **stem,
                                  size_t *stem_len, char **error) {
    CX_REQUIRE(word, error);
    CX_REQUIRE(stem, error);
    CX_REQUIRE(stem_len, error);
    CX_GUARD(error, {
        std::string result = cx_stemmer_for_language(language)(std::string(word, word_len));
        *stem = cx_copy_string(result);
        *stem_len = result.size();
    });
}

extern "C" cx_status cx_query_terms(const cx_query *query, char **list, size_t *list_len, char **error) {
    CX_REQUIRE(query, error);
    CX_REQUIRE(list, error);
    CX_REQUIRE(list_len, error);
    CX_GUARD(error, {
        std::string buffer = counted_terms(query->query);
        *list = cx_copy_string(buffer);
        *list_len = buffer.size();
    });
}

extern "C" cx_status cx_query_widen_term(const cx_query *query, const char *term, size_t term_len,
                                         const cx_query *widening, cx_query **out, char **error) {
    CX_REQUIRE(query, error);
    CX_REQUIRE(term, error);
    CX_REQUIRE(widening, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        bool changed = false;
        *out = new cx_query{widen(query->query, std::string(term, term_len), widening->query, &changed)};
    });
}

extern "C" cx_status cx_query_widen_group(const cx_query *query, const cx_query *group, const cx_query *widening,
                                          cx_query **out, char **error) {
    CX_REQUIRE(query, error);
    CX_REQUIRE(group, error);
    CX_REQUIRE(widening, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        std::set<std::string> terms(group->query.get_unique_terms_begin(), group->query.get_terms_end());
        bool changed = false;
        *out = new cx_query{terms.empty() ? query->query : widen_group(query->query, terms, widening->query, &changed)};
    });
}

extern "C" cx_status cx_query_widen_long_text_field(const cx_query *query, const char *prefix, size_t prefix_len,
                                                    const char *marker, size_t marker_len, cx_query **out,
                                                    char **error) {
    CX_REQUIRE(query, error);
    CX_REQUIRE(prefix, error);
    CX_REQUIRE(marker, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        bool changed = false;
        *out = new cx_query{widen_field(query->query, std::string(prefix, prefix_len),
                                        std::string(marker, marker_len), &changed)};
    });
}

extern "C" cx_status cx_query_merge_reading(const cx_query *query, const cx_query *reading, cx_query **out,
                                           char **error) {
    CX_REQUIRE(query, error);
    CX_REQUIRE(reading, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        bool same = false;
        *out = new cx_query{merge_reading(query->query, reading->query, &same)};
    });
}
