// Internals shared by the CXapian translation units: the handle structs and the one
// exception choke point. Not part of the C API.
#pragma once

#include "cxapian.h"
#include <xapian.h>
#include <unordered_map>
#include <memory>
#include <string>
#include <vector>

struct cx_database {
    // Always set; for a writable database it is the WritableDatabase itself.
    std::unique_ptr<Xapian::Database> db;
    // Non-null only when opened for writing (aliases db).
    Xapian::WritableDatabase *writable = nullptr;
    // A writer's path, to open it afresh after discarding its changes.
    std::string path;
    // A writer's spelling changes since they were last handed to Xapian: word -> net change
    // in the number of documents holding it. One add_spelling/remove_spelling per word per
    // commit instead of one per word per document (cx_database_flush_spelling).
    std::unordered_map<std::string, int64_t> spelling_delta;
    // A bulk part whose tags libxapian stores uncompressed (cx_database_open_scratch).
    bool plain_tags = false;
    // Opened by cx_database_open_remote, or combined with such a part: every statistic is a
    // round trip.
    bool remote = false;
    // Combined with a writer's database, which reads its pending changes too.
    bool holds_writer = false;
};

// A writer at `path` (Xapian flags), waiting up to 2 s while its lock is held only because
// this process released it moments ago (`just_released`, or noted by cx_writer_released) and
// a child being started still shares it (cxapian_writer_lock.cpp). Throws as Xapian does.
Xapian::WritableDatabase *cx_open_writer(const std::string &path, int flags, bool just_released);
// Notes that this process closed its writer at `path`.
void cx_writer_released(const std::string &path);

// While one lives on a thread (and is active), the deflate streams libxapian sets up on that
// thread store its tags uncompressed (cxapian_deflate.cpp). Writes to a plain_tags database
// hold one, so each of its tables' streams, set up at its first write, stays so; and so does
// a merge of such parts, which would otherwise compress their tags again.
class cx_plain_tags_scope {
  public:
    explicit cx_plain_tags_scope(bool active);
    ~cx_plain_tags_scope();
    cx_plain_tags_scope(const cx_plain_tags_scope &) = delete;
    cx_plain_tags_scope &operator=(const cx_plain_tags_scope &) = delete;

  private:
    bool active;
};

// Hands db's pending spelling changes to Xapian (writable only); a no-op when there are none.
void cx_flush_spelling(cx_database *db);
// A word the spelling dictionary and completions may propose: unprefixed and not a CJK n-gram.
bool cx_is_spelling_word(const std::string &term);
// Whether return_address lies in libxapian's code: the zlib interpositions (cxapian_inflate.cpp,
// cxapian_deflate.cpp) change only libxapian's own calls.
bool cx_called_from_libxapian(const void *return_address);
// Adds `sign` (+1 put in, -1 taken out) to the pending spelling change of each of doc's words.
void cx_count_spelling(cx_database *db, const Xapian::Document &doc, int64_t sign);

struct cx_document {
    Xapian::Document doc;
    Xapian::TermGenerator generator;
    // Whether the generator's stemmer stems (cx_document_set_language): field terms are then
    // stems only (cx_document_index_field_text).
    bool stemmed = true;
};

struct cx_query { Xapian::Query query; };

struct cx_query_parser { Xapian::QueryParser parser; };

struct cx_enquire {
    Xapian::Enquire enquire;
    // Facet spies added with cx_enquire_add_facet, in order; owned here, read after get_mset.
    std::vector<std::unique_ptr<Xapian::ValueCountMatchSpy>> facets;
};

struct cx_mset { Xapian::MSet mset; };

// A count from the C API (64-bit) as Xapian's 32-bit doccount, saturating: an offset past
// 4294967295 skips every match rather than wrapping round to the first page.
inline Xapian::doccount cx_doccount(uint64_t count) {
    constexpr uint64_t most = static_cast<Xapian::doccount>(-1);
    return static_cast<Xapian::doccount>(count > most ? most : count);
}

