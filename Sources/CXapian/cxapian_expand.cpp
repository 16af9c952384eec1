// Expands every wildcard (and partial last word) of a parsed query into explicit terms,
// once, against the database the query will run on. Xapian 1.4 otherwise expands an
// OP_WILDCARD per sub-database at match time, applying the most-frequent bound per shard,
// so a combined database of shards would score other terms than one local database. The
// same walk turns the parser's field terms into the stems the index holds (Expansion).
#include "cxapian_private.hpp"
#include <algorithm>
#include <iterator>
#include <unordered_set>
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

// The long-text marker of a property field prefix (XP<name>: -> XH<name>); empty for others.
std::string long_text_marker(const std::string &prefix) {
    if (prefix.size() < 4 || prefix.compare(0, 2, "XP") != 0 || prefix.back() != ':') return std::string();
    return "XH" + prefix.substr(2, prefix.size() - 3);
}

// The field prefix of a term: S or K, or XP<name>: for a property (TermSchema.swift); empty
// for free text, for stems (Z...) and for every other prefix.
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

// The terms a wildcard expanded to, as OP_OR: each weighs with its own statistics of the
// whole database and a record's weight is the sum over the terms it holds. OP_MAX (the best
// term's weight) would rank the same way across shards too, but Xapian 1.4 walks all its
// terms at every document and never prunes it, which made a short prefix 1.6x slower.
Xapian::Query any_of(const std::vector<std::string> &terms) {
    std::vector<Xapian::Query> leaves(terms.begin(), terms.end());
    return Xapian::Query(Xapian::Query::OP_OR, leaves.begin(), leaves.end());
}

// One expansion: the database the query runs on, the bound on a wildcard's terms, and the
// stemmer of the reading being expanded (the query was parsed with the same one).
//
// A stemmed language's records hold each field word once, as Z<field><stem>, and records of
// a language without a stemmer hold <field><word> (cx_document_index_field_text). So the
// parser's unstemmed field terms are rewritten here: a word to its stem (or the word itself
// while a record still holds it), a wildcard to the stems of the free-text words it begins,
// and a phrase to that phrase in the free text, filtered by the stems being in the field.
struct Expansion {
    const Xapian::Database &db;
    unsigned max;
    Xapian::Stem stemmer;

    Expansion(const Xapian::Database &db, unsigned max, Xapian::Stem stemmer) : db(db), max(max), stemmer(stemmer) {}

    // A field word: its stem, or the word when this reading has no stemmer, or both when
    // some record (in a language without a stemmer) holds the word itself.
    Xapian::Query field_word(const std::string &prefix, const std::string &word) const {
        Xapian::Query unstemmed(prefix + word);
        if (stemmer.is_none()) return unstemmed;
        Xapian::Query stem("Z" + prefix + stemmer(word));
        if (!db.term_exists(prefix + word)) return stem;
        return Xapian::Query(Xapian::Query::OP_OR, stem, unstemmed);
    }

    // A field wildcard: the stems in the field of the free-text words starting with word (the
    // field's words are free text too), and the field's own unstemmed terms starting with it;
    // the `max` most frequent in the field.
    //
    // A short prefix begins thousands of words ("title:lib": 9,000 words, 8,400 stems), so
    // the listed terms go straight into the ranking, and only the stems looked up one by one
    // are remembered (they can be none of the listed ones, which all begin with the word): a
    // tree of every candidate, its string compares and copies were most of such a query's
    // compile.
    Xapian::Query field_wildcard(const std::string &prefix, const std::string &word) const {
        std::vector<std::pair<Xapian::doccount, std::string>> ranked = starting_with(prefix + word);
        if (!stemmer.is_none() && !word.empty()) {
            // Stems that begin with word are listed in order; shorter or changed ones (a word
            // typed past its stem: "runni" for "run") are looked up one by one.
            auto stems = starting_with("Z" + prefix + word);
            ranked.insert(ranked.end(), std::make_move_iterator(stems.begin()), std::make_move_iterator(stems.end()));
            std::unordered_set<std::string> looked_up;
            for (auto term = db.allterms_begin(word); term != db.allterms_end(word); ++term) {
                std::string bare = stemmer(*term);
                if (bare.compare(0, word.size(), word) == 0) continue;
                std::string stem = "Z" + prefix + bare;
                if (!looked_up.insert(stem).second) continue;
                Xapian::doccount frequency = db.get_termfreq(stem);
                if (frequency > 0) ranked.emplace_back(frequency, std::move(stem));
            }
        }
        return any_of(keep_most_frequent(std::move(ranked)));
    }

    // (frequency, term) of each term of db starting with pattern, in term order.
    std::vector<std::pair<Xapian::doccount, std::string>> starting_with(const std::string &pattern) const {
        std::vector<std::pair<Xapian::doccount, std::string>> found;
        for (auto term = db.allterms_begin(pattern); term != db.allterms_end(pattern); ++term)
            found.emplace_back(term.get_termfreq(), *term);
        return found;
    }

    // The `max` most frequent of (frequency, term) (all when max is 0), in term order; equal
    // frequencies keep the smaller term.
    // Only the first `max` are put in order (partial_sort), not all of a short prefix's terms.
    std::vector<std::string> keep_most_frequent(std::vector<std::pair<Xapian::doccount, std::string>> found) const {
        if (max != 0 && found.size() > max) {
            std::partial_sort(found.begin(), found.begin() + max, found.end(), [](const auto &a, const auto &b) {
                return a.first != b.first ? a.first > b.first : a.second < b.second;
            });
            found.resize(max);
        }
        std::vector<std::string> terms;
        for (auto &entry : found) terms.push_back(std::move(entry.second));
        std::sort(terms.begin(), terms.end());
        return terms;
    }

