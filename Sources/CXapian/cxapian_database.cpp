// Databases: open by spec (local writable/read-only, remote, combined), write, metadata,
// reopen, check (the directory fsync after a commit is SpotlightCore's fsyncDirectory).
#include "cxapian_private.hpp"

#include <cerrno>
#include <fcntl.h>
#include <linux/falloc.h>
#include <sys/stat.h>
#include <sstream>
#include <system_error>
#include <unistd.h>

static Xapian::WritableDatabase &writable(cx_database *db) {
    if (db->writable == nullptr)
        throw Xapian::InvalidOperationError("the database was opened read-only");
    return *db->writable;
}

extern "C" cx_status cx_database_open_writable(const char *path, cx_database **out, char **error) {
    CX_REQUIRE(path, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        auto handle = std::make_unique<cx_database>();
        auto *w = cx_open_writer(path, Xapian::DB_CREATE_OR_OPEN, false);
        handle->db.reset(w);
        handle->writable = w;
        handle->path = path;
        *out = handle.release();
    });
}

extern "C" cx_status cx_database_open_readonly(const char *path, cx_database **out, char **error) {
    CX_REQUIRE(path, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        auto handle = std::make_unique<cx_database>();
        handle->db = std::make_unique<Xapian::Database>(path);
        *out = handle.release();
    });
}

extern "C" cx_status cx_database_open_remote(const char *host, unsigned port, unsigned timeout_ms,
                                             unsigned connect_timeout_ms, cx_database **out,
                                             char **error) {
    CX_REQUIRE(host, error);
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        auto handle = std::make_unique<cx_database>();
        handle->db = std::make_unique<Xapian::Database>(
            Xapian::Remote::open(host, port, timeout_ms, connect_timeout_ms));
        handle->remote = true;
        *out = handle.release();
    });
}

extern "C" cx_status cx_database_new_combined(cx_database **out, char **error) {
    CX_REQUIRE(out, error);
    CX_GUARD(error, {
        auto handle = std::make_unique<cx_database>();
        handle->db = std::make_unique<Xapian::Database>();
        *out = handle.release();
    });
}

extern "C" cx_status cx_database_add_database(cx_database *combined, const cx_database *part, char **error) {
    CX_REQUIRE(combined, error);
    CX_REQUIRE(part, error);
    CX_GUARD(error, {
        combined->db->add_database(*part->db);
        combined->remote = combined->remote || part->remote;
        combined->holds_writer = combined->holds_writer || part->writable != nullptr || part->holds_writer;
    });
}

// Drops a writer's uncommitted changes without writing anything: an unflushed transaction
// takes in every pending change, and cancelling it throws them all away. Only for a handle
// that is closed next: see cx_database_discard_changes.
static void discard_uncommitted(Xapian::WritableDatabase &w) {
    w.begin_transaction(false);
    w.cancel_transaction();
}

extern "C" cx_status cx_database_discard_changes(cx_database *db, char **error) {
    CX_REQUIRE(db, error);
    CX_GUARD(error, {
        // libxapian 1.4's cancel puts each table's free-list cursors back to the last commit
        // but keeps the free-list blocks it had read and was filling in memory, so writing on
        // with the same handle can take block numbers from the wrong block: "Ran off end of
        // freelist", or a block still in use overwritten (tools/xapian-bug-check). So the
        // handle is closed after the cancel (which writes nothing) and opened afresh.
        discard_uncommitted(writable(db));
        db->spelling_delta.clear();
        db->db->close();
        db->writable = nullptr;
        auto *w = cx_open_writer(db->path, Xapian::DB_OPEN, true);
        db->db.reset(w);
        db->writable = w;
    });
}

extern "C" void cx_database_destroy(cx_database *db) {
    if (db == nullptr) return;
    // Xapian's destructor and close() commit pending changes, and a commit that fails while
    // merging value slots can end in std::terminate (libxapian 1.4 writes from a destructor
    // during unwinding). Only an explicit cx_database_commit ever commits.
    if (db->writable != nullptr) {
        try {
            discard_uncommitted(*db->writable);
        } catch (...) {
            // Closed already, or a transaction is active (the destructor cancels it).
        }
    }
    try {
        std::string released = db->writable != nullptr ? db->path : std::string();
        delete db;
        cx_writer_released(released);
    } catch (...) {
        // A destructor that throws is a bug in libxapian; never let it escape.
    }
}

extern "C" cx_status cx_database_replace_document(cx_database *db, const char *unique_term, size_t term_len,
                                                  const cx_document *doc, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(unique_term, error);
    CX_REQUIRE(doc, error);
    CX_GUARD(error, {
        cx_plain_tags_scope plain(db->plain_tags);
        writable(db).replace_document(std::string(unique_term, term_len), doc->doc);
    });
}

extern "C" cx_status cx_database_delete_document(cx_database *db, const char *term, size_t term_len,
                                                 char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(term, error);
    CX_GUARD(error, {
        cx_plain_tags_scope plain(db->plain_tags);
        writable(db).delete_document(std::string(term, term_len));
    });
}

extern "C" cx_status cx_database_commit(cx_database *db, char **error) {
    CX_REQUIRE(db, error);
    CX_GUARD(error, {
        Xapian::WritableDatabase &w = writable(db);
        cx_plain_tags_scope plain(db->plain_tags);
        cx_flush_spelling(db);
        w.commit();
    });
}

