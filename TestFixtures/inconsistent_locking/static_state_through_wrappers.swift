import Foundation

// The type's own static wrapper runs its closure under the static lock: accesses inside it hold
// the lock. An access outside any wrapper does not.
final class FeatureFlags {
    private static let flagLock = NSRecursiveLock()
    private static var overrides: [String: Bool] = [:]

    private static func withFlags<T>(_ body: () -> T) -> T {
        flagLock.lock()
        defer { flagLock.unlock() }
        return body()
    }

    static func set(_ key: String, _ on: Bool) {
        withFlags { overrides[key] = on }
    }

    static func isOn(_ key: String) -> Bool {
        withFlags { overrides[key] ?? false }
    }

    private static var hits = 0

    static func hit() {
        withFlags { hits += 1 }
    }

    static func snapshot() -> [String: Bool] {
        overrides // expect: inconsistent_locking
    }

    // Two vars reached without the lock in one statement: one finding, the other a note.
    static func summary() -> String {
        "\(overrides.count) flags, \(hits) hits" // expect: inconsistent_locking
    }
}

// A lock the tool cannot resolve to the type (one reached through another value) may be the
// var's guard: an access holding only it is not reported.
final class Box {
    let lock = NSLock()
}

final class Counters {
    private static let shared = Box()
    private static let countLock = NSLock()
    private static var total = 0

    static func add(_ n: Int) {
        countLock.withLock { total += n }
    }

    static func peek() -> Int {
        shared.lock.withLock { total }
    }

    // The name says the caller holds the lock.
    static func resetLocked() {
        total = 0
    }
}

// State a comment-free test double keeps in static vars, with no lock anywhere: nothing shows
// it is shared (inconsistent_locking reports inconsistency, not absence).
enum Recorder {
    static var events: [String] = []
    static func record(_ e: String) { events.append(e) }
}