// Copies bytes into a malloc'ed, NUL-terminated buffer (the caller frees it with
// cx_string_free). Throws std::bad_alloc when out of memory.
char *cx_copy_string(const std::string &text);

// Appends one counted-string entry (see cxapian.h) to out: little-endian uint64 count and
// byte length, then the bytes.
inline void cx_append_counted(std::string &out, uint64_t count, const std::string &text) {
    uint64_t fields[2] = {count, static_cast<uint64_t>(text.size())};
    for (uint64_t field : fields)
        for (int byte = 0; byte < 8; ++byte) out.push_back(static_cast<char>((field >> (8 * byte)) & 0xff));
    out += text;
}

// Whether a query of this operator can be rebuilt from its subqueries alone (rewrites of a
// parsed query). Phrases, NEAR, scaled weights and elite sets have parameters Xapian 1.4 does
// not expose, so they are left as they are.
inline bool cx_rebuildable_op(Xapian::Query::op op) {
    switch (op) {
    case Xapian::Query::OP_AND: case Xapian::Query::OP_OR: case Xapian::Query::OP_AND_NOT:
    case Xapian::Query::OP_XOR: case Xapian::Query::OP_AND_MAYBE: case Xapian::Query::OP_FILTER:
    case Xapian::Query::OP_SYNONYM: case Xapian::Query::OP_MAX:
        return true;
    default:
        return false;
    }
}

// The one walk the query rewrites share: query with each subquery replaced by
// rewrite(subquery, &changed), rebuilt with operator rebuilt_op; *changed says whether any
// subquery changed. An unchanged query, a leaf, or one cx_rebuildable_op refuses is returned
// as it was (sharing its nodes).
template <typename Rewrite>
Xapian::Query cx_rewrite_subqueries(const Xapian::Query &query, Xapian::Query::op rebuilt_op,
                                    bool *changed, Rewrite rewrite) {
    *changed = false;
    size_t count = query.get_num_subqueries();
    if (count == 0 || !cx_rebuildable_op(query.get_type())) return query;
    std::vector<Xapian::Query> parts;
    for (size_t i = 0; i < count; ++i) {
        bool part_changed = false;
        parts.push_back(rewrite(query.get_subquery(i), &part_changed));
        *changed = *changed || part_changed;
    }
    if (!*changed) return query;
    return Xapian::Query(rebuilt_op, parts.begin(), parts.end());
}

// The stemmer for a BCP 47 language tag (its primary subtag, cxapian_text.cpp): English for
// an empty tag, none for a language Xapian has no stemmer for.
Xapian::Stem cx_stemmer_for_language(const char *language);

// Whether a term holds a Han, Hiragana, Katakana or Hangul character: an n-gram of
// FLAG_CJK_NGRAM, never a word for the spelling dictionary or completions.
bool cx_term_has_cjk(const std::string &term);

// Writes message to *error (if error is non-null); never throws.
void cx_set_error(char **error, const std::string &message);

// THE place where C++ exceptions become statuses: call it inside catch (...). It rethrows
// the current exception, maps its class to a cx_status and writes its message to *error.
cx_status cx_status_from_current_exception(char **error) noexcept;

// Wraps the body of every extern "C" function so that no exception escapes.
#define CX_GUARD(error, body)                                       \
    do {                                                            \
        try {                                                       \
            body                                                    \
        } catch (...) {                                             \
            return cx_status_from_current_exception(error);         \
        }                                                           \
        return CX_OK;                                               \
    } while (0)

// Returns CX_ERR_INVALID_ARGUMENT from the calling function when pointer is null.
#define CX_REQUIRE(pointer, error)                                                   \
    do {                                                                             \
        if ((pointer) == nullptr) {                                                  \
            cx_set_error(error, std::string("null argument: ") + #pointer);         \
            return CX_ERR_INVALID_ARGUMENT;                                          \
        }                                                                            \
    } while (0)
