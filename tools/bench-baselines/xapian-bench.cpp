// Raw Xapian baseline: the terms the project's index makes, with nothing around it.
//
// Indexing: one document per record; English stemmer (STEM_SOME); the title indexed
// with prefix S and unprefixed, subtitle and description unprefixed (each field its own
// run of positions); the unique id term Q<id> and replace_document, as an upsert does;
// the id as document data. One commit at the end (Xapian fsyncs its files on commit).
// Queries: QueryParser with the stemmer, default operator AND, FLAG_PHRASE |
// FLAG_BOOLEAN | FLAG_LOVEHATE | FLAG_PARTIAL, `title:` mapped to S, partial-term
// expansion bounded to the 100 most frequent terms; top 10, reading each hit's data.
//
// Build (tools/bench does it): g++ -O2 -std=c++17 xapian-bench.cpp harness.cpp corpus.cpp
//     $(pkg-config --cflags --libs xapian-core)
#include <memory>

#include <xapian.h>

#include "harness.hpp"

namespace {

class XapianEngine final : public Engine {
  public:
    void index(const std::vector<CorpusDoc>& docs, const std::string& dir) override {
        Xapian::WritableDatabase db(dir, Xapian::DB_CREATE_OR_OVERWRITE);
        Xapian::TermGenerator tg;
        tg.set_stemmer(stemmer_);
        tg.set_stemming_strategy(Xapian::TermGenerator::STEM_SOME);
        for (const auto& d : docs) {
            Xapian::Document doc;
            tg.set_document(doc);
            tg.index_text(d.title, 1, "S");
            tg.increase_termpos();
            tg.index_text(d.title);
            tg.increase_termpos();
            tg.index_text(d.subtitle);
            tg.increase_termpos();
            tg.index_text(d.description);
            std::string id_term = "Q" + d.id;
            doc.add_boolean_term(id_term);
            doc.set_data(d.id);
            db.replace_document(id_term, doc);
        }
        db.commit();
        db.close();
    }

    void open_reader(const std::string& dir) override {
        db_ = Xapian::Database(dir);
        qp_ = std::make_unique<Xapian::QueryParser>();
        qp_->set_stemmer(stemmer_);
        qp_->set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
        qp_->set_default_op(Xapian::Query::OP_AND);
        qp_->set_database(db_);
        qp_->add_prefix("title", "S");
        qp_->set_max_expansion(100, Xapian::Query::WILDCARD_LIMIT_MOST_FREQUENT,
                               Xapian::QueryParser::FLAG_PARTIAL);
    }

    int query(const std::string& text) override {
        try {
            unsigned flags = Xapian::QueryParser::FLAG_PHRASE | Xapian::QueryParser::FLAG_BOOLEAN |
                             Xapian::QueryParser::FLAG_LOVEHATE | Xapian::QueryParser::FLAG_PARTIAL;
            Xapian::Enquire enquire(db_);
            enquire.set_query(qp_->parse_query(text, flags));
            Xapian::MSet mset = enquire.get_mset(0, 10);
            int n = 0;
            for (auto it = mset.begin(); it != mset.end(); ++it, ++n) it.get_document().get_data();
            return n;
        } catch (const Xapian::Error&) {
            return -1;
        }
    }

  private:
    Xapian::Stem stemmer_{"english"};
    Xapian::Database db_;
    std::unique_ptr<Xapian::QueryParser> qp_;
};

}  // namespace

int main(int argc, char** argv) {
    XapianEngine engine;
    return bench_main("xapian-c++", engine, argc, argv);
}
