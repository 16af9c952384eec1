import SpotlightModel
import SpotlightProtocol

extension Record {
    /// Throws what spotlightd would refuse this record for: an empty bundle, type or id, a
    /// ranking hint outside 0...100, a malformed language, a date outside the years 0001-9999
    /// (``validate()``), or a value, the record or its properties over spotlightd's limits
    /// (256 KiB a value, 1 MiB a record, 1,000 properties). An app checks what it is about to
    /// save, so that nothing it keeps is a record Spotlight refuses (every later re-donation of
    /// it would fail).
    ///
    /// ```swift
    /// let record = TaskEntity(task).record(bundle: "com.example.TaskDeck")
    /// try record.checkDonatable()     // throws for a 1 MiB title: "… the limit is 262144 bytes …"
    /// ```
    /// - Throws: `SpotlightError(.invalidInput)` naming the value and the limit.
    public func checkDonatable() throws {
        try validate()
        try DonationLimits.standard.check(self)
    }
}
