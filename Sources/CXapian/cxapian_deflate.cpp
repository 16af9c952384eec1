// Cheaper compression of libxapian's small tags, without touching libxapian.
//
// libxapian 1.4 compresses each termlist and document-data tag it writes with its own deflate
// stream, set up by deflateInit2(level Z_DEFAULT_COMPRESSION, memLevel 9) and reset before
// every tag (common/compression_stream.cc). A reset clears the stream's hash table, which at
// memLevel 9 is 128 KiB, for a tag of a kilobyte or two; and level 6 searches harder than such
// a tag repays. Measured with callgrind, replaying 3,000 of the package corpus's documents into
// two scratch databases: the writes took 4.67 G instructions as libxapian sets deflate up, and
// 3.47 G (26% fewer) with level 1 and memLevel 4, for termlists of 3,432 KiB against 3,440 KiB.
// So this definition of zlib's `deflateInit2_` (the function the deflateInit2 macro calls)
// interposes on the one libxapian calls, as cxapian_inflate.cpp does for `inflate`, and sets
// those two values for calls from libxapian that ask for zlib's defaults. The output is plain
// deflate, read by any libxapian; every other caller gets zlib's function unchanged.
//
// The parts of a bulk build that hold keys only go further: their tags are not compressed at
// all (cx_plain_tags_scope), nor in the merge, which would otherwise compress them on one
// thread. Measured on the full package corpus (embedded import, three alternating runs of the
// two builds): index time 22.7 / 23.4 / 24.3 -> 21.3 / 19.4 / 21.4 s, user CPU 43.4 / 44.5 /
// 45.6 -> 40.9 / 38.3 / 40.0 s, for a data directory of 216.2 MB against 193.7 (termlists
// 38.7 -> 58.3 MB, spelling 5.7 -> 8.4 MB).
#include "cxapian_private.hpp"

#include <atomic>
#include <dlfcn.h>
#include <zlib.h>

namespace {

using deflate_init_function = int (*)(z_streamp, int, int, int, int, int, const char *, int);

deflate_init_function zlib_deflate_init() {
    static const deflate_init_function found =
        reinterpret_cast<deflate_init_function>(dlsym(RTLD_NEXT, "deflateInit2_"));
    return found;
}

// What libxapian's tags are compressed with (see above).
constexpr int tag_level = 1;
constexpr int tag_memory_level = 4;

std::atomic<uint64_t> tuned_streams{0};
std::atomic<uint64_t> plain_streams{0};

// How many active cx_plain_tags_scopes this thread is inside.
thread_local unsigned plain_depth = 0;

}  // namespace

cx_plain_tags_scope::cx_plain_tags_scope(bool active) : active(active) {
    if (active) ++plain_depth;
}

cx_plain_tags_scope::~cx_plain_tags_scope() {
    if (active) --plain_depth;
}

extern "C" int deflateInit2_(z_streamp stream, int level, int method, int window_bits, int memory_level,
                             int strategy, const char *version, int stream_size) {
    deflate_init_function real = zlib_deflate_init();
    if (real == nullptr) return Z_VERSION_ERROR;
    if (level == Z_DEFAULT_COMPRESSION && cx_called_from_libxapian(__builtin_return_address(0))) {
        if (plain_depth > 0) {
            // Level 0 only copies, and its output never fits the room libxapian gives it (less
            // than the tag), so libxapian stores the tag as it is.
            level = Z_NO_COMPRESSION;
            memory_level = 1;
            plain_streams.fetch_add(1, std::memory_order_relaxed);
        } else {
            level = tag_level;
            memory_level = tag_memory_level;
            tuned_streams.fetch_add(1, std::memory_order_relaxed);
        }
    }
    return real(stream, level, method, window_bits, memory_level, strategy, version, stream_size);
}

extern "C" cx_status cx_deflate_tuning_state(int *installed, uint64_t *tuned, uint64_t *plain, char **error) {
    CX_REQUIRE(installed, error);
    CX_REQUIRE(tuned, error);
    CX_REQUIRE(plain, error);
    CX_GUARD(error, {
        *installed = dlsym(RTLD_DEFAULT, "deflateInit2_") == reinterpret_cast<void *>(&deflateInit2_)
            && zlib_deflate_init() != nullptr;
        *tuned = tuned_streams.load(std::memory_order_relaxed);
        *plain = plain_streams.load(std::memory_order_relaxed);
    });
}
