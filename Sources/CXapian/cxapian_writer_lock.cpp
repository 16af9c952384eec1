// Opening a writer whose lock a child of this process may still share.
//
// libxapian's write lock belongs to the open lock file, and a child this process is starting
// (fork, then exec) shares that file until its exec closes it. So a writer this process has
// just closed can look locked for that moment, to this process itself. Opening a writer this
// process released before waits for such a lock a little; any other lock fails at once.
#include "cxapian_private.hpp"

#include <mutex>
#include <set>
#include <unistd.h>

namespace {
std::mutex released_lock;
// Paths of writers this process closed and has not opened again; emptied past released_kept.
std::set<std::string> released;
constexpr size_t released_kept = 1024;
constexpr useconds_t retry_us = 5000;
constexpr int wait_us = 2000000;

bool was_released(const std::string &path) {
    std::lock_guard<std::mutex> guard(released_lock);
    return released.count(path) != 0;
}
}  // namespace

void cx_writer_released(const std::string &path) {
    if (path.empty()) return;
    std::lock_guard<std::mutex> guard(released_lock);
    if (released.size() >= released_kept) released.clear();
    released.insert(path);
}

Xapian::WritableDatabase *cx_open_writer(const std::string &path, int flags, bool just_released) {
    for (int waited = 0;; waited += retry_us) {
        try {
            auto *writer = new Xapian::WritableDatabase(path, flags);
            std::lock_guard<std::mutex> guard(released_lock);
            released.erase(path);
            return writer;
        } catch (const Xapian::DatabaseLockError &) {
            if (waited >= wait_us || !(just_released || was_released(path))) throw;
            usleep(retry_us);
        }
    }
}
