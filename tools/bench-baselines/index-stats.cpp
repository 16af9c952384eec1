// Term counts of a Xapian database, for tools/bench's terms_per_doc and positions_per_doc
// rows: over an evenly spread sample of at most 2000 documents, the distinct terms each
// document holds and the positions of those terms. Not an engine: the driver runs it on each
// engine's database (raw Xapian's, or the active index generation of ours) after the engine ran.
//
// Usage: index-stats DATABASE [SKIP_TERM]
//   -> {"terms_per_doc":N,"positions_per_doc":N,"sampled_docs":N}
// Documents holding SKIP_TERM are left out: the daemon engine's index also holds the small
// records its acknowledgement runs donate (type BenchDonation), which are not the corpus.
// Built with CXapian's inflate workaround (docs/hardening.md), so it reads our indexes fully.
#include <cstdio>
#include <string>
#include <xapian.h>

int main(int argc, char** argv) {
    if (argc != 2 && argc != 3) {
        std::fprintf(stderr, "usage: index-stats DATABASE [SKIP_TERM]\n");
        return 2;
    }
    const std::string skip = argc == 3 ? argv[2] : "";
    try {
        Xapian::Database db(argv[1]);
        Xapian::docid last = db.get_lastdocid();
        const Xapian::docid sample = 2000;
        Xapian::docid step = last > sample ? last / sample : 1;
        unsigned long long docs = 0, terms = 0, positions = 0;
        for (Xapian::docid did = 1; did <= last; did += step) {
            Xapian::Document doc;
            try {
                doc = db.get_document(did);
            } catch (const Xapian::DocNotFoundError&) {
                continue;
            }
            if (!skip.empty()) {
                Xapian::TermIterator held = doc.termlist_begin();
                held.skip_to(skip);
                if (held != doc.termlist_end() && *held == skip) continue;
            }
            ++docs;
            for (auto t = doc.termlist_begin(); t != doc.termlist_end(); ++t) {
                ++terms;
                positions += t.positionlist_count();
            }
        }
        if (docs == 0) docs = 1;
        std::printf("{\"terms_per_doc\":%.1f,\"positions_per_doc\":%.1f,\"sampled_docs\":%llu}\n",
                    double(terms) / docs, double(positions) / docs, docs);
    } catch (const Xapian::Error& e) {
        std::fprintf(stderr, "index-stats: %s\n", e.get_description().c_str());
        return 1;
    }
    return 0;
}
