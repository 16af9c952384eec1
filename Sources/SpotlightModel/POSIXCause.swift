import Foundation

/// The errno behind a Foundation error: its own code in the POSIX domain, else that of its
/// underlying error. On Linux the underlying error bridges through `any Error`; `as? NSError`
/// finds none, and the error then prints as a dump of its user info.
///
/// ```swift
/// do { _ = try FileManager.default.contentsOfDirectory(atPath: "/etc/hostname") }
/// catch { POSIXCause.code(of: error) }   // ENOTDIR
/// ```
public enum POSIXCause {
    public static func code(of error: any Error) -> Int32? {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
        return (error.userInfo[NSUnderlyingErrorKey] as? any Error).flatMap { code(of: $0) }
    }
}
