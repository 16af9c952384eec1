extension SpotlightError {
    /// The error a server answers in place of an answer longer than a message may be; a client
    /// that pages (``isAnswerOverLimit``) asks again for fewer.
    public static func answerOverLimit(bytes: Int, limit: Int) -> SpotlightError {
        SpotlightError(.invalidInput, "the answer is \(bytes) bytes, over the limit of \(limit) bytes per message; "
            + "ask for less (a smaller limit, fewer records or smaller values)")
    }

    /// Whether this is ``answerOverLimit(bytes:limit:)``'s error, also after a trip over the wire.
    public var isAnswerOverLimit: Bool {
        code == .invalidInput && message.hasPrefix("the answer is ") && message.contains(" bytes per message; ask for less")
    }
}
