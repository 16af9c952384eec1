// A small strict JSON reader, enough to pull the indexed fields out of a record line.
#include "corpus.hpp"

#include <fstream>
#include <stdexcept>

namespace {

class Reader {
  public:
    explicit Reader(const std::string& text) : s_(text) {}

    // Parses one record object, keeping the fields the baselines index.
    CorpusDoc record() {
        CorpusDoc doc;
        object([&](const std::string& key) {
            if (key == "id") doc.id = string();
            else if (key == "title") doc.title = string();
            else if (key == "subtitle") doc.subtitle = string();
            else if (key == "properties") properties(doc);
            else skip();
        });
        space();
        if (i_ != s_.size()) fail("text after the record");
        if (doc.id.empty()) fail("record without an id");
        return doc;
    }

  private:
    const std::string& s_;
    size_t i_ = 0;

    [[noreturn]] void fail(const std::string& what) {
        throw std::runtime_error(what + " at byte " + std::to_string(i_));
    }
    void space() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\r' || s_[i_] == '\n')) ++i_;
    }
    void expect(char c) {
        space();
        if (i_ >= s_.size() || s_[i_] != c) fail(std::string("expected '") + c + "'");
        ++i_;
    }
    bool peek(char c) {
        space();
        return i_ < s_.size() && s_[i_] == c;
    }

    template <typename OnKey> void object(OnKey on_key) {
        expect('{');
        if (peek('}')) { ++i_; return; }
        for (;;) {
            space();
            std::string key = string();
            expect(':');
            on_key(key);
            if (peek(',')) { ++i_; continue; }
            expect('}');
            return;
        }
    }

    // "properties": {"description": {"string": "..."}, ...}
    void properties(CorpusDoc& doc) {
        object([&](const std::string& name) {
            if (name != "description") { skip(); return; }
            object([&](const std::string& tag) {
                if (tag == "string") doc.description = string();
                else skip();
            });
        });
    }

    void skip() {
        space();
        if (i_ >= s_.size()) fail("unexpected end");
        char c = s_[i_];
        if (c == '{') { object([&](const std::string&) { skip(); }); return; }
        if (c == '"') { string(); return; }
        if (c == '[') {
            ++i_;
            if (peek(']')) { ++i_; return; }
            for (;;) {
                skip();
                if (peek(',')) { ++i_; continue; }
                expect(']');
                return;
            }
        }
        size_t start = i_;
        while (i_ < s_.size() && std::string("+-0123456789.eEtruefalsn").find(s_[i_]) != std::string::npos) ++i_;
        if (i_ == start) fail("unexpected character");
    }

    unsigned hex4() {
        if (i_ + 4 > s_.size()) fail("short \\u escape");
        unsigned v = 0;
        for (int k = 0; k < 4; ++k) {
            char c = s_[i_++];
            v <<= 4;
            if (c >= '0' && c <= '9') v |= c - '0';
            else if (c >= 'a' && c <= 'f') v |= c - 'a' + 10;
            else if (c >= 'A' && c <= 'F') v |= c - 'A' + 10;
            else fail("bad \\u escape");
        }
        return v;
    }

    static void utf8(std::string& out, unsigned cp) {
        if (cp < 0x80) out += char(cp);
        else if (cp < 0x800) { out += char(0xC0 | (cp >> 6)); out += char(0x80 | (cp & 0x3F)); }
        else if (cp < 0x10000) {
            out += char(0xE0 | (cp >> 12)); out += char(0x80 | ((cp >> 6) & 0x3F)); out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xF0 | (cp >> 18)); out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F)); out += char(0x80 | (cp & 0x3F));
        }
    }

    std::string string() {
        expect('"');
        std::string out;
        while (i_ < s_.size() && s_[i_] != '"') {
            char c = s_[i_++];
            if (c != '\\') { out += c; continue; }
            if (i_ >= s_.size()) break;
            char e = s_[i_++];
            switch (e) {
                case 'n': out += '\n'; break;
                case 't': out += '\t'; break;
                case 'r': out += '\r'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'u': {
                    unsigned cp = hex4();
                    if (cp >= 0xD800 && cp < 0xDC00 && i_ + 1 < s_.size() && s_[i_] == '\\' && s_[i_ + 1] == 'u') {
                        i_ += 2;
                        unsigned low = hex4();
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    }
                    utf8(out, cp);
                    break;
                }
                default: out += e;  // \" \\ \/
            }
        }
        if (i_ >= s_.size()) fail("unterminated string");
        ++i_;
        return out;
    }
};

}  // namespace

std::vector<CorpusDoc> read_corpus(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open corpus " + path);
    std::vector<CorpusDoc> docs;
    std::string line;
    for (size_t number = 1; std::getline(in, line); ++number) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        try {
            docs.push_back(Reader(line).record());
        } catch (const std::exception& e) {
            throw std::runtime_error(path + ":" + std::to_string(number) + ": " + e.what());
        }
    }
    return docs;
}
