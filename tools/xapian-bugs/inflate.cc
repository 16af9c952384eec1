// The smallest program that shows libxapian 1.4's compressed-tag read bug (issue 19):
// a document whose data is N copies of 'a' is added and committed, then read back. For
// N = 8193 libxapian 1.4.22 throws "DatabaseCorruptError: Too few chunks of compressed
// data", although the database it wrote is sound. Built by tools/xapian-bug-check once
// against libxapian alone and once with CXapian linked in (its inflate interposer,
// Sources/CXapian/cxapian_inflate.cpp, takes over libxapian's calls); see docs/hardening.md.
//
// Usage: inflate WORK_DIR            write and read the cases in WORK_DIR
//        inflate --check INDEX_DIR   run Xapian's check on an index
// Prints one line per case; exits 1 when any case cannot be read back.
#include <xapian.h>

#include <cstring>
#include <iostream>
#include <string>

static int check_index(const char *path) {
    try {
        Xapian::doccount errors = Xapian::Database::check(path, 0, nullptr);
        std::cout << path << ": " << errors << " errors\n";
        return errors == 0 ? 0 : 1;
    } catch (const Xapian::Error &e) {
        std::cout << path << ": " << e.get_description() << "\n";
        return 1;
    }
}

int main(int argc, char **argv) {
    if (argc == 3 && std::strcmp(argv[1], "--check") == 0) return check_index(argv[2]);
    if (argc != 2) {
        std::cerr << "usage: " << argv[0] << " WORK_DIR | --check INDEX_DIR\n";
        return 2;
    }
    int unreadable = 0;
    // 8192 and 8195 read back; 8193, 8194 and 8229 do not (each compresses to ~26 bytes).
    for (size_t length : {8192, 8193, 8194, 8195, 8229}) {
        std::string path = std::string(argv[1]) + "/data-" + std::to_string(length);
        std::string data(length, 'a');
        try {
            {
                Xapian::WritableDatabase db(path, Xapian::DB_CREATE_OR_OVERWRITE);
                Xapian::Document doc;
                doc.set_data(data);
                db.add_document(doc);
                db.commit();
            }
            Xapian::Database db(path);
            bool same = db.get_document(1).get_data() == data;
            std::cout << "data of " << length << " x 'a': " << (same ? "read back" : "read back CHANGED") << "\n";
            if (!same) ++unreadable;
        } catch (const Xapian::Error &e) {
            std::cout << "data of " << length << " x 'a': " << e.get_description() << "\n";
            ++unreadable;
        }
    }
    return unreadable == 0 ? 0 : 1;
}
