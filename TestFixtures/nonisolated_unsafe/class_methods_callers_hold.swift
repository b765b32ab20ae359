import Foundation

// Class methods, and static methods of a namespace, reached through `self.f()` in a class
// method and through a lock wrapper of the run.
class Journal {
    static let gate = NSRecursiveLock()
    nonisolated(unsafe) static var pages: [String] = []
    nonisolated(unsafe) static var torn = 0 // expect: nonisolated_unsafe

    class func clear() {
        pages.removeAll()
    }

    class func tear() {
        torn += 1
    }

    class func reset() {
        gate.lock()
        self.clear()
        gate.unlock()
        self.tear()
    }
}

final class Locked {
    private let lock = NSLock()
    func around<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

enum Tally {
    static let guardian = Locked()
    nonisolated(unsafe) static var count = 0
    nonisolated(unsafe) public static var visible = 0

    // Every call runs inside the wrapper's closure.
    static func bump() {
        count += 1
    }

    // `public`, in an internal type: no client can call it, and its only call holds the lock.
    public static func bumpVisible() {
        visible += 1
    }

    static func record() {
        guardian.around { bump() }
        guardian.around { Tally.bumpVisible() }
    }
}

public enum Meter {
    static let guardian = Locked()
    nonisolated(unsafe) static var reading = 0
    nonisolated(unsafe) static var skipped = 0 // expect: nonisolated_unsafe
    // Settable by any client of the module, and set by nothing in the run: a knob for
    // clients, quiet (never told to become a `let`).
    nonisolated(unsafe) public static var verbose = false

    // Its only call here holds the lock, but clients may call it with none held: the tool
    // cannot tell, and says nothing.
    public static func bump() {
        reading += 1
    }

    // Its only call holds no lock.
    static func skip() {
        skipped += 1
    }

    static func record() {
        guardian.around { Meter.bump() }
        if verbose { print(reading) } else { Self.skip() }
    }
}
