import Foundation

final class Registry {
    var names: [String] = []
    var version = 0
}

final class LockedRegistry {
    private let lock = NSLock()
    private var names: [String] = []
    func add(_ n: String) { lock.withLock { names.append(n) } }
}

final class Palette: Sendable {
    let colors: [String] = []
}

final class Constants {
    let name = "app"
}

// One instance of a class with mutable state, shared with checking off: reported.
nonisolated(unsafe) let registry = Registry() // expect: nonisolated_unsafe

enum Shared {
    nonisolated(unsafe) static let current = Registry() // expect: nonisolated_unsafe
    // A type declared Sendable needs no modifier.
    nonisolated(unsafe) static let palette = Palette() // expect: nonisolated_unsafe
    // Quiet: a class that guards its own state, a class with no mutable state, a system class.
    nonisolated(unsafe) static let locked = LockedRegistry()
    nonisolated(unsafe) static let constants = Constants()
    nonisolated(unsafe) static let formatter = DateFormatter()
    /// Only used from the main thread.
    nonisolated(unsafe) static let mainRegistry = Registry()
}

// Quiet: a local handed over on purpose; a struct's member is its holder's business.
func make() -> sending Registry {
    nonisolated(unsafe) let r = Registry()
    return r
}

struct Holder {
    nonisolated(unsafe) let registry = Registry()
}
