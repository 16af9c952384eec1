// A workaround for a read bug in libxapian 1.4 (1.4.22 on Debian 12, still in 1.4.28 and
// main): some compressed tags that libxapian itself wrote cannot be read back
// ("DatabaseCorruptError: Too few chunks of compressed data"), though the data on disk is
// sound. See docs/hardening.md ("A compressed tag libxapian cannot read back") and the
// reduction in tools/xapian-bug-check.
//
// The bug: CompressionStream::decompress_chunk (common/compression_stream.cc) inflates each
// chunk of a tag into an 8 KiB buffer and takes `avail_in == 0` to mean "this chunk is used
// up". When inflate stops because the OUTPUT buffer is full just as it has taken in the
// chunk's last input byte, output is still to come, but libxapian returns "not finished";
// for a tag's last chunk that is the error above. It needs a chunk that inflates to more
// than 8 KiB (compressing better than about 4:1): 8193 'a's as a document's data do it, and
// so do spelling fragments of words like "zebra3x1", "zebra3x2", ... (issue 19).
//
// The fix, without touching libxapian: this definition of zlib's `inflate` interposes on
// the one libxapian calls (an executable's definitions come first in the dynamic linker's
// search order). For calls from libxapian with Z_SYNC_FLUSH it holds back the input's last
// byte, so `avail_in` only reaches 0 in a call given that byte alone and a fresh 8 KiB
// buffer, which is room for everything one byte can still decode to (under 3 KiB: at most
// a pending match of 258 bytes and a few codes of the bits left). Nothing is decoded
// differently; input is only taken in one call later. Every other caller gets zlib's
// inflate unchanged.
#include "cxapian_private.hpp"

#include <atomic>
#include <cstring>
#include <dlfcn.h>
#include <link.h>
#include <zlib.h>

namespace {

using inflate_function = int (*)(z_streamp, int);

// The address range of libxapian's code, found once.
struct code_range {
    uintptr_t start = 0;
    uintptr_t end = 0;
    bool contains(const void *address) const {
        auto a = reinterpret_cast<uintptr_t>(address);
        return a >= start && a < end;
    }
};

int find_libxapian(struct dl_phdr_info *info, size_t, void *data) {
    if (info->dlpi_name == nullptr || std::strstr(info->dlpi_name, "/libxapian.so") == nullptr) return 0;
    auto *range = static_cast<code_range *>(data);
    for (int i = 0; i < info->dlpi_phnum; ++i) {
        const auto &segment = info->dlpi_phdr[i];
        if (segment.p_type != PT_LOAD || (segment.p_flags & PF_X) == 0) continue;
        uintptr_t start = info->dlpi_addr + segment.p_vaddr;
        uintptr_t end = start + segment.p_memsz;
        if (range->start == 0 || start < range->start) range->start = start;
        if (end > range->end) range->end = end;
    }
    return 1;
}

struct interposition {
    inflate_function zlib_inflate = nullptr;
    code_range libxapian;
};

const interposition &state() {
    static const interposition found = [] {
        interposition s;
        s.zlib_inflate = reinterpret_cast<inflate_function>(dlsym(RTLD_NEXT, "inflate"));
        dl_iterate_phdr(find_libxapian, &s.libxapian);
        return s;
    }();
    return found;
}

std::atomic<uint64_t> held_back_calls{0};

}  // namespace

bool cx_called_from_libxapian(const void *return_address) {
    return state().libxapian.contains(return_address);
}

extern "C" int inflate(z_streamp stream, int flush) {
    const interposition &s = state();
    // Without zlib there is nothing to call; zlib reports a stream it cannot use this way.
    if (s.zlib_inflate == nullptr) return Z_STREAM_ERROR;
    if (stream == nullptr || flush != Z_SYNC_FLUSH || stream->avail_in < 2
        || !s.libxapian.contains(__builtin_return_address(0)))
        return s.zlib_inflate(stream, flush);
    held_back_calls.fetch_add(1, std::memory_order_relaxed);
    stream->avail_in -= 1;
    int result = s.zlib_inflate(stream, flush);
    stream->avail_in += 1;
    return result;
}

extern "C" cx_status cx_inflate_workaround_state(int *installed, uint64_t *held_back, char **error) {
    CX_REQUIRE(installed, error);
    CX_REQUIRE(held_back, error);
    CX_GUARD(error, {
        // libxapian's `inflate` is bound the way a global lookup resolves it.
        const interposition &s = state();
        *installed = dlsym(RTLD_DEFAULT, "inflate") == reinterpret_cast<void *>(&inflate)
            && s.zlib_inflate != nullptr && s.libxapian.end != 0;
        *held_back = held_back_calls.load(std::memory_order_relaxed);
    });
}
