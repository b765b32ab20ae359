import Foundation

// Static storage is one value for the whole process: a type that takes its static lock around a
// static var shows that the var is shared across threads, whatever the type's kind.
final class PluginRegistry {
    private static let guardLock = NSLock()
    private static var plugins: [String: Int] = [:]
    private static var loads = 0

    static func register(_ name: String, _ id: Int) {
        guardLock.lock()
        defer { guardLock.unlock() }
        plugins[name] = id
        loads += 1
    }

    static func unregister(_ name: String) {
        PluginRegistry.guardLock.lock()
        PluginRegistry.plugins[name] = nil
        PluginRegistry.guardLock.unlock()
    }

    static func lookup(_ name: String) -> Int? {
        plugins[name] // expect: inconsistent_locking
    }

    static func reset() {
        Self.plugins.removeAll() // expect: inconsistent_locking
        Self.plugins = [:]
    }

    // A helper whose every call here holds the lock: its caller's business.
    private static func dropAll() {
        plugins.removeAll()
    }

    static func clear() {
        guardLock.lock()
        defer { guardLock.unlock() }
        dropAll()
    }

    // Read with the lock held: quiet.
    static var count: Int {
        guardLock.lock()
        defer { guardLock.unlock() }
        return plugins.count
    }

    // An instance member of the same name is another variable.
    private var loads = 0
    func bump() { loads += 1 }

    // A parameter of the same name hides the static var.
    static func describe(plugins: [String: Int]) -> Int { plugins.count }
}

// A namespace enum with a static serial queue, named bare and through its type.
enum TokenStore {
    private static let queue = DispatchQueue(label: "token-store")
    private static var tokens: [String] = []

    static func add(_ t: String) {
        TokenStore.queue.async { tokens.append(t) }
    }

    static func all() -> [String] {
        queue.sync { tokens }
    }

    static func drop() {
        tokens = [] // expect: inconsistent_locking
    }
}

// A static var holding an object: calling its methods changes the object, not the var, so the
// lock around those calls does not make the lock the var's guard.
final class Journal {
    func note(_ s: String) {}
}

struct JournalHub {
    private static let lock = NSLock()
    private static var journal = Journal()

    static func record(_ s: String) {
        lock.withLock { journal.note(s) }
    }

    static func quick(_ s: String) {
        journal.note(s)
    }
}
