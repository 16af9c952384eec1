// The smallest program that shows libxapian 1.4's cancel bug: a WritableDatabase whose
// changes were thrown away with begin_transaction(false) + cancel_transaction() (the only
// way 1.4 offers) and which then goes on being written. Cancel puts each table's free-list
// cursors back to the last commit but keeps in memory the free-list blocks it had read
// and was filling, so later allocations take block numbers from the wrong block. Here, with
// libxapian 1.4.22, the eleventh round throws "DatabaseCorruptError: Ran off end of
// freelist"; other data can have a block still in use handed out and overwritten.
//
// Built by tools/xapian-bug-check twice: as is, and with -DWITH_CXAPIAN, where the same
// rounds go through CXapian's C API (cx_database_discard_changes opens the database
// afresh after the cancel).
//
// Usage: cancel WORK_DIR    writes WORK_DIR/db; exits 1 when it is damaged or cannot be written.
#include <xapian.h>

#include <iostream>
#include <random>
#include <string>

#ifdef WITH_CXAPIAN
#include "cxapian.h"
#include <cstdlib>
#include <stdexcept>

// The database through CXapian: the calls spotlightd makes.
struct Writer {
    cx_database *db = nullptr;
    static void ok(cx_status status, char *error) {
        if (status == CX_OK) return;
        std::string message = error ? error : cx_status_to_string(status);
        cx_string_free(error);
        throw std::runtime_error(message);
    }
    explicit Writer(const std::string &path) {
        char *error = nullptr;
        ok(cx_database_open_writable(path.c_str(), &db, &error), error);
    }
    ~Writer() { cx_database_destroy(db); }
    void replace(const std::string &term, const std::string &data) {
        char *error = nullptr;
        cx_document *doc = nullptr;
        ok(cx_document_new(&doc, &error), error);
        ok(cx_document_add_boolean_term(doc, term.data(), term.size(), &error), error);
        ok(cx_document_set_data(doc, data.data(), data.size(), &error), error);
        cx_status status = cx_database_replace_document(db, term.data(), term.size(), doc, &error);
        cx_document_destroy(doc);
        ok(status, error);
    }
    void commit() {
        char *error = nullptr;
        ok(cx_database_commit(db, &error), error);
    }
    void discard() {
        char *error = nullptr;
        ok(cx_database_discard_changes(db, &error), error);
    }
};
#else
// The database through libxapian alone.
struct Writer {
    Xapian::WritableDatabase db;
    explicit Writer(const std::string &path) : db(path, Xapian::DB_CREATE_OR_OVERWRITE) {}
    void replace(const std::string &term, const std::string &data) {
        Xapian::Document doc;
        doc.add_boolean_term(term);
        doc.set_data(data);
        db.replace_document(term, doc);
    }
    void commit() { db.commit(); }
    void discard() {
        db.begin_transaction(false);
        db.cancel_transaction();
    }
};
#endif

int main(int argc, char **argv) {
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " DIR\n";
        return 2;
    }
    std::string path = std::string(argv[1]) + "/db";
    std::mt19937 rng(42);
    auto noise = [&](size_t n) {
        std::string s(n, ' ');
        for (auto &c : s) c = static_cast<char>(rng());
        return s;
    };
    int round = -1;
    try {
        Writer w(path);
        for (int i = 0; i < 3000; ++i) w.replace("Q" + std::to_string(i), noise(1500));
        w.commit();
        // Each round rewrites a quarter of the documents (freeing and taking many blocks),
        // then throws the changes away every other round and commits the others.
        for (round = 0; round < 24; ++round) {
            for (int j = 0; j < 700; ++j) w.replace("Q" + std::to_string(rng() % 3000), noise(500 + rng() % 3000));
            if (round % 2 == 1) w.discard(); else w.commit();
        }
    } catch (const std::exception &e) {
        std::cout << "round " << round + 1 << ": " << e.what() << "\n";
        return 1;
    } catch (const Xapian::Error &e) {
        std::cout << "round " << round + 1 << ": " << e.get_description() << "\n";
        return 1;
    }
    try {
        Xapian::doccount errors = Xapian::Database::check(path, 0, nullptr);
        std::cout << "24 rounds, 12 of them cancelled: " << errors << " errors in Xapian's check\n";
        return errors == 0 ? 0 : 1;
    } catch (const Xapian::Error &e) {
        std::cout << "24 rounds, 12 of them cancelled: " << e.get_description() << "\n";
        return 1;
    }
}
