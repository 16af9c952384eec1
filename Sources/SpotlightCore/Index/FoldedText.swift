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
    private let originals: [Substring]
    /// UTF-8 offset in ``text`` where the fold of each original character starts, then the end.
    private let starts: [Int]

    init(_ original: String) {
        var originals: [Substring] = []
        var starts: [Int] = []
        var text = ""
        var index = original.startIndex
        while index < original.endIndex {
            let next = original.index(after: index)
            originals.append(original[index..<next])
            starts.append(text.utf8.count)
            text += TextNormalizer.fold(String(original[index..<next]))
            index = next
        }
        starts.append(text.utf8.count)
        self.text = text
        self.originals = originals
        self.starts = starts
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
        var before = [Int](repeating: 0, count: originals.count)
        var after = [Int](repeating: 0, count: originals.count)
        for mark in marks {
            let offset = found.lowerBound + mark.offset
            if mark.isStart { before[piece(containing: min(offset, found.upperBound - 1))] += 1 }
            else { after[piece(containing: max(offset - 1, found.lowerBound))] += 1 }
        }
        var result = leading ? ellipsis : ""
        for index in first...last {
            result += String(repeating: start, count: before[index])
            result += originals[index]
            result += String(repeating: end, count: after[index])
        }
        return trailing ? result + ellipsis : result
    }

    /// The original character whose fold holds the UTF-8 offset (the last such when a fold is empty).
    private func piece(containing offset: Int) -> Int {
        var low = 0
        var high = originals.count - 1
        while low < high {   // the last piece whose start is at or before offset
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
