internal import CXapian
import SpotlightModel

/// The out-parameter every CXapian function writes its error message to.
typealias CXErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

/// THE choke point for calls into CXapian: runs `body`, and when it returns a failure
/// status turns the status and its message into a ``SpotlightError`` that names
/// `subject` (for example "the index at /data/index") and says what to do next.
///
/// ```swift
/// try check("the index at \(path)", "commit") { cx_database_commit(handle, $0) }
/// ```
func check(_ subject: @autoclosure () -> String, _ operation: @autoclosure () -> String,
           _ body: (CXErrorOut) -> cx_status) throws {
    var message: UnsafeMutablePointer<CChar>? = nil
    let status = body(&message)
    guard status != CX_OK else { return }
    let underlying = message.map { String(cString: $0) } ?? String(cString: cx_status_to_string(status))
    cx_string_free(message)
    throw indexError(status, subject: subject(), operation: operation(), underlying: underlying)
}

/// Maps a failure status to the project's error codes, with a message a person can act on.
private func indexError(_ status: cx_status, subject: String, operation: String,
                        underlying: String) -> SpotlightError {
    let (code, message): (SpotlightError.Code, String)
    switch status {
    case CX_ERR_DATABASE_LOCK:
        (code, message) = (.locked, "\(subject) is held by another writer "
            + "(is another spotlightd running on this data directory?)")
    case CX_ERR_DATABASE_CORRUPT, CX_ERR_DATABASE_OPENING, CX_ERR_DATABASE_VERSION:
        (code, message) = (.corrupt, "\(subject) is not a readable Xapian database (\(operation)); "
            + "move it aside or rebuild it from the record store")
    case CX_ERR_DATABASE_NOT_FOUND:
        (code, message) = (.notFound, "there is no Xapian database at \(subject); create it first")
    case CX_ERR_DATABASE_MODIFIED:
        (code, message) = (.conflict, "\(subject) changed while it was being read (\(operation)); "
            + "reopen it and retry")
    case CX_ERR_DATABASE_CLOSED:
        (code, message) = (.invalidInput, "\(subject) is closed; open it again before \(operation)")
    case CX_ERR_DATABASE_CREATE, CX_ERR_DATABASE, CX_ERR_IO:
        (code, message) = (.io, "\(operation) failed on \(subject); check the disk and its permissions")
    case CX_ERR_NETWORK:
        (code, message) = (.unavailable, "\(subject) could not be reached (\(operation)); "
            + "is xapian-tcpsrv running there?")
    case CX_ERR_NETWORK_TIMEOUT:
        (code, message) = (.timeout, "\(subject) did not answer in time (\(operation))")
    case CX_ERR_QUERY_PARSER, CX_ERR_WILDCARD:
        (code, message) = (.invalidInput, "the query could not be understood; "
            + "check its quotes, brackets and operators (see docs/query.md)")
    case CX_ERR_INVALID_ARGUMENT, CX_ERR_INVALID_OPERATION, CX_ERR_UNIMPLEMENTED:
        (code, message) = (.invalidInput, "\(operation) is not possible on \(subject)")
    case CX_ERR_DOC_NOT_FOUND:
        (code, message) = (.notFound, "no such document in \(subject)")
    default:
        (code, message) = (.internal, "\(operation) on \(subject) failed unexpectedly")
    }
    return SpotlightError(code, message, underlying: underlying)
}

/// Calls `body` with the UTF-8 bytes of `text` (interior NULs kept) and their count.
func withBytes<R>(_ text: String, _ body: (UnsafePointer<CChar>, Int) throws -> R) rethrows -> R {
    let bytes = text.utf8CString
    return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!, bytes.count - 1) }
}

/// Takes ownership of a malloc'ed buffer returned by CXapian and copies it out.
func takeBytes(_ pointer: UnsafeMutablePointer<CChar>?, count: Int) -> [UInt8] {
    defer { cx_string_free(pointer) }
    guard let pointer, count > 0 else { return [] }
    return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
        Array(UnsafeBufferPointer(start: $0, count: count))
    }
}
