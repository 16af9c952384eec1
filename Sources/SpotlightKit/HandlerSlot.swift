import Foundation

/// A handler an app sets on a query, of Apple's type: not `@Sendable`, so Apple's samples that
/// gather found items in a local `var` compile. The query calls it on a task of its own, as
/// Core Spotlight calls it on a queue of its own; what it touches is the app's to guard.
///
/// ```swift
/// let slot = HandlerSlot<([SearchableItem]) -> Void>()
/// slot.value = { items in print(items.count) }
/// slot.value?([])
/// ```
final class HandlerSlot<Handler>: @unchecked Sendable {
    private let lock = NSLock()
    private var handler: Handler?

    var value: Handler? {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }
}