extern "C" cx_status cx_database_set_metadata(cx_database *db, const char *key, const char *value,
                                              size_t value_len, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(key, error);
    CX_REQUIRE(value, error);
    CX_GUARD(error, { writable(db).set_metadata(key, std::string(value, value_len)); });
}

extern "C" cx_status cx_database_get_metadata(const cx_database *db, const char *key, char **value,
                                              size_t *value_len, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(key, error);
    CX_REQUIRE(value, error);
    CX_REQUIRE(value_len, error);
    CX_GUARD(error, {
        std::string text = db->db->get_metadata(key);
        *value = cx_copy_string(text);
        *value_len = text.size();
    });
}

extern "C" cx_status cx_database_metadata_keys(const cx_database *db, const char *prefix, char **list,
                                              size_t *list_len, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(prefix, error);
    CX_REQUIRE(list, error);
    CX_REQUIRE(list_len, error);
    CX_GUARD(error, {
        std::string buffer;
        for (auto key = db->db->metadata_keys_begin(prefix); key != db->db->metadata_keys_end(prefix); ++key)
            cx_append_counted(buffer, 0, *key);
        *list = cx_copy_string(buffer);
        *list_len = buffer.size();
    });
}

extern "C" cx_status cx_database_doccount(const cx_database *db, uint64_t *count, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(count, error);
    CX_GUARD(error, { *count = db->db->get_doccount(); });
}

extern "C" cx_status cx_database_revision(const cx_database *db, uint64_t *revision, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(revision, error);
    CX_GUARD(error, { *revision = db->db->get_revision(); });
}

extern "C" cx_status cx_database_reopen(cx_database *db, int *changed, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(changed, error);
    CX_GUARD(error, { *changed = db->db->reopen() ? 1 : 0; });
}

extern "C" cx_status cx_database_has_prefix(const cx_database *db, const char *prefix, size_t prefix_len,
                                            int *found, char **error) {
    CX_REQUIRE(db, error);
    CX_REQUIRE(prefix, error);
    CX_REQUIRE(found, error);
    CX_GUARD(error, {
        std::string p(prefix, prefix_len);
        *found = db->db->allterms_begin(p) != db->db->allterms_end(p) ? 1 : 0;
    });
}

extern "C" cx_status cx_database_close(cx_database *db, char **error) {
    CX_REQUIRE(db, error);
    CX_GUARD(error, {
        // Xapian's close() commits a writer's pending changes; ours never does (see destroy).
        if (db->writable != nullptr) {
            try {
                discard_uncommitted(*db->writable);
            } catch (const Xapian::DatabaseClosedError &) {
                // Closed already (a failed rollback closes it): close() below is a no-op.
            }
            db->spelling_delta.clear();
        }
        db->db->close();
        if (db->writable != nullptr) cx_writer_released(db->path);
    });
}

extern "C" cx_status cx_database_check(const char *path, uint64_t *error_count, char **report, char **error) {
    CX_REQUIRE(path, error);
    CX_REQUIRE(error_count, error);
    CX_REQUIRE(report, error);
    CX_GUARD(error, {
        std::ostringstream out;
        try {
            // With its statistics, each table's report names the revision it checked.
            *error_count = Xapian::Database::check(path, Xapian::DBCHECK_SHOW_STATS, &out);
        } catch (const Xapian::DatabaseCorruptError &e) {
            // Damage the check cannot read past: the report so far names the table it was
            // in, so the damage is one more error in the report, not a failure to check.
            out << "\nerror: " << e.get_description() << "\n";
            *error_count = 1;
        }
        *report = cx_copy_string(out.str());
    });
}

extern "C" cx_status cx_database_compact(const char *source, const char *destination, char **error) {
    CX_REQUIRE(source, error);
    CX_REQUIRE(destination, error);
    CX_GUARD(error, {
        Xapian::Database db(source);
        // FULL, as xapian-compact does by default: blocks packed, items split where that saves space.
        db.compact(destination, Xapian::DBCOMPACT_NO_RENUMBER | Xapian::Compactor::FULL);
    });
}

extern "C" cx_status cx_reserve_file_space(const char *path, uint64_t length, int *supported, char **error) {
    CX_REQUIRE(path, error);
    CX_REQUIRE(supported, error);
    CX_GUARD(error, {
        *supported = 1;
        int fd;
        do {
            fd = ::open(path, O_WRONLY | O_CLOEXEC);
        } while (fd < 0 && errno == EINTR);
        if (fd < 0) throw std::system_error(errno, std::generic_category(), std::string("open ") + path);
        struct stat st;
        int rc = ::fstat(fd, &st);
        if (rc == 0) {
            do {
                rc = ::fallocate(fd, FALLOC_FL_KEEP_SIZE, st.st_size, static_cast<off_t>(length));
            } while (rc < 0 && errno == EINTR);
        }
        int saved = errno;
        ::close(fd);
        if (rc < 0 && (saved == EOPNOTSUPP || saved == ENOSYS)) {
            *supported = 0;
        } else if (rc < 0) {
            throw std::system_error(saved, std::generic_category(), std::string("reserve space in ") + path);
        }
    });
}
