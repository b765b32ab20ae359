import Foundation

/// Scripted replies, each list taken from through a helper that takes the class's own lock.
final class ScriptedReplies: @unchecked Sendable {  // Quiet: `next` holds the lock around every use of its inout list.
    private let lock = NSLock()
    private var greetings: [String] = []
    private var farewells: [String] = []

    func script(greeting: String) {
        lock.lock()
        defer { lock.unlock() }
        greetings.append(greeting)
    }

    func script(farewell: String) {
        lock.withLock { farewells.append(farewell) }
    }

    func greet() -> String? {
        next(&greetings)
    }

    func leave() -> String? {
        self.next(&farewells)
    }

    private func next<T>(_ list: inout [T]) -> T? {
        lock.lock()
        defer { lock.unlock() }
        return list.isEmpty ? nil : list.removeFirst()
    }
}

/// A helper like it, but it looks at the list before it takes the lock.
final class HastyReplies: @unchecked Sendable {
    private let lock = NSLock()
    private var greetings: [String] = []

    func script(greeting: String) {
        lock.lock()
        defer { lock.unlock() }
        greetings.append(greeting)
    }

    func greet() -> String? {
        pluckEarly(&greetings)  // expect: unchecked_sendable_unguarded
    }

    private func pluckEarly<T>(_ list: inout [T]) -> T? {
        if list.isEmpty { return nil }
        lock.lock()
        defer { lock.unlock() }
        return list.removeFirst()
    }
}
