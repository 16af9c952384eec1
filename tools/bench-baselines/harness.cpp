#include "harness.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

std::vector<std::string> read_queries(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open query file " + path);
    std::vector<std::string> queries;
    std::string line;
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
        queries.push_back(line);
    }
    return queries;
}

// Nearest-rank percentile of sorted values.
double percentile(const std::vector<double>& sorted, double p) {
    if (sorted.empty()) return 0;
    size_t rank = size_t(std::ceil(p / 100.0 * double(sorted.size())));
    return sorted[std::min(sorted.size(), std::max<size_t>(rank, 1)) - 1];
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

unsigned long long directory_bytes(const std::string& dir) {
    unsigned long long total = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
        if (entry.is_regular_file()) total += entry.file_size();
    return total;
}

// Peak resident set size of this process (VmHWM), in MiB; 0 if /proc is not there.
double peak_rss_mb() {
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0) return std::atof(line.c_str() + 6) / 1024.0;
    return 0;
}

struct Options {
    std::string corpus, queries, db_dir;
};

Options parse(int argc, char** argv) {
    Options o;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (i + 1 >= argc) throw std::runtime_error("missing value after " + arg);
        if (arg == "--corpus") o.corpus = argv[++i];
        else if (arg == "--queries") o.queries = argv[++i];
        else if (arg == "--db-dir") o.db_dir = argv[++i];
        else throw std::runtime_error("unknown argument " + arg);
    }
    if (o.corpus.empty() || o.queries.empty() || o.db_dir.empty())
        throw std::runtime_error("usage: --corpus FILE.jsonl --queries FILE --db-dir DIR");
    return o;
}

}  // namespace

int bench_main(const char* engine_name, Engine& engine, int argc, char** argv) {
    try {
        Options o = parse(argc, argv);
        const char* repeat_env = std::getenv("BENCH_REPEAT");
        int repeat = std::max(1, repeat_env ? std::atoi(repeat_env) : 5);
        std::vector<CorpusDoc> docs = read_corpus(o.corpus);
        std::vector<std::string> queries = read_queries(o.queries);
        std::filesystem::create_directories(o.db_dir);

        auto start = Clock::now();
        engine.index(docs, o.db_dir);
        double index_seconds = seconds_since(start);
        engine.open_reader(o.db_dir);

        // One untimed pass warms the caches and counts hits; then `repeat` timed passes.
        int hits = 0, zero = 0, errors = 0;
        bool verbose = std::getenv("BENCH_VERBOSE") != nullptr;
        for (const auto& q : queries) {
            int n = engine.query(q);
            if (verbose) std::cerr << engine_name << "\t" << n << "\t" << q << "\n";
            if (n < 0) ++errors;
            else if (n == 0) ++zero;
            else hits += n;
        }
        std::vector<std::vector<double>> times(queries.size());
        for (int r = 0; r < repeat; ++r)
            for (size_t k = 0; k < queries.size(); ++k) {
                auto t = Clock::now();
                engine.query(queries[k]);
                times[k].push_back(seconds_since(t) * 1000.0);
            }
        std::vector<double> medians;
        for (auto& t : times) medians.push_back(median(t));
        // Each query's median, to compare engines query by query (tools/bench --verbose).
        if (verbose)
            for (size_t k = 0; k < queries.size(); ++k)
                std::cerr << engine_name << "\tmedian_ms\t" << medians[k] << "\t" << queries[k] << "\n";
        std::sort(medians.begin(), medians.end());
        // A word no corpus record holds (as the ours-* engines use): a call's fixed cost.
        const std::string no_hit_word = "qzxjv0wqk";
        std::vector<double> no_hits;
        bool found_nothing = engine.query(no_hit_word) == 0;
        for (int r = 0; found_nothing && r < repeat * 100; ++r) {
            auto t = Clock::now();
            engine.query(no_hit_word);
            no_hits.push_back(seconds_since(t) * 1000.0);
        }
        char no_hits_figure[64] = "";
        if (!no_hits.empty()) std::snprintf(no_hits_figure, sizeof no_hits_figure, ",\"query_no_hits_p50_ms\":%.4f", median(no_hits));

        std::printf("{\"engine\":\"%s\",\"docs\":%zu,\"index_seconds\":%.3f,\"docs_per_sec\":%.0f,"
                    "\"queries\":%zu,\"query_p50_ms\":%.3f,\"query_p95_ms\":%.3f,\"query_p99_ms\":%.3f,"
                    "\"repeat\":%d,\"top10_hits\":%d,\"zero_hit_queries\":%d,\"query_errors\":%d,"
                    "\"db_bytes\":%llu,\"max_rss_mb\":%.1f%s}\n",
                    engine_name, docs.size(), index_seconds, double(docs.size()) / index_seconds,
                    queries.size(), percentile(medians, 50), percentile(medians, 95),
                    percentile(medians, 99), repeat, hits, zero, errors, directory_bytes(o.db_dir),
                    peak_rss_mb(), no_hits_figure);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << engine_name << ": " << e.what() << "\n";
        return 1;
    }
}
