import Foundation

/// `spotlight-search-provider --interactive`: the same search and open as the desktop's, at a
/// terminal prompt (what the "Spotlight for Linux" application entry runs).
enum InteractiveSearch {
    static func run(_ backend: SearchBackend) async {
        print("Spotlight for Linux: type words to search, a number to open that result, an empty line to quit.")
        var shown: [DesktopResult] = []
        while true {
            print("search> ", terminator: "")
            fflush(nil)
            guard let line = readLine() else { return }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { return }
            if let n = Int(text), shown.indices.contains(n - 1) {
                switch await backend.open(shown[n - 1].identifier.string) {
                case .opened(let result): print("  opened in \(result.appName ?? result.bundle)")
                case .notOpenable(let app): print("  \(app.name) is not installed, so nothing can open this")
                case .stillOpening(let app): print("  \(app.name) is still starting; it shows the result when it is up")
                case .cannotShow(let message), .failed(let message): print("  \(message)")
                }
                continue
            }
            shown = await backend.search(text.split(whereSeparator: \.isWhitespace).map(String.init))
            if shown.isEmpty { print("  nothing found") }
            for (i, result) in shown.enumerated() {
                print("\(String(i + 1).leftPadded(to: 4))  \(result.title) — \(result.description)")
            }
        }
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
