// What every benchmark baseline shares: the command line, the query file, the timing
// of indexing and queries, and the one JSON line of figures (the contract is at the top
// of tools/bench).
#pragma once

#include <string>
#include <vector>

#include "corpus.hpp"

// One search engine under test. The harness calls index() once, then open_reader(),
// then query() many times.
class Engine {
  public:
    virtual ~Engine() = default;
    // Creates a database in `dir` (an empty directory), indexes every document and
    // commits durably.
    virtual void index(const std::vector<CorpusDoc>& docs, const std::string& dir) = 0;
    // Opens what the queries read, as a separate reader would.
    virtual void open_reader(const std::string& dir) = 0;
    // Runs one query and reads the top 10 hits; returns how many there were, or -1 if
    // the engine rejected the query.
    virtual int query(const std::string& text) = 0;
};

// Parses `--corpus FILE --queries FILE --db-dir DIR`, runs the benchmark and prints
// the figures as one JSON line on stdout. Returns the process exit status.
int bench_main(const char* engine_name, Engine& engine, int argc, char** argv);
