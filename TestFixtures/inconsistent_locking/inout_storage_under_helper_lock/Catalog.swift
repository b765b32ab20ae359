import Foundation

/// The cache is filled through the lock's own helper, which holds the lock around the storage.
final class Catalog {
    private let cacheLock = NSLock()
    private var _index: [String: Int]?

    var index: [String: Int] {
        get {
            cacheLock.fillOnce(&_index) {  // Quiet: `fillOnce` holds the lock around the storage.
                ["a": 1]
            }
        }
        set {
            cacheLock.withLock { _index = newValue }
        }
    }

    func reset() {
        cacheLock.withLock { _index = nil }
    }
}

/// The helper that reads the storage before locking guards nothing: the access fires.
final class LooseCatalog {
    private let cacheLock = NSLock()
    private var _index: [String: Int]?

    var index: [String: Int] {
        cacheLock.fillLoosely(&_index) {  // expect: inconsistent_locking
            ["a": 1]
        }
    }

    func reset() {
        cacheLock.withLock { _index = nil }
    }

    func replace(_ value: [String: Int]) {
        cacheLock.withLock { _index = value }
    }
}

/// The same name with another label takes no lock: the access fires.
final class LabelledCatalog {
    private let cacheLock = NSLock()
    private var _index: [String: Int]?

    var index: [String: Int] {
        cacheLock.fillOnce(unlocked: &_index) {  // expect: inconsistent_locking
            ["a": 1]
        }
    }

    func reset() {
        cacheLock.withLock { _index = nil }
    }

    func replace(_ value: [String: Int]) {
        cacheLock.withLock { _index = value }
    }
}
