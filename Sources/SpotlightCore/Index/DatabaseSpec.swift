import SpotlightModel

/// Where a search index lives: a local path, a database served by `xapian-tcpsrv`, or
/// several of these searched as one.
///
/// ```swift
/// let spec = try DatabaseSpec(parsing: "/data/index,tcp://shard2:7000")
/// // .combined([.local(path: "/data/index"), .remote(host: "shard2", port: 7000, timeoutMilliseconds: 10000)])
/// ```
public enum DatabaseSpec: Hashable, Sendable {
    case local(path: String)
    case remote(host: String, port: Int, timeoutMilliseconds: Int)
    case combined([DatabaseSpec])

    /// The timeout of a remote database parsed from text.
    public static let defaultRemoteTimeoutMilliseconds = 10_000

    /// "tcp://host:port" -> remote, "a,b" -> combined, else a local path.
    ///
    /// - Throws: `SpotlightError(.invalidInput)` for an empty spec, an empty part, a
    ///   remote address without a host or a valid port, or an address of another scheme
    ///   (`ftp://…`, `TCP://…`: a typo, not a local path).
    public init(parsing text: String) throws {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count > 1 {
            self = .combined(try parts.map { try DatabaseSpec(parsing: String($0)) })
            return
        }
        guard !text.isEmpty else {
            throw SpotlightError(.invalidInput, "a database spec is empty; give a path, tcp://host:port, "
                + "or several of these separated by commas")
        }
        let scheme = "tcp://"
        guard text.hasPrefix(scheme) else {
            if let other = text.range(of: "://") {
                throw SpotlightError(.invalidInput, "\(text) is neither tcp://host:port nor a local path "
                    + "(\(text[..<other.upperBound]) is no database address); write tcp://host:port for "
                    + "xapian-tcpsrv, or the path of a local database")
            }
            self = .local(path: text)
            return
        }
        let address = text.dropFirst(scheme.count)
        guard let colon = address.lastIndex(of: ":"), !address[..<colon].isEmpty,
              let port = Int(address[address.index(after: colon)...]), (1...65535).contains(port) else {
            throw SpotlightError(.invalidInput, "\(text) is not a remote database address; "
                + "write tcp://host:port with a port in 1...65535")
        }
        var host = String(address[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self = .remote(host: host, port: port, timeoutMilliseconds: Self.defaultRemoteTimeoutMilliseconds)
    }

    /// Opens the database read-only (the parts of a combined spec each by its kind).
    func openReadOnly() throws -> XapianDatabase {
        switch self {
        case .local(let path):
            return try .openReadOnly(path: path)
        case .remote(let host, let port, let timeout):
            return try .openRemote(host: host, port: port, timeoutMilliseconds: timeout)
        case .combined(let parts):
            guard !parts.isEmpty else {
                throw SpotlightError(.invalidInput, "a combined database spec has no parts; give at least one")
            }
            return try .combined(parts.map { try $0.openReadOnly() })
        }
    }
}
