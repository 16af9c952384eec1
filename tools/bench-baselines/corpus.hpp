// Reading a JSONL corpus of records (docs/records.md) for the benchmark baselines.
//
// Only the fields the baselines index are kept: id, title, subtitle and the string
// property "description". The parser is a small, strict JSON reader written for this
// benchmark; it is not used by the project itself.
#pragma once

#include <string>
#include <vector>

struct CorpusDoc {
    std::string id;
    std::string title;
    std::string subtitle;
    std::string description;
};

// Reads every non-empty line of `path` as one record.
// Throws std::runtime_error naming the file and line of the first bad record.
std::vector<CorpusDoc> read_corpus(const std::string& path);