    // The `max` terms starting with pattern that most documents hold.
    std::vector<std::string> most_frequent(const std::string &pattern) const {
        return keep_most_frequent(starting_with(pattern));
    }

    // query with the field taken off every term and wildcard (a wildcard expanded in the free
    // text), or false when a term has another prefix than *prefix (set from the first term
    // met when empty) or an operator cannot be rebuilt.
    bool free_text(const Xapian::Query &query, std::string &prefix, Xapian::Query &out) const {
        Xapian::Query::op op = query.get_type();
        std::string text;
        Xapian::Query::op combiner;
        bool wildcard = op == Xapian::Query::OP_WILDCARD && wildcard_parts(query, text, combiner);
        if (op == Xapian::Query::LEAF_TERM || wildcard) {
            if (!wildcard) text = *query.get_terms_begin();
            std::string this_prefix = field_prefix(text);
            if (this_prefix.empty() || (!prefix.empty() && this_prefix != prefix)) return false;
            prefix = this_prefix;
            std::string word = text.substr(prefix.size());
            out = wildcard ? any_of(most_frequent(word)) : Xapian::Query(word);
            return true;
        }
        size_t count = query.get_num_subqueries();
        if (count == 0 || !cx_rebuildable_op(op)) return false;
        std::vector<Xapian::Query> parts(count);
        for (size_t i = 0; i < count; ++i)
            if (!free_text(query.get_subquery(i), prefix, parts[i])) return false;
        out = Xapian::Query(op, parts.begin(), parts.end());
        return true;
    }

    // Field terms have no positions (the free text holds every word once, with positions), so
    // a phrase or NEAR of one field's terms (`title:"viewing party"`, or a NEAR whose last word
    // is also a prefix) is matched as that phrase in the free text, filtered by the words being
    // in the field; the field terms alone are weighted, as in the phrase they replace.
    // Otherwise nullptr.
    std::unique_ptr<Xapian::Query> unposition_field_phrase(const Xapian::Query &query) const {
        size_t count = query.get_num_subqueries();
        Xapian::termcount window = 0;
        if (count == 0 || !window_of(query, window)) return nullptr;
        std::string prefix;
        std::vector<Xapian::Query> free_parts(count), field_parts;
        for (size_t i = 0; i < count; ++i) {
            if (!free_text(query.get_subquery(i), prefix, free_parts[i])) return nullptr;
            bool ignored = false;
            field_parts.push_back(expand(query.get_subquery(i), &ignored));
        }
        Xapian::Query positional(query.get_type(), free_parts.begin(), free_parts.end(), window);
        Xapian::Query every(Xapian::Query::OP_AND, field_parts.begin(), field_parts.end());
        return std::make_unique<Xapian::Query>(Xapian::Query::OP_FILTER, every, positional);
    }

    // Returns query with its wildcards replaced and its field terms stemmed; *changed says
    // whether anything was. A wildcard becomes OP_OR of its terms (any_of) and a synonym
    // OP_MAX of its parts: each term is then weighted with its own statistics of the whole
    // database. A synonym's weight would use a frequency that Xapian 1.4 estimates, rounding
    // per node of an OR tree shaped by each shard's own frequencies, so its scores would
    // differ slightly between shards and one database.
    Xapian::Query expand(const Xapian::Query &query, bool *changed) const {
        *changed = false;
        Xapian::Query::op op = query.get_type();
        if (op == Xapian::Query::LEAF_TERM) {
            std::string term = *query.get_terms_begin();
            std::string prefix = field_prefix(term);
            if (prefix.empty()) return query;
            *changed = true;
            return field_word(prefix, term.substr(prefix.size()));
        }
        if (op == Xapian::Query::OP_WILDCARD) {
            std::string pattern;
            Xapian::Query::op combiner;
            if (!wildcard_parts(query, pattern, combiner)) return query;
            *changed = true;
            std::string prefix = field_prefix(pattern);
            if (prefix.empty()) return any_of(most_frequent(pattern));
            std::string word = pattern.substr(prefix.size());
            Xapian::Query field = field_wildcard(prefix, word);
            // A property's text too long for field terms is free text in records holding its
            // marker XH<name> (TermSchema.longText): the wildcard expands there as well.
            std::string marker = long_text_marker(prefix);
            if (marker.empty() || db.get_termfreq(marker) == 0) return field;
            return Xapian::Query(Xapian::Query::OP_OR, field,
                                 Xapian::Query(Xapian::Query::OP_FILTER, any_of(most_frequent(word)), Xapian::Query(marker)));
        }
        if (op == Xapian::Query::OP_PHRASE || op == Xapian::Query::OP_NEAR) {
            // A phrase of free text is left as it is, its wildcards too.
            auto rewritten = unposition_field_phrase(query);
            if (!rewritten) return query;
            *changed = true;
            return *rewritten;
        }
        Xapian::Query::op rebuilt = op == Xapian::Query::OP_SYNONYM ? Xapian::Query::OP_MAX : op;
        return cx_rewrite_subqueries(query, rebuilt, changed, [&](const Xapian::Query &part, bool *part_changed) {
            return expand(part, part_changed);
        });
    }
};

} // namespace

extern "C" cx_status cx_query_expand_wildcards(const cx_query *query, const cx_database *db, unsigned max,
                                               const char *language, cx_query **out, char **error) {
    CX_REQUIRE(query, error);
    CX_REQUIRE(db, error);
    CX_REQUIRE(language, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        bool changed = false;
        const Expansion expansion(*db->db, max, cx_stemmer_for_language(language));
        *out = new cx_query{expansion.expand(query->query, &changed)};
    });
}
