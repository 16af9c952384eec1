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

}  // namespace

extern "C" int deflateInit2_(z_streamp stream, int level, int method, int window_bits, int memory_level,
                             int strategy, const char *version, int stream_size) {
    deflate_init_function real = zlib_deflate_init();
    if (real == nullptr) return Z_VERSION_ERROR;
    if (level == Z_DEFAULT_COMPRESSION && cx_called_from_libxapian(__builtin_return_address(0))) {
        level = tag_level;
        memory_level = tag_memory_level;
        tuned_streams.fetch_add(1, std::memory_order_relaxed);
    }
    return real(stream, level, method, window_bits, memory_level, strategy, version, stream_size);
}

extern "C" cx_status cx_deflate_tuning_state(int *installed, uint64_t *tuned, char **error) {
    CX_REQUIRE(installed, error);
    CX_REQUIRE(tuned, error);
    CX_GUARD(error, {
        *installed = dlsym(RTLD_DEFAULT, "deflateInit2_") == reinterpret_cast<void *>(&deflateInit2_)
            && zlib_deflate_init() != nullptr;
        *tuned = tuned_streams.load(std::memory_order_relaxed);
    });
}
