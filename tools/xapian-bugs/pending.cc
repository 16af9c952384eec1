// The smallest program that shows libxapian 1.4's pending-search bug: on a WritableDatabase
// whose postings of a term fill more than one chunk (a few thousand documents, or any index
// merged from several databases by compaction), once a document is deleted, documents added
// since the last commit are missed by a search that skips through that term's postings, such
// as `word FILTER term`. Iterating the postings lists them, and after a commit every search
// finds them. Here, with libxapian 1.4.22, each of the 20 searches below finds nothing.
//
// spotlightd meets it as a bundle filter: after an import, an app deletes a record, donates
// another and searches its bundle before the index commits. Built by tools/xapian-bug-check
// twice: as is, searching the uncommitted changes; and with -DWITH_CXAPIAN, committing before
// each search as SpotlightEngine's writer does (SpotlightEngine+Search.swift).
//
// Usage: pending WORK_DIR    writes WORK_DIR/db; exits 1 when a search misses a document.
#include <xapian.h>

#include <iostream>
#include <string>

namespace {

Xapian::Document document(int n) {
    Xapian::Document doc;
    doc.add_boolean_term("XBorg.example");   // every document: a bundle term
    doc.add_boolean_term("Q" + std::to_string(n));
    doc.add_term("word" + std::to_string(n));
    return doc;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " DIR\n";
        return 2;
    }
    int missed = 0;
    try {
        Xapian::WritableDatabase db(std::string(argv[1]) + "/db", Xapian::DB_CREATE_OR_OVERWRITE);
        for (int n = 0; n < 3000; ++n) db.add_document(document(n));
        db.commit();
        db.delete_document("Q5");
        for (int n = 3000; n < 3020; ++n) {
            db.replace_document("Q" + std::to_string(n), document(n));
#ifdef WITH_CXAPIAN
            db.commit();
#endif
            Xapian::Enquire enquire(db);
            enquire.set_query(Xapian::Query(Xapian::Query::OP_FILTER, Xapian::Query("word" + std::to_string(n)),
                                            Xapian::Query("XBorg.example")));
            if (enquire.get_mset(0, 10).size() != 1) ++missed;
        }
    } catch (const Xapian::Error &e) {
        std::cout << e.get_description() << "\n";
        return 1;
    }
    std::cout << missed << " of 20 documents added after a deletion missed by a filtered search\n";
    return missed == 0 ? 0 : 1;
}
