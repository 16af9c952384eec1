// Expands every wildcard (and partial last word) of a parsed query into explicit terms,
// once, against the database the query will run on. Xapian 1.4 otherwise expands an
// OP_WILDCARD per sub-database at match time, applying the most-frequent bound per shard,
// so a combined database of shards would score other terms than one local database.
#include "cxapian_private.hpp"
#include <algorithm>
#include <utility>

namespace {

// Reads a length written by Xapian 1.4's encode_length at text[pos]; advances pos.
bool read_length(const std::string &text, size_t &pos, size_t &value) {
    if (pos >= text.size()) return false;
    unsigned char first = static_cast<unsigned char>(text[pos++]);
    if (first != 0xff) {
        value = first;
        return true;
    }
    size_t rest = 0;
    unsigned shift = 0;
    while (pos < text.size() && shift < 63) {
        unsigned char byte = static_cast<unsigned char>(text[pos++]);
        rest |= static_cast<size_t>(byte & 0x7f) << shift;
        if (byte & 0x80) {
            value = rest + 255;
            return true;
        }
        shift += 7;
    }
    return false;
}

// The pattern and combining operator of an OP_WILDCARD query, read from its serialisation
// (Xapian 1.4 has no accessor): 0x0b, max expansion, max type, combiner, pattern length, pattern.
bool wildcard_parts(const Xapian::Query &query, std::string &pattern, Xapian::Query::op &combiner) {
    std::string text = query.serialise();
    size_t pos = 0, ignored = 0, length = 0;
    if (text.empty() || static_cast<unsigned char>(text[pos++]) != 0x0b) return false;
    if (!read_length(text, pos, ignored) || pos + 2 > text.size()) return false;
    pos += 1;   // max type
    combiner = static_cast<Xapian::Query::op>(static_cast<unsigned char>(text[pos++]));
    if (!read_length(text, pos, length) || pos + length != text.size()) return false;
    if (combiner != Xapian::Query::OP_OR && combiner != Xapian::Query::OP_SYNONYM
        && combiner != Xapian::Query::OP_MAX) return false;
    pattern = text.substr(pos);
    return true;
}

// The `max` terms starting with pattern that most documents of db hold (0: all), in term
// order; equal frequencies keep the smaller term.
std::vector<std::string> most_frequent(const Xapian::Database &db, const std::string &pattern, unsigned max) {
    std::vector<std::pair<Xapian::doccount, std::string>> found;
    for (auto term = db.allterms_begin(pattern); term != db.allterms_end(pattern); ++term) {
        found.emplace_back(term.get_termfreq(), *term);
    }
    if (max != 0 && found.size() > max) {
        std::sort(found.begin(), found.end(), [](const auto &a, const auto &b) {
            return a.first != b.first ? a.first > b.first : a.second < b.second;
        });
        found.resize(max);
    }
    std::vector<std::string> terms;
    for (auto &entry : found) terms.push_back(std::move(entry.second));
    std::sort(terms.begin(), terms.end());
    return terms;
}

// The field prefix of a term: S or K, or XP<name>: for a property (TermSchema.swift); empty
// for free text and for every other prefix.
std::string field_prefix(const std::string &term) {
    if (term.size() > 1 && (term[0] == 'S' || term[0] == 'K') && !(term[1] >= 'A' && term[1] <= 'Z'))
        return term.substr(0, 1);
    if (term.compare(0, 2, "XP") == 0) {
        size_t colon = term.find(':', 2);
        if (colon != std::string::npos) return term.substr(0, colon + 1);
    }
    return std::string();
}

// The window of an OP_PHRASE or OP_NEAR query, read from its serialisation (Xapian 1.4 has
// no accessor): one byte, the count less 8 when it is 8 or more, then the window.
bool window_of(const Xapian::Query &query, Xapian::termcount &window) {
    std::string text = query.serialise();
    size_t pos = 1, ignored = 0, value = 0;
    if (text.empty()) return false;
    if (query.get_num_subqueries() >= 8 && !read_length(text, pos, ignored)) return false;
    if (!read_length(text, pos, value)) return false;
    window = static_cast<Xapian::termcount>(value);
    return true;
}

// query with the field prefix taken off every term, or false when a term has another
// prefix than *prefix (set from the first term met when empty) or an operator cannot be rebuilt.
bool strip_field(const Xapian::Query &query, std::string &prefix, Xapian::Query &out) {
    if (query.get_type() == Xapian::Query::LEAF_TERM) {
        std::string term = *query.get_terms_begin();
        std::string this_prefix = field_prefix(term);
        if (this_prefix.empty() || (!prefix.empty() && this_prefix != prefix)) return false;
        prefix = this_prefix;
        out = Xapian::Query(term.substr(prefix.size()));
        return true;
    }
    size_t count = query.get_num_subqueries();
    if (count == 0 || !cx_rebuildable_op(query.get_type())) return false;
    std::vector<Xapian::Query> parts(count);
    for (size_t i = 0; i < count; ++i)
        if (!strip_field(query.get_subquery(i), prefix, parts[i])) return false;
    out = Xapian::Query(query.get_type(), parts.begin(), parts.end());
    return true;
}

// Field terms are indexed without positions (the free text holds every word once, with
// positions), so a phrase or NEAR of one field's terms (`title:"viewing party"`, or a NEAR
// whose last word is also a prefix) is matched as that phrase in the free text, filtered by
// the parts being in the field; the field terms alone are weighted, as in the phrase they
// replace. parts are the phrase's subqueries, wildcards expanded. Otherwise nullptr.
std::unique_ptr<Xapian::Query> unposition_field_phrase(const Xapian::Query &query,
                                                       const std::vector<Xapian::Query> &parts) {
    std::string prefix;
    std::vector<Xapian::Query> free_parts(parts.size());
    for (size_t i = 0; i < parts.size(); ++i)
        if (!strip_field(parts[i], prefix, free_parts[i])) return nullptr;
    Xapian::termcount window = 0;
    if (parts.empty() || !window_of(query, window)) return nullptr;
    Xapian::Query positional(query.get_type(), free_parts.begin(), free_parts.end(), window);
    Xapian::Query every(Xapian::Query::OP_AND, parts.begin(), parts.end());
    return std::make_unique<Xapian::Query>(Xapian::Query::OP_FILTER, every, positional);
}

// Returns query with its wildcards replaced; *expanded says whether it held one. A wildcard
// becomes OP_MAX of its terms, and so does a synonym around one: each term is then weighted
// with its own statistics of the whole database. A synonym's weight would use a frequency
// that Xapian 1.4 estimates, rounding per node of an OR tree shaped by each shard's own
// frequencies, so its scores would differ slightly between shards and one database.
Xapian::Query expand(const Xapian::Query &query, const Xapian::Database &db, unsigned max, bool *expanded) {
    *expanded = false;
    Xapian::Query::op op = query.get_type();
    if (op == Xapian::Query::OP_WILDCARD) {
        std::string pattern;
        Xapian::Query::op combiner;
        if (!wildcard_parts(query, pattern, combiner)) return query;
        std::vector<Xapian::Query> terms;
        for (const auto &term : most_frequent(db, pattern, max)) terms.emplace_back(term);
        *expanded = true;
        return Xapian::Query(Xapian::Query::OP_MAX, terms.begin(), terms.end());
    }
    if (op == Xapian::Query::OP_PHRASE || op == Xapian::Query::OP_NEAR) {
        std::vector<Xapian::Query> parts;
        for (size_t i = 0; i < query.get_num_subqueries(); ++i) {
            bool part_expanded = false;
            parts.push_back(expand(query.get_subquery(i), db, max, &part_expanded));
        }
        if (auto rewritten = unposition_field_phrase(query, parts)) {
            *expanded = true;
            return *rewritten;
        }
        return query;
    }
    Xapian::Query::op rebuilt = op == Xapian::Query::OP_SYNONYM ? Xapian::Query::OP_MAX : op;
    return cx_rewrite_subqueries(query, rebuilt, expanded, [&](const Xapian::Query &part, bool *part_expanded) {
        return expand(part, db, max, part_expanded);
    });
}

} // namespace

extern "C" cx_status cx_query_expand_wildcards(const cx_query *query, const cx_database *db, unsigned max,
                                               cx_query **out, char **error) {
    CX_REQUIRE(query, error);
    CX_REQUIRE(db, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        bool expanded = false;
        *out = new cx_query{expand(query->query, *db->db, max, &expanded)};
    });
}
