import Foundation
import SpotlightKit
import SpotlightModel
import SpotlightProtocol

/// A file an intent takes or returns (App Intents' `IntentFile`). On the wire it is a `file:` URL
/// (`describe` reports a `url`): a caller passes the URL (or the absolute path) of a file that exists,
/// and a returned file made from `Data` is written under `$TMPDIR/intentkit-files/` first: once per
/// value (its copies share the file), kept while it is among the process's 64 newest, and removed
/// when the app service stops (docs/porting.md, "Value types").
///
/// ```swift
/// @Parameter(title: "Photo", supportedContentTypes: [.image]) var photo: IntentFile
/// func perform() async throws -> some IntentResult & ReturnsValue<IntentFile> {
///     let thumbnail = try makeThumbnail(of: photo.data)
///     return .result(value: IntentFile(data: thumbnail, filename: "thumbnail.png", type: .image))
/// }
/// ```
public struct IntentFile: Hashable, Sendable {
    /// Where the file is; nil for a file made from data that was not written yet.
    public var fileURL: URL?
    /// The file's name, `photo.jpg`.
    public var filename: String
    /// The file's content type, when known.
    public var type: UTType?
    /// Apple's hint that the system may delete the file after the run; kept, not acted on.
    public var removedOnCompletion: Bool = false
    private var storedData: Data?
    /// The written copy of `storedData`, shared by this value's copies.
    private let writtenCopy = WrittenIntentFile()

    /// A file of `data` named `filename`.
    public init(data: Data, filename: String, type: UTType? = nil) {
        self.storedData = data
        self.filename = filename
        self.type = type
    }

    /// The file at `fileURL`; `filename` defaults to its last path component.
    public init(fileURL: URL, filename: String? = nil, type: UTType? = nil) {
        self.fileURL = fileURL
        self.filename = filename ?? fileURL.lastPathComponent
        self.type = type
    }

    /// The file's bytes: the data it was made from, else what its file holds now (empty when it
    /// cannot be read).
    public var data: Data { storedData ?? fileURL.flatMap { try? Data(contentsOf: $0) } ?? Data() }

    /// Apple's `data(contentType:)`: the bytes; no conversion between types is made here.
    /// - Throws: `SpotlightError` (`notFound`) when a file-backed file cannot be read.
    public func data(contentType: UTType) async throws -> Data {
        if let storedData { return storedData }
        guard let fileURL else { return Data() }
        do {
            return try Data(contentsOf: fileURL)
        } catch {
            throw SpotlightError(.notFound, "IntentFile \(filename): cannot read \(fileURL.path): \(error.localizedDescription)")
        }
    }

    /// A file-backed copy: `fileURL`, else the data written once to the ``IntentFileStore``
    /// (`$TMPDIR/intentkit-files/<pid>-<random>/<n>/<filename>`), again only if that file is gone.
    func written(to store: IntentFileStore = .shared) throws -> URL {
        if let fileURL { return fileURL }
        let name = filename.isEmpty || filename.contains("/") ? "file" : filename
        return try writtenCopy.url(named: name) { try store.write(data, named: name) }
    }
}

extension IntentFile: IntentValue {
    public static var valueType: ValueType { .url }
    /// Its `file:` URL; a file made from data is written out first (nil when that fails).
    public var propertyValue: PropertyValue? { (try? written()).map(PropertyValue.url) }

    /// From a `file:` URL or an absolute path of a regular file that exists.
    public static func resolve(_ value: PropertyValue) async throws -> IntentFile {
        let given: URL?
        switch value {
        case .url(let u): given = u
        case .string(let s): given = s.hasPrefix("/") ? URL(fileURLWithPath: s) : URL(string: s)
        default: given = nil
        }
        guard let url = given else { throw ValueConversionError.expected("a file: URL or an absolute path", got: value) }
        guard url.isFileURL else {
            throw ValueConversionError("\(url.absoluteString) is not a file: URL; an IntentFile is a local file")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ValueConversionError("no file at \(url.path)", code: .notFound)
        }
        return IntentFile(fileURL: url)
    }
}

/// A parameter type `supportedContentTypes:` applies to: ``IntentFile`` and its optional and arrays.
public protocol IntentFileValue: IntentValue {}
extension IntentFile: IntentFileValue {}
extension Optional: IntentFileValue where Wrapped: IntentFileValue {}
extension Array: IntentFileValue where Element: IntentFileValue {}

extension IntentParameter where Value: IntentFileValue {
    /// `@Parameter(title: "Photo", supportedContentTypes: [.image])`. The types shape Apple's file
    /// picker; here any existing file is taken (a content type is not told from a file's bytes).
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            supportedContentTypes: [UTType], requestValueDialog: IntentDialog? = nil,
                            inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title.defaultValue, description: description?.defaultValue, default: nil)
    }

    /// The older form with uniform type identifiers, `@Parameter(title: "Image", supportedTypeIdentifiers:
    /// ["public.image"])`: like `supportedContentTypes:`, the types are kept for Apple's file picker and
    /// any existing file is taken.
    public convenience init(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                            supportedTypeIdentifiers: [String], requestValueDialog: IntentDialog? = nil,
                            inputConnectionBehavior: InputConnectionBehavior = .default) {
        self.init(title: title.defaultValue, description: description?.defaultValue, default: nil)
    }
}
