/// Text folded character by character (``TextNormalizer/fold(_:)``), remembering which
/// original characters each folded piece came from, so a snippet Xapian cuts from the folded
/// text (where `cafe` meets `Café`) can be shown in the original characters.
///
/// ```swift
/// let folded = FoldedText("Café Supernova")      // folded.text == "cafe supernova"
/// folded.restore("\u{1}cafe\u{2} supernova")     // "\u{1}Café\u{2} Supernova"
/// ```
struct FoldedText {
    /// The folded text.
    let text: String
    private let original: [UInt8]
    /// Per original character, the UTF-8 offset where it starts in the original, then the end.
    private let originalStarts: [Int]
    /// Per original character, the UTF-8 offset where its fold starts in ``text``, then the end.
    private let foldedStarts: [Int]

    init(_ original: String) {
        var folded: [UInt8] = []
        folded.reserveCapacity(original.utf8.count)
        var originalStarts: [Int] = []
        var foldedStarts: [Int] = []
        var offset = 0
        for character in original {
            originalStarts.append(offset)
            foldedStarts.append(folded.count)
            let bytes = character.utf8
            if bytes.count == 1, let byte = bytes.first, byte < 0x80 {   // ASCII: lower-cased in place
                folded.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            } else {
                folded.append(contentsOf: TextNormalizer.fold(String(character)).utf8)
            }
            offset += bytes.count
        }
        originalStarts.append(offset)
        foldedStarts.append(folded.count)
        self.text = String(decoding: folded, as: UTF8.self)
        self.original = Array(original.utf8)
        self.originalStarts = originalStarts
        self.foldedStarts = foldedStarts
    }

    /// `snippet`, a run of ``text`` with `start` and `end` markers in it and Xapian's `…` at
    /// either end, in the original characters; a marker inside the fold of one character
    /// moves to that character's edge. nil when the run is not in ``text``.
    func restore(_ snippet: String, start: Character = "\u{1}", end: Character = "\u{2}",
                 ellipsis: String = "…") -> String? {
        var body = Substring(snippet)
        let leading = body.hasPrefix(ellipsis)
        if leading { body = body.dropFirst(ellipsis.count) }
        let trailing = body.hasSuffix(ellipsis)
        if trailing { body = body.dropLast(ellipsis.count) }
        var plain: [UInt8] = []
        var marks: [(offset: Int, isStart: Bool)] = []
        for character in body {
            if character == start || character == end {
                marks.append((plain.count, character == start))
            } else {
                plain.append(contentsOf: character.utf8)
            }
        }
        guard !plain.isEmpty, let found = Array(text.utf8).firstRange(of: plain) else { return nil }
        let first = piece(containing: found.lowerBound)
        let last = piece(containing: found.upperBound - 1)
        var before = [Int: Int]()
        var after = [Int: Int]()
        for mark in marks {
            let offset = found.lowerBound + mark.offset
            if mark.isStart { before[piece(containing: min(offset, found.upperBound - 1)), default: 0] += 1 }
            else { after[piece(containing: max(offset - 1, found.lowerBound)), default: 0] += 1 }
        }
        var result: [UInt8] = leading ? Array(ellipsis.utf8) : []
        for index in first...last {
            for _ in 0..<(before[index] ?? 0) { result.append(contentsOf: start.utf8) }
            result.append(contentsOf: original[originalStarts[index]..<originalStarts[index + 1]])
            for _ in 0..<(after[index] ?? 0) { result.append(contentsOf: end.utf8) }
        }
        if trailing { result.append(contentsOf: ellipsis.utf8) }
        return String(decoding: result, as: UTF8.self)
    }

    /// The original character whose fold holds the UTF-8 offset of ``text`` (the last such
    /// when a fold is empty).
    private func piece(containing offset: Int) -> Int {
        var low = 0
        var high = foldedStarts.count - 2
        while low < high {   // the last character whose fold starts at or before offset
            let middle = (low + high + 1) / 2
            if foldedStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
