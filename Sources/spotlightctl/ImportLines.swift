import Foundation
import SpotlightModel
import SpotlightProtocol

/// One line of an import: its record, or why it is bad.
enum ImportedLine {
    case record(Record)
    case bad(String)
}

/// The records of a JSON-lines input, a line at a time, each a record or the reason the line is
/// bad; blank lines are left out. Memory holds one line, whatever the input's size.
///
/// ```swift
/// let lines = try RecordLines(input: InputFile.open("r.jsonl"), bundle: "com.example.CometCal")
/// let count = try await lines.forEach { number, record in print(number, record) }
/// ```
struct RecordLines {
    let input: InputFile.Opened
    let bundle: String

    /// Calls `body` with each non-blank line's number (from 1) and its record or reason.
    /// - Returns: how many lines the input has.
    /// - Throws: `CLIError(.failure)` when the input cannot be read; what `body` throws.
    @discardableResult
    func forEach(_ body: (Int, ImportedLine) async throws -> Void) async throws -> Int {
        let reader = try input.lines()
        var count = 0
        while let line = try reader.next() {
            count = line.number
            switch line.content {
            case .tooLong(let length):
                try await body(line.number, .bad("not a record: the line is too long: over \(reader.maxLine >> 20) MiB "
                    + "(\(length) bytes read; a line may have \(reader.maxLine), a record at most "
                    + "\(DonationLimits.standard.maxRecordBytes)); split the record's text or keep it in the app"))
            case .bytes(let bytes):
                guard bytes.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") })
                else { continue }
                try await body(line.number, record(bytes))
            }
        }
        return count
    }

    /// How many lines the input has, read without decoding them.
    func count() throws -> Int {
        let reader = try input.lines()
        var count = 0
        while let line = try reader.next() { count = line.number }
        return count
    }

    /// The line's record, checked as spotlightd would check it, or why it is bad.
    private func record(_ bytes: Data) -> ImportedLine {
        do {
            let record = try ImportCommand.decodeRecord(bytes, defaultBundle: bundle)
            guard record.bundle == bundle else {
                return .bad("the record \(record.key) is of bundle \(record.bundle), not \(bundle); "
                    + "import it with --bundle \(record.bundle)")
            }
            // What spotlightd would refuse the whole batch for is this line's alone.
            try record.validate()
            try DonationLimits.standard.check(record)
            return .record(record)
        } catch {
            return .bad(ImportCommand.describe(error))
        }
    }
}

/// Records donated in batches as they come: a batch goes when it has `batchSize` records or
/// when the next record would take its JSON past ``DonationLimits/batchBytes``, as
/// ``DonationLimits/batches(_:count:maxBytes:)`` cuts them. At most one batch is held.
///
/// ```swift
/// var donation = StreamingDonation(batchSize: 1000) { batch in try await donate(batch) }
/// for record in records { try await donation.add(record) }
/// try await donation.finish()
/// ```
struct StreamingDonation {
    let batchSize: Int
    let donate: ([Record]) async throws -> Void
    private var pending: [Record] = []
    private var pendingBytes = 0
    /// Records donated so far.
    private(set) var donated = 0

    init(batchSize: Int, donate: @escaping ([Record]) async throws -> Void) {
        self.batchSize = batchSize
        self.donate = donate
    }

    /// Adds `record`, donating the batch before it first when it is full.
    /// - Returns: whether a batch was donated.
    mutating func add(_ record: Record) async throws -> Bool {
        let size = record.jsonBytesBound
        let full = !pending.isEmpty && (pending.count == batchSize || pendingBytes + size > DonationLimits.batchBytes)
        if full { try await finish() }
        pending.append(record)
        pendingBytes += size
        return full
    }

    /// Donates the records held.
    mutating func finish() async throws {
        guard !pending.isEmpty else { return }
        try await donate(pending)
        donated += pending.count
        pending.removeAll(keepingCapacity: true)
        pendingBytes = 0
    }
}
