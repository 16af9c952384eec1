// The bulk path: index parts built on every core at once, each in its own scratch database,
// then merged with the live index by Xapian's compaction (SpotlightCore's bulk catch-up).
// A single writer adding documents one by one is the slow part of indexing many records
// (libxapian's in-memory inverted buffer and its merge into the tables at each commit run on
// one thread); scratch parts written side by side and one compaction do the same work on
// every core, and the result is compact.
#include "cxapian_private.hpp"

namespace {

Xapian::WritableDatabase &writable_part(cx_database *db) {
    if (db->writable == nullptr)
        throw Xapian::InvalidOperationError("the database was opened read-only");
    return *db->writable;
}

}  // namespace

extern "C" cx_status cx_database_open_scratch(const char *path, int plain_tags, cx_database **out, char **error) {
    CX_REQUIRE(path, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        auto handle = std::make_unique<cx_database>();
        // A part is thrown away unless its merge commits: no fsync of its own.
        auto *w = new Xapian::WritableDatabase(path, Xapian::DB_CREATE_OR_OVERWRITE | Xapian::DB_NO_SYNC);
        handle->db.reset(w);
        handle->writable = w;
        handle->path = path;
        handle->plain_tags = plain_tags != 0;
        *out = handle.release();
    });
}

extern "C" cx_status cx_database_add_new_document(cx_database *db, const cx_document *doc, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(doc, error);
    CX_GUARD(error, {
        Xapian::WritableDatabase &w = writable_part(db);
        cx_plain_tags_scope plain(db->plain_tags);
        w.add_document(doc->doc);
    });
}

extern "C" cx_status cx_database_spell_from_terms(cx_database *db, const char *after, size_t after_len,
                                                  unsigned max_words, char **last, size_t *last_len, int *more,
                                                  char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(after, error);
    CX_REQUIRE(last, error);
    CX_REQUIRE(last_len, error);
    CX_REQUIRE(more, error);
    CX_GUARD(error, {
        Xapian::WritableDatabase &w = writable_part(db);
        const std::string start(after, after_len);
        std::string position;
        Xapian::TermIterator term = w.allterms_begin();
        if (!start.empty()) {
            term.skip_to(start);
            if (term != w.allterms_end() && *term == start) ++term;
        }
        // A word's count is how many documents hold it: what counting each document's words
        // as it was added would have given (cx_count_spelling).
        for (unsigned added = 0; term != w.allterms_end() && added < max_words; ++term) {
            position = *term;
            if (!cx_is_spelling_word(position)) continue;
            w.add_spelling(position, term.get_termfreq());
            ++added;
        }
        *more = term != w.allterms_end() ? 1 : 0;
        *last = cx_copy_string(position);
        *last_len = position.size();
    });
}

extern "C" cx_status cx_database_merge(const char *const *sources, size_t count, const char *destination,
                                       int plain_tags, char **error) {
    CX_REQUIRE(sources, error);
    CX_REQUIRE(destination, error);
    CX_GUARD(error, {
        if (count == 0) throw Xapian::InvalidArgumentError("nothing to merge");
        Xapian::Database all;
        for (size_t i = 0; i < count; ++i) {
            if (sources[i] == nullptr) throw Xapian::InvalidArgumentError("a source path is NULL");
            all.add_database(Xapian::Database(sources[i]));
        }
        // Renumbered: each source's documents follow the previous source's, in order. A tag is
        // copied as it is when compressed, and compressed again when not, unless plain.
        cx_plain_tags_scope plain(plain_tags != 0);
        all.compact(destination, Xapian::Compactor::FULL);
    });
}

extern "C" cx_status cx_database_delete_first_document(cx_database *db, const char *term, size_t term_len,
                                                       int *deleted, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(term, error);
    CX_REQUIRE(deleted, error);
    CX_GUARD(error, {
        Xapian::WritableDatabase &w = writable_part(db);
        std::string key(term, term_len);
        *deleted = 0;
        auto post = w.postlist_begin(key);
        if (post != w.postlist_end(key)) {
            Xapian::docid first = *post;
            cx_count_spelling(db, w.get_document(first), -1);
            cx_plain_tags_scope plain(db->plain_tags);
            w.delete_document(first);
            *deleted = 1;
        }
    });
}
