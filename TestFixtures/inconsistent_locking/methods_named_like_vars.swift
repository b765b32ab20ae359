import Foundation

// A method that shares its base name with a stored var: `events(withNames:)` calls the method,
// which takes the lock itself, and reads nothing of the var at the call.
final class EventRecorder {
    private let lock = NSLock()
    private var events: [String] = []

    func record(_ e: String) {
        lock.withLock { events.append(e) }
    }

    func events(withNames names: [String]) -> [String] {
        lock.withLock { events.filter { names.contains($0) } }
    }

    func started() -> [String] {
        self.events(withNames: ["start"])
    }

    func stopped() -> [String] {
        events(withNames: ["stop"])
    }

    // The var itself, read without the lock: reported.
    var count: Int {
        events.count // expect: inconsistent_locking
    }
}

// The method declared in an extension of the same file.
final class Tally {
    private let queue = DispatchQueue(label: "tally")
    private var totals: [String: Int] = [:]

    func add(_ k: String) {
        queue.async { self.totals[k, default: 0] += 1 }
    }

    func peek() -> Int {
        totals(for: "all")
    }
}

extension Tally {
    func totals(for key: String) -> Int {
        queue.sync { totals[key] ?? 0 }
    }
}

// A var that holds a closure and no method of its name: calling it reads the var.
final class Relay {
    private let lock = NSLock()
    private var handler: (String) -> Void = { _ in }

    func install(_ h: @escaping (String) -> Void) {
        lock.withLock { handler = h }
    }

    func fire(_ s: String) {
        handler(s) // expect: inconsistent_locking
    }
}
