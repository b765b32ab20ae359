import Foundation

// A class declared per platform: Sendable on one, with mutable state on the other. A `let` of it
// compiled with both is not judged by either twin alone.
#if canImport(Darwin)
final class Clock: Sendable {
    let start = Date()
}
#else
final class Clock {
    var offset = 0.0
}
#endif

enum Shared {
    nonisolated(unsafe) static let clock = Clock()
}

// A class declared once, with mutable state: reported.
final class Ledger {
    var entries: [String] = []
}

#if canImport(Darwin)
nonisolated(unsafe) let ledger = Ledger() // expect: nonisolated_unsafe
#endif
