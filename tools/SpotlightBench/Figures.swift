import Foundation

/// One engine's figures, printed as the contract's single JSON line, keys in insertion order.
struct Figures {
    private var entries: [(String, String)] = []

    mutating func set(_ key: String, _ value: Int) { entries.append((key, String(value))) }
    mutating func set(_ key: String, _ value: UInt64) { entries.append((key, String(value))) }
    /// Rounded to `digits` decimals.
    mutating func set(_ key: String, _ value: Double, digits: Int = 3) {
        entries.append((key, value.isFinite ? String(format: "%.\(digits)f", value) : "null"))
    }
    mutating func set(_ key: String, _ value: String) {
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        entries.append((key, "\"\(escaped)\""))
    }

    var jsonLine: String { "{" + entries.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}" }
}

/// Nearest-rank percentile of sorted values (0 when empty).
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(sorted.count, max(rank, 1)) - 1]
}

func median(_ values: [Double]) -> Double {
    let v = values.sorted()
    guard !v.isEmpty else { return 0 }
    return v.count % 2 == 1 ? v[v.count / 2] : (v[v.count / 2 - 1] + v[v.count / 2]) / 2
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
    var seconds: Double { milliseconds / 1000 }
}

/// A field of /proc/PID/status in MiB (VmRSS, VmHWM), or nil when it cannot be read.
func procStatusMiB(pid: String = "self", field: String) -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
        let kib = line.dropFirst(field.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Double($0) }
        return kib.map { $0 / 1024 }
    }
    return nil
}

/// Total size of the regular files under a directory.
func directoryBytes(_ path: String) -> Int {
    guard let walker = FileManager.default.enumerator(atPath: path) else { return 0 }
    var total = 0
    while let name = walker.nextObject() as? String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path + "/" + name)
        if attributes?[.type] as? FileAttributeType == .typeRegular {
            total += (attributes?[.size] as? Int) ?? 0
        }
    }
    return total
}

func log(_ message: String) {
    FileHandle.standardError.write(Data("spotlight-bench: \(message)\n".utf8))
}
