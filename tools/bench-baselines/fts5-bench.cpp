// SQLite FTS5 baseline over the same fields and queries as the Xapian one.
//
// Indexing: one FTS5 table (id UNINDEXED, title, subtitle, description) with the
// tokenizer 'porter unicode61 remove_diacritics 2' (English stemming, case- and
// diacritic-insensitive); WAL, synchronous=FULL; every row inserted in one transaction
// with one prepared statement, then COMMIT. Queries: the query file's Xapian-style
// syntax translated to FTS5's (see to_fts5), the last bare word prefix-matched as
// FLAG_PARTIAL does; `... MATCH ? ORDER BY rank LIMIT 10`, reading each hit's id.
//
// Build (tools/bench does it): g++ -O2 -std=c++17 fts5-bench.cpp harness.cpp corpus.cpp
//     $(pkg-config --cflags --libs sqlite3)
#include <sqlite3.h>

#include <cctype>
#include <stdexcept>

#include "harness.hpp"

namespace {

std::string quoted(const std::string& word) {
    std::string out = "\"";
    for (char c : word) out += (c == '"') ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

// Xapian-style query text to FTS5 syntax: words and "phrases" become FTS5 strings,
// `-word` becomes `NOT word`, `title:x` becomes `title : x`, AND/OR/NOT pass through,
// and a bare last word not followed by a space gets `*` (prefix match).
std::string to_fts5(const std::string& text) {
    std::vector<std::pair<std::string, bool>> parts;  // (fts5 text, may take a prefix *)
    size_t i = 0;
    while (i < text.size()) {
        if (std::isspace((unsigned char)text[i])) { ++i; continue; }
        std::string lead;
        if (text[i] == '-' || text[i] == '+') {
            if (text[i] == '-') lead = "NOT ";
            ++i;
        }
        size_t colon = text.find(':', i);
        size_t space = text.find_first_of(" \t", i);
        if (colon != std::string::npos && colon < space && text.compare(i, colon - i, "title") == 0) {
            lead += "title : ";
            i = colon + 1;
        }
        if (i < text.size() && text[i] == '"') {
            size_t end = text.find('"', i + 1);
            if (end == std::string::npos) end = text.size();
            std::string phrase = text.substr(i + 1, end - i - 1);
            if (phrase.find_first_not_of(" \t") != std::string::npos)  // "" and " " match nothing
                parts.emplace_back(lead + quoted(phrase), false);
            i = end + 1;
            continue;
        }
        size_t end = text.find_first_of(" \t", i);
        if (end == std::string::npos) end = text.size();
        std::string word = text.substr(i, end - i);
        i = end;
        if (lead.empty() && (word == "AND" || word == "OR" || word == "NOT")) {
            parts.emplace_back(word, false);
        } else if (!word.empty()) {
            parts.emplace_back(lead + quoted(word), true);
        }
    }
    std::string out;
    for (size_t k = 0; k < parts.size(); ++k) {
        if (k) out += ' ';
        out += parts[k].first;
    }
    bool open_end = !text.empty() && !std::isspace((unsigned char)text.back());
    if (!parts.empty() && parts.back().second && open_end) out += "*";
    return out;
}

class Fts5Engine final : public Engine {
  public:
    ~Fts5Engine() override {
        sqlite3_finalize(select_);
        sqlite3_close(db_);
    }

    void index(const std::vector<CorpusDoc>& docs, const std::string& dir) override {
        open(dir);
        exec("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;"
             "CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, subtitle, description,"
             " tokenize='porter unicode61 remove_diacritics 2');"
             "BEGIN;");
        sqlite3_stmt* insert = nullptr;
        check(sqlite3_prepare_v2(db_, "INSERT INTO docs(id, title, subtitle, description) VALUES (?,?,?,?)",
                                 -1, &insert, nullptr));
        for (const auto& d : docs) {
            sqlite3_bind_text(insert, 1, d.id.data(), int(d.id.size()), SQLITE_STATIC);
            sqlite3_bind_text(insert, 2, d.title.data(), int(d.title.size()), SQLITE_STATIC);
            sqlite3_bind_text(insert, 3, d.subtitle.data(), int(d.subtitle.size()), SQLITE_STATIC);
            sqlite3_bind_text(insert, 4, d.description.data(), int(d.description.size()), SQLITE_STATIC);
            if (sqlite3_step(insert) != SQLITE_DONE) check(sqlite3_errcode(db_));
            sqlite3_reset(insert);
        }
        sqlite3_finalize(insert);
        exec("COMMIT;");
        sqlite3_close(db_);
        db_ = nullptr;
    }

    void open_reader(const std::string& dir) override {
        open(dir);
        check(sqlite3_prepare_v2(db_, "SELECT id FROM docs WHERE docs MATCH ? ORDER BY rank LIMIT 10",
                                 -1, &select_, nullptr));
    }

    int query(const std::string& text) override {
        std::string match = to_fts5(text);
        sqlite3_bind_text(select_, 1, match.data(), int(match.size()), SQLITE_TRANSIENT);
        int n = 0, rc;
        while ((rc = sqlite3_step(select_)) == SQLITE_ROW) {
            sqlite3_column_text(select_, 0);
            ++n;
        }
        sqlite3_reset(select_);
        return rc == SQLITE_DONE ? n : -1;
    }

  private:
    sqlite3* db_ = nullptr;
    sqlite3_stmt* select_ = nullptr;

    void open(const std::string& dir) {
        check(sqlite3_open((dir + "/fts5.sqlite").c_str(), &db_));
    }
    void check(int rc) {
        if (rc != SQLITE_OK) throw std::runtime_error(std::string("sqlite: ") + sqlite3_errmsg(db_));
    }
    void exec(const char* sql) {
        char* message = nullptr;
        if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
            std::string what = message ? message : "unknown error";
            sqlite3_free(message);
            throw std::runtime_error("sqlite: " + what);
        }
    }
};

}  // namespace

int main(int argc, char** argv) {
    if (argc == 3 && std::string(argv[1]) == "--translate") {  // for checking the query mapping
        std::printf("%s\n", to_fts5(argv[2]).c_str());
        return 0;
    }
    Fts5Engine engine;
    return bench_main("sqlite-fts5", engine, argc, argv);
}
