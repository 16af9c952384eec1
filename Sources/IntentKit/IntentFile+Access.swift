import Foundation
import SpotlightKit
import SpotlightModel

// App Intents' ways (iOS 18) to read an IntentFile as a file on disk. No conversion between
// content types is made here: `contentType` is taken as given, and the file is the one held.
extension IntentFile {
    /// The content types the file can be read as: its own `type`, when known (empty otherwise).
    public var availableContentTypes: [UTType] { type.map { [$0] } ?? [] }

    /// Calls `fileHandler` with a file URL of the file's bytes and whether it is the file itself,
    /// as Apple's: with `allowOpenInPlace` a file-backed file is handed over in place (`true`);
    /// otherwise a copy is written to a temporary directory, handed over (`false`) and removed
    /// once the handler returns or throws.
    ///
    /// ```swift
    /// let size = try await photo.withFile(contentType: .image) { url, _ in
    ///     try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
    /// }
    /// ```
    /// - Returns: what `fileHandler` returned.
    /// - Throws: `SpotlightError`: `notFound` when a file-backed file cannot be read, `io` when
    ///   the copy cannot be written; and whatever `fileHandler` throws.
    public func withFile<Result>(contentType: UTType, allowOpenInPlace: Bool = false,
                                 fileHandler: @escaping (URL, Bool) async throws -> Result) async throws -> Result {
        if allowOpenInPlace, let fileURL { return try await fileHandler(fileURL, true) }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("intentkit-withfile-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SpotlightError(.io, "IntentFile \(filename): cannot make a temporary directory \(directory.path) "
                + "for withFile: \(error.localizedDescription); check that $TMPDIR is writable")
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        return try await fileHandler(try copy(into: directory), false)
    }

    /// The file as a file URL, as Apple's: without `destinationDirectory`, the file in place
    /// (`openedInPlace` true), or for a file made from data the copy IntentKit writes for it
    /// (docs/porting.md, "Value types"); with one, a copy written there (`false`), which the
    /// caller removes.
    ///
    /// ```swift
    /// let (url, _) = try await photo.file(contentType: .image, destinationDirectory: inbox)
    /// ```
    /// - Throws: `SpotlightError`: `notFound` when a file-backed file cannot be read, `io` when
    ///   the file cannot be written (the directory must exist and be writable).
    public func file(contentType: UTType, destinationDirectory: URL? = nil) async throws
        -> (fileURL: URL, openedInPlace: Bool) {
        guard let destinationDirectory else {
            if let fileURL { return (fileURL, true) }
            do {
                return (try written(), false)
            } catch {
                throw SpotlightError(.io, "IntentFile \(filename): cannot write it to a temporary file: "
                    + "\(error.localizedDescription); check that $TMPDIR is writable")
            }
        }
        return (try copy(into: destinationDirectory), false)
    }

    /// Writes the file's bytes to `directory/<filename>` (replacing a file of that name).
    private func copy(into directory: URL) throws -> URL {
        let name = filename.isEmpty || filename.contains("/") ? "file" : filename
        let target = directory.appendingPathComponent(name)
        let bytes: Data
        if let fileURL {
            do {
                bytes = try Data(contentsOf: fileURL)
            } catch {
                throw SpotlightError(.notFound, "IntentFile \(filename): cannot read \(fileURL.path): \(error.localizedDescription)")
            }
        } else {
            bytes = data
        }
        do {
            try bytes.write(to: target, options: .atomic)
        } catch {
            throw SpotlightError(.io, "IntentFile \(filename): cannot write \(target.path): \(error.localizedDescription); "
                + "give a directory that exists and is writable")
        }
        return target
    }
}
