import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process forked from the test process that keeps what it inherited (every open
/// file, so every lock held through one) for `microseconds`, then exits, as a child being
/// started does until its exec. ``reap()`` waits for it; ``kill()`` ends it first.
struct InheritingChild {
    let pid: pid_t

    init(holdingFor microseconds: UInt32) {
        let pid = fork()
        if pid == 0 {
            usleep(microseconds)
            _exit(0)
        }
        self.pid = pid
    }

    func reap() {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    func kill() {
        _ = Glibc.kill(pid, SIGKILL)
        reap()
    }
}
